// The per-board total rule, decided from the rail names alone.
#include "sensors/power/power_total.hpp"

#include <gtest/gtest.h>

namespace edgetop {
namespace {

std::vector<RailSample> rails_with_power(const std::vector<std::pair<std::string, double>>& list) {
    std::vector<RailSample> rails;
    for (const auto& [name, mw] : list) {
        RailSample rail;
        rail.name = name;
        rail.power_mw = mw;
        rails.push_back(rail);
    }
    return rails;
}

TEST(PowerTotal, InputRailIsTheTotalWhereverItIs) {
    auto rule = choose_total_rule({"VDD_SYS_GPU", "VDD_SYS_SOC", "VDD_4V0_WIFI", "VDD_IN"});
    ASSERT_EQ(rule.input_rail, 3u);
    EXPECT_TRUE(rule.summed_rails.empty());
    auto rails = rails_with_power(
        {{"VDD_SYS_GPU", 153}, {"VDD_SYS_SOC", 383}, {"VDD_4V0_WIFI", 0}, {"VDD_IN", 1840}});
    EXPECT_EQ(apply_total_rule(rule, rails), 1840);
    EXPECT_TRUE(rails[3].is_total);
    EXPECT_FALSE(rails[0].is_total);
    EXPECT_EQ(choose_total_rule({"POM_5V_IN", "POM_5V_GPU", "POM_5V_CPU"}).input_rail, 0u);
}

TEST(PowerTotal, AgxOrinSumsModuleRailsOnly) {
    std::vector<std::string> names = {"VDD_GPU_SOC", "VDD_CPU_CV", "VIN_SYS_5V0",
                                      "VDDQ_VDD2_1V8AO"};
    auto rule = choose_total_rule(names);
    EXPECT_FALSE(rule.input_rail);
    EXPECT_EQ(rule.summed_rails, (std::vector<size_t>{0, 1, 3}));
    auto rails = rails_with_power({{"VDD_GPU_SOC", 4368},
                                   {"VDD_CPU_CV", 1588},
                                   {"VIN_SYS_5V0", 4233},
                                   {"VDDQ_VDD2_1V8AO", 403}});
    EXPECT_EQ(apply_total_rule(rule, rails), 4368 + 1588 + 403);
    for (const auto& rail : rails)
        EXPECT_FALSE(rail.is_total);  // a computed sum is not a rail
}

TEST(PowerTotal, ThorsInputMonitorIsTheTotal) {
    auto rule = choose_total_rule({"VDD_GPU", "VDD_CPU_SOC_MSS", "VIN_SYS_5V0", "VIN"});
    EXPECT_EQ(rule.input_rail, 3u);
    EXPECT_TRUE(rule.summed_rails.empty());
    // VIN is a whole name: AGX Orin's VIN_SYS_5V0 is not an input rail.
    EXPECT_FALSE(choose_total_rule({"VIN_SYS_5V0"}).input_rail);
}

TEST(PowerTotal, AgxXavierAndThor) {
    EXPECT_EQ(choose_total_rule({"GPU", "CPU", "SOC", "CV", "VDDRQ", "SYS5V"}).summed_rails,
              (std::vector<size_t>{0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(choose_total_rule({"VDD_GPU", "VDD_CPU_SOC_MSS", "VIN_SYS_5V0"}).summed_rails,
              (std::vector<size_t>{0, 1}));
}

TEST(PowerTotal, UnknownOrIncompleteBoardHasNoTotal) {
    auto unknown = choose_total_rule({"VDD_5V", "VDD_3V3"});
    EXPECT_FALSE(unknown.input_rail);
    EXPECT_TRUE(unknown.summed_rails.empty());
    auto rails = rails_with_power({{"VDD_5V", 1000}, {"VDD_3V3", 500}});
    EXPECT_EQ(apply_total_rule(unknown, rails), std::nullopt);
    // AGX Orin with its second INA3221 missing: a sum without DRAM would look plausible and be low.
    auto partial = choose_total_rule({"VDD_GPU_SOC", "VDD_CPU_CV", "VIN_SYS_5V0"});
    EXPECT_TRUE(partial.summed_rails.empty());
}

TEST(PowerTotal, MissingPowerMeansNoTotal) {
    auto rule = choose_total_rule({"VDD_GPU_SOC", "VDD_CPU_CV", "VDDQ_VDD2_1V8AO"});
    auto rails =
        rails_with_power({{"VDD_GPU_SOC", 4368}, {"VDD_CPU_CV", 1588}, {"VDDQ_VDD2_1V8AO", 0}});
    rails[1].power_mw.reset();
    EXPECT_EQ(apply_total_rule(rule, rails), std::nullopt);
    // Rule indices beyond the rails (rails vanished) must not crash.
    std::vector<RailSample> none;
    EXPECT_EQ(apply_total_rule(rule, none), std::nullopt);
    EXPECT_EQ(apply_total_rule(choose_total_rule({"a", "VDD_IN"}), none), std::nullopt);
}

}  // namespace
}  // namespace edgetop
