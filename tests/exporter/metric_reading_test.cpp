// A board's series read back into a sample and a board (what the view of a board read through
// Prometheus shows): every fixture board's real sample, served as families, comes back with the
// values it had, in the schema's units; and what a Prometheus answer may hold besides.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "analysis/rules_config.hpp"
#include "exporter/export_model.hpp"
#include "exporter/metric_reading.hpp"
#include "sensors/sampler/sampler.hpp"
#include "tests/support/fixture_tree.hpp"

namespace edgetop::exporter {
namespace {

std::vector<NamedSeries> series_of(const Families& families) {
    std::vector<NamedSeries> out;
    for (const auto& family : families)
        for (const auto& series : family.series) {
            NamedSeries named{family.name, {}, series.value};
            for (const auto& label : series.labels)
                named.labels[label.name] = label.value;
            out.push_back(std::move(named));
        }
    return out;
}

void expect_same(const std::optional<double>& got, const std::optional<double>& want,
                 const std::string& what) {
    ASSERT_EQ(got.has_value(), want.has_value()) << what;
    if (want) {
        EXPECT_NEAR(*got, *want, std::abs(*want) * 1e-12) << what;
    }
}

template <class T>
const T* named(const std::vector<T>& list, const std::string& name) {
    auto at = std::find_if(list.begin(), list.end(), [&](const T& e) { return e.name == name; });
    return at == list.end() ? nullptr : &*at;
}

class MetricReading : public ::testing::TestWithParam<std::string> {};

TEST_P(MetricReading, AFixtureBoardsServedSampleComesBackWithItsValues) {
    Sampler sampler{Root(testing::fixture_path(GetParam()))};
    ExportModel model(sampler.board(), analysis::RuleConfig().enabled_ids(), 100);
    model.add(sampler.sample());
    Sample sent = sampler.sample();
    sent.flags = {"thermal_throttle"};
    auto series = series_of(model.add(sent));
    Sample got = sample_from_series(series);
    Board board = board_from_series(series);

    EXPECT_EQ(board.model, sampler.board().model);
    EXPECT_EQ(board.soc, sampler.board().soc);
    EXPECT_EQ(board.l4t, sampler.board().l4t);
    EXPECT_EQ(board.current_mode_id, sampler.board().current_mode_id);
    if (const PowerMode* mode = sampler.board().current_mode()) {
        ASSERT_NE(board.current_mode(), nullptr);
        EXPECT_EQ(board.current_mode()->name, mode->name);
    }

    expect_same(got.power_total_mw, sent.power_total_mw, "power_total_mw");
    ASSERT_EQ(got.cpu.cores.size(), sent.cpu.cores.size());
    for (const auto& core : sent.cpu.cores) {
        auto at = std::find_if(got.cpu.cores.begin(), got.cpu.cores.end(),
                               [&](const CoreSample& c) { return c.id == core.id; });
        ASSERT_NE(at, got.cpu.cores.end()) << core.id;
        EXPECT_EQ(at->online, core.online) << core.id;
        EXPECT_EQ(at->freq_khz, core.freq_khz) << core.id;
        EXPECT_EQ(at->max_khz, core.max_khz) << core.id;
        EXPECT_FALSE(at->util_pct) << "not served";
    }
    EXPECT_EQ(got.system.procs_running, sent.system.procs_running);
    expect_same(got.system.load_1, sent.system.load_1, "load_1");
    ASSERT_EQ(got.gpu.size(), sent.gpu.size());
    for (const auto& gpu : sent.gpu) {
        const GpuSample* back = named(got.gpu, gpu.name);
        ASSERT_NE(back, nullptr) << gpu.name;
        EXPECT_EQ(back->freq_hz, gpu.freq_hz) << gpu.name;
        expect_same(back->load_pct, gpu.load_pct, gpu.name + " load");
    }
    ASSERT_EQ(got.emc.has_value(), sent.emc.has_value());
    if (sent.emc) {
        expect_same(got.emc->util_pct, sent.emc->util_pct, "emc util");
        EXPECT_EQ(got.emc->freq_hz, sent.emc->freq_hz);
    }
    ASSERT_EQ(got.rails.size(), sent.rails.size());
    for (const auto& rail : sent.rails) {
        const RailSample* back = named(got.rails, rail.name);
        ASSERT_NE(back, nullptr) << rail.name;
        expect_same(back->voltage_mv, rail.voltage_mv, rail.name + " voltage");
        expect_same(back->current_ma, rail.current_ma, rail.name + " current");
        // Served as the sensor's power, else volts x amperes.
        auto power = rail.power_mw;
        if (!power && rail.voltage_mv && rail.current_ma)
            power = *rail.voltage_mv * *rail.current_ma / 1000;
        if (power) {
            EXPECT_NEAR(*back->power_mw, *power, 1e-6 * *power) << rail.name;
        }
    }
    for (const auto& zone : sent.thermal) {
        const ThermalSample* back = named(got.thermal, zone.name);
        if (!zone.temp_c) continue;  // an absent value is no series
        ASSERT_NE(back, nullptr) << zone.name;
        expect_same(back->temp_c, zone.temp_c, zone.name);
    }
    for (const auto& fan : sent.fans) {
        const FanSample* back = named(got.fans, fan.name);
        ASSERT_NE(back, nullptr) << fan.name;
        EXPECT_EQ(back->rpm, fan.rpm) << fan.name;
        expect_same(back->speed_pct, fan.speed_pct, fan.name);
    }
    EXPECT_EQ(got.mem.total_kb, sent.mem.total_kb);
    EXPECT_EQ(got.mem.used_kb, sent.mem.used_kb);
    EXPECT_EQ(got.mem.swap_used_kb, sent.mem.swap_used_kb);
    ASSERT_EQ(got.psi.has_value(), sent.psi.has_value());
    if (sent.psi) {
        expect_same(got.psi->memory_full_pct, sent.psi->memory_full_pct, "psi");
    }
    EXPECT_EQ(got.flags, std::vector<std::string>{"thermal_throttle"});
    EXPECT_TRUE(got.procs == std::nullopt || got.procs->top.empty()) << "never served";
}

INSTANTIATE_TEST_SUITE_P(FixtureBoards, MetricReading,
                         ::testing::Values("agx-orin", "nano", "thor", "tx2", "x86-pc"));

TEST(MetricReadingSeries, WhatAnAnswerMayHoldBesides) {
    std::vector<NamedSeries> series = {
        // A core's label that is no number, a rail without its label, NaN: left out.
        {"edgetop_cpu_frequency_hertz", {{"cpu", "x"}}, 1.2e9},
        {"edgetop_cpu_frequency_hertz", {{"cpu", "3"}}, 1.2e9},
        {"edgetop_rail_voltage_volts", {}, 5},
        {"edgetop_temperature_celsius", {{"zone", "tj"}}, std::nan("")},
        {"edgetop_flag_raised", {{"flag", "gpu_bound"}}, 0},
        {"edgetop_flag_raised", {{"flag", "emc_bound"}}, 1},
        {"node_cpu_seconds_total", {{"cpu", "0"}}, 12},
    };
    Sample got = sample_from_series(series);
    ASSERT_EQ(got.cpu.cores.size(), 1u);
    EXPECT_EQ(got.cpu.cores[0].id, 3);
    EXPECT_EQ(got.cpu.cores[0].freq_khz, 1'200'000);
    EXPECT_TRUE(got.rails.empty());
    for (const auto& zone : got.thermal)
        EXPECT_FALSE(zone.temp_c) << zone.name;
    EXPECT_EQ(got.flags, std::vector<std::string>{"emc_bound"});
    EXPECT_FALSE(board_from_series(series).model);
}

}  // namespace
}  // namespace edgetop::exporter
