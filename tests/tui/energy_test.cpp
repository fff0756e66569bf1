#include "tui/energy.hpp"

#include <gtest/gtest.h>

#include "tests/tui/tui_samples.hpp"

namespace edgetop::tui {
namespace {

Sample with_gpu_power(double t_s, std::optional<double> mw) {
    Sample s = testing::orin_sample(t_s);
    s.rails[0].power_mw = mw;
    return s;
}

TEST(Energy, TrapezoidalRuleBetweenSamples) {
    EnergyMeter meter;
    meter.update(with_gpu_power(0.0, 4000));
    EXPECT_FALSE(meter.find("VDD_GPU_SOC")->average_mw());  // one sample: no interval yet
    meter.update(with_gpu_power(1.0, 6000));                // (4 + 6) / 2 W * 1 s = 5 J
    meter.update(with_gpu_power(3.0, 2000));                // (6 + 2) / 2 W * 2 s = 8 J
    const RailEnergy* gpu = meter.find("VDD_GPU_SOC");
    ASSERT_NE(gpu, nullptr);
    EXPECT_DOUBLE_EQ(gpu->energy_j, 13.0);
    EXPECT_DOUBLE_EQ(gpu->covered_s, 3.0);
    EXPECT_DOUBLE_EQ(*gpu->average_mw(), 13000.0 / 3.0);
    // The total: power_total_mw 15.5 W constant over 3 s.
    EXPECT_DOUBLE_EQ(meter.total().energy_j, 46.5);
}

TEST(Energy, AbsentReadingsBreakTheChainWithoutInventingEnergy) {
    EnergyMeter meter;
    meter.update(with_gpu_power(0.0, 4000));
    meter.update(with_gpu_power(1.0, std::nullopt));
    meter.update(with_gpu_power(2.0, 4000));
    EXPECT_DOUBLE_EQ(meter.find("VDD_GPU_SOC")->energy_j, 0.0);
    meter.update(with_gpu_power(2.5, 8000));
    EXPECT_DOUBLE_EQ(meter.find("VDD_GPU_SOC")->energy_j, 3.0);
    EXPECT_DOUBLE_EQ(meter.find("VDD_GPU_SOC")->covered_s, 0.5);
}

TEST(Energy, TotalFallsBackToTheTotalRail) {
    Sample s = testing::orin_sample();
    EXPECT_EQ(*total_power_mw(s), 15500);
    s.power_total_mw.reset();
    EXPECT_DOUBLE_EQ(*total_power_mw(s), 15500);  // VDD_IN 5000 mV x 3100 mA
    s.rails.pop_back();
    EXPECT_FALSE(total_power_mw(s));
}

}  // namespace
}  // namespace edgetop::tui
