// The simdjson sample reader: every fixture board's sample written by the session writer reads
// back field by field, a reused Sample carries nothing over from the line before, and the
// reader survives hostile lines.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "sensors/sampler/sampler.hpp"
#include "session/orin_sample.hpp"
#include "session/session_read_sample.hpp"
#include "support/fixture_tree.hpp"
#include "support/sample_json.hpp"

namespace edgetop {
namespace {

// Doubles are written with 7 significant digits (and t with microseconds).
void expect_near(const std::optional<double>& want, const std::optional<double>& got,
                 const char* what) {
    std::optional<double> finite = want && std::isfinite(*want) ? want : std::nullopt;
    ASSERT_EQ(finite.has_value(), got.has_value()) << what;
    if (finite) {
        EXPECT_NEAR(*got, *finite, 1e-6 * std::max(1.0, std::abs(*finite))) << what;
    }
}

void expect_same(const Sample& want, const Sample& got) {
    EXPECT_NEAR(got.t_s, want.t_s, 1e-6);
    EXPECT_EQ(std::chrono::floor<std::chrono::milliseconds>(got.time),
              std::chrono::floor<std::chrono::milliseconds>(want.time));
    expect_near(want.cpu.util_pct, got.cpu.util_pct, "cpu.util");
    expect_near(want.cpu.user_pct, got.cpu.user_pct, "cpu.user");
    expect_near(want.cpu.system_pct, got.cpu.system_pct, "cpu.system");
    expect_near(want.cpu.iowait_pct, got.cpu.iowait_pct, "cpu.iowait");
    EXPECT_FALSE(got.cpu.ticks);  // raw counters are not written
    ASSERT_EQ(got.cpu.cores.size(), want.cpu.cores.size());
    for (std::size_t i = 0; i < want.cpu.cores.size(); ++i) {
        const auto &w = want.cpu.cores[i], &g = got.cpu.cores[i];
        EXPECT_EQ(g.id, w.id);
        EXPECT_EQ(g.online, w.online);
        EXPECT_EQ(g.cluster, w.cluster);
        expect_near(w.util_pct, g.util_pct, "core util");
        expect_near(w.user_pct, g.user_pct, "core user");
        expect_near(w.system_pct, g.system_pct, "core system");
        expect_near(w.iowait_pct, g.iowait_pct, "core iowait");
        EXPECT_EQ(g.freq_khz, w.freq_khz);
        EXPECT_EQ(g.min_khz, w.min_khz);
        EXPECT_EQ(g.max_khz, w.max_khz);
        EXPECT_EQ(g.hw_max_khz, w.hw_max_khz);
        EXPECT_EQ(g.governor, w.governor);
        EXPECT_FALSE(g.ticks);
    }
    expect_near(want.system.uptime_s, got.system.uptime_s, "uptime");
    expect_near(want.system.load_1, got.system.load_1, "load_1");
    expect_near(want.system.load_5, got.system.load_5, "load_5");
    expect_near(want.system.load_15, got.system.load_15, "load_15");
    expect_near(want.system.ctxt_per_s, got.system.ctxt_per_s, "ctxt_per_s");
    EXPECT_EQ(got.system.procs_running, want.system.procs_running);
    EXPECT_EQ(got.system.procs_blocked, want.system.procs_blocked);
    EXPECT_FALSE(got.system.ctxt_total);
    ASSERT_EQ(got.gpu.size(), want.gpu.size());
    for (std::size_t i = 0; i < want.gpu.size(); ++i) {
        const auto &w = want.gpu[i], &g = got.gpu[i];
        EXPECT_EQ(g.name, w.name);
        expect_near(w.load_pct, g.load_pct, "gpu load");
        EXPECT_EQ(g.freq_hz, w.freq_hz);
        EXPECT_EQ(g.min_hz, w.min_hz);
        EXPECT_EQ(g.max_hz, w.max_hz);
        EXPECT_EQ(g.hw_max_hz, w.hw_max_hz);
        EXPECT_EQ(g.governor, w.governor);
        EXPECT_EQ(g.railgate_enabled, w.railgate_enabled);
        EXPECT_EQ(g.scaling_3d_enabled, w.scaling_3d_enabled);
        EXPECT_EQ(g.tpc_pg_mask, w.tpc_pg_mask);
        EXPECT_EQ(g.source, w.source);
        expect_near(w.mem_util_pct, g.mem_util_pct, "gpu mem util");
        EXPECT_EQ(g.mem_freq_hz, w.mem_freq_hz);
        EXPECT_EQ(g.mem_max_hz, w.mem_max_hz);
        expect_near(w.temp_c, g.temp_c, "gpu temp");
        expect_near(w.power_mw, g.power_mw, "gpu power");
        expect_near(w.power_limit_mw, g.power_limit_mw, "gpu power limit");
        EXPECT_EQ(g.mem_used_kb, w.mem_used_kb);
        EXPECT_EQ(g.mem_total_kb, w.mem_total_kb);
        ASSERT_EQ(g.gpc.size(), w.gpc.size());
        for (std::size_t k = 0; k < w.gpc.size(); ++k) {
            EXPECT_EQ(g.gpc[k].id, w.gpc[k].id);
            EXPECT_EQ(g.gpc[k].freq_hz, w.gpc[k].freq_hz);
        }
    }
    ASSERT_EQ(got.emc.has_value(), want.emc.has_value());
    if (want.emc) {
        expect_near(want.emc->util_pct, got.emc->util_pct, "emc util");
        EXPECT_EQ(got.emc->freq_hz, want.emc->freq_hz);
        EXPECT_EQ(got.emc->min_hz, want.emc->min_hz);
        EXPECT_EQ(got.emc->max_hz, want.emc->max_hz);
    }
    ASSERT_EQ(got.engines.size(), want.engines.size());
    for (std::size_t i = 0; i < want.engines.size(); ++i) {
        EXPECT_EQ(got.engines[i].name, want.engines[i].name);
        EXPECT_EQ(got.engines[i].online, want.engines[i].online);
        EXPECT_EQ(got.engines[i].freq_hz, want.engines[i].freq_hz);
    }
    ASSERT_EQ(got.rails.size(), want.rails.size());
    for (std::size_t i = 0; i < want.rails.size(); ++i) {
        const auto &w = want.rails[i], &g = got.rails[i];
        EXPECT_EQ(g.name, w.name);
        EXPECT_EQ(g.is_total, w.is_total);
        expect_near(w.voltage_mv, g.voltage_mv, "voltage");
        expect_near(w.current_ma, g.current_ma, "current");
        expect_near(w.power_mw, g.power_mw, "power");
        expect_near(w.warn_ma, g.warn_ma, "warn");
        expect_near(w.crit_ma, g.crit_ma, "crit");
        EXPECT_EQ(g.warn_alarm, w.warn_alarm);
        EXPECT_EQ(g.crit_alarm, w.crit_alarm);
        EXPECT_FALSE(g.energy_uj);
    }
    expect_near(want.power_total_mw, got.power_total_mw, "power total");
    ASSERT_EQ(got.thermal.size(), want.thermal.size());
    for (std::size_t i = 0; i < want.thermal.size(); ++i) {
        EXPECT_EQ(got.thermal[i].name, want.thermal[i].name);
        expect_near(want.thermal[i].temp_c, got.thermal[i].temp_c, "temp");
    }
    ASSERT_EQ(got.fans.size(), want.fans.size());
    for (std::size_t i = 0; i < want.fans.size(); ++i) {
        EXPECT_EQ(got.fans[i].name, want.fans[i].name);
        expect_near(want.fans[i].speed_pct, got.fans[i].speed_pct, "fan");
        EXPECT_EQ(got.fans[i].rpm, want.fans[i].rpm);
        EXPECT_EQ(got.fans[i].control_mode, want.fans[i].control_mode);
    }
    const auto &wm = want.mem, &gm = got.mem;
    EXPECT_EQ(std::tie(gm.total_kb, gm.available_kb, gm.used_kb, gm.free_kb, gm.buffers_kb,
                       gm.cached_kb, gm.swap_total_kb, gm.swap_used_kb, gm.swap_cached_kb,
                       gm.gpu_shared_kb, gm.lfb_blocks, gm.lfb_block_kb),
              std::tie(wm.total_kb, wm.available_kb, wm.used_kb, wm.free_kb, wm.buffers_kb,
                       wm.cached_kb, wm.swap_total_kb, wm.swap_used_kb, wm.swap_cached_kb,
                       wm.gpu_shared_kb, wm.lfb_blocks, wm.lfb_block_kb));
    ASSERT_EQ(got.procs.has_value(), want.procs.has_value());
    if (want.procs) {
        EXPECT_EQ(got.procs->total, want.procs->total);
        EXPECT_EQ(got.procs->running, want.procs->running);
        EXPECT_TRUE(got.procs->all.empty());
        ASSERT_EQ(got.procs->top.size(), want.procs->top.size());
        for (std::size_t i = 0; i < want.procs->top.size(); ++i) {
            const auto &w = want.procs->top[i], &g = got.procs->top[i];
            EXPECT_EQ(
                std::tie(g.pid, g.name, g.user, g.state, g.rss_kb, g.threads, g.gpu, g.gpu_mem_kb),
                std::tie(w.pid, w.name, w.user, w.state, w.rss_kb, w.threads, w.gpu, w.gpu_mem_kb));
            expect_near(w.cpu_pct, g.cpu_pct, "process cpu");
            expect_near(w.vol_ctxt_per_s, g.vol_ctxt_per_s, "vol ctxt");
            expect_near(w.nonvol_ctxt_per_s, g.nonvol_ctxt_per_s, "nonvol ctxt");
            EXPECT_FALSE(g.cpu_ticks);
        }
    }
    EXPECT_EQ(got.flags, want.flags);
}

SampleLineParser::Result parse(SampleLineParser& parser, const std::string& line, Sample& out) {
    return parser.parse_unpadded(line, out);
}

class ReadSampleOfBoard : public ::testing::TestWithParam<const char*> {};

TEST_P(ReadSampleOfBoard, WrittenSampleReadsBackFieldByField) {
    Sampler sampler{Root(testing::fixture_path(GetParam()))};
    sampler.sample();
    Sample want = sampler.sample();  // the second one has rates
    want.flags = {"thermal_throttle"};
    SampleLineParser parser;
    Sample got;
    ASSERT_EQ(parse(parser, sample_to_json(want).dump(), got), SampleLineParser::Result::sample);
    expect_same(want, got);
    EXPECT_FALSE(want.cpu.cores.empty() && want.thermal.empty())
        << "an empty fixture proves little";
}

INSTANTIATE_TEST_SUITE_P(EveryFixtureBoard, ReadSampleOfBoard,
                         ::testing::Values("nano", "tx2", "xavier-nx", "agx-xavier", "agx-orin",
                                           "orin-nano", "thor", "x86-pc"));

// What a summary parse keeps of a sample (SampleFields::summary); everything else is absent.
Sample summary_of(const Sample& full) {
    Sample s;
    s.t_s = full.t_s;
    s.cpu.util_pct = full.cpu.util_pct;
    for (const auto& c : full.cpu.cores) {
        CoreSample core;
        core.id = c.id;
        core.online = c.online;
        core.util_pct = c.util_pct;
        s.cpu.cores.push_back(core);
    }
    for (const auto& g : full.gpu) {
        GpuSample gpu;
        gpu.name = g.name;
        gpu.load_pct = g.load_pct;
        s.gpu.push_back(gpu);
    }
    if (full.emc) {
        s.emc.emplace();
        s.emc->util_pct = full.emc->util_pct;
    }
    for (const auto& e : full.engines) {
        EngineSample engine;
        engine.name = e.name;
        engine.load_pct = e.load_pct;
        s.engines.push_back(engine);
    }
    for (const auto& r : full.rails) {
        RailSample rail;
        rail.name = r.name;
        rail.is_total = r.is_total;
        rail.power_mw = r.power_mw;
        s.rails.push_back(rail);
    }
    s.power_total_mw = full.power_total_mw;
    for (const auto& z : full.thermal)
        s.thermal.push_back({z.name, z.temp_c});
    s.flags = full.flags;
    return s;
}

TEST_P(ReadSampleOfBoard, SummaryReadsWhatAReportSummarisesAndNothingElse) {
    Sampler sampler{Root(testing::fixture_path(GetParam()))};
    sampler.sample();
    Sample want = sampler.sample();
    want.flags = {"power_mode_cap", "thermal_throttle"};
    SampleLineParser parser(SampleFields::summary);
    Sample got = testing::orin_sample();  // full of values a summary must not leave behind
    std::string line = sample_to_json(want).dump();
    ASSERT_EQ(parse(parser, line, got), SampleLineParser::Result::sample);
    expect_same(summary_of(want), got);

    // Keys in another order (here sorted) are found all the same.
    std::string sorted = nlohmann::json::parse(line).dump();
    ASSERT_NE(sorted, line);
    Sample reordered;
    ASSERT_EQ(parse(parser, sorted, reordered), SampleLineParser::Result::sample);
    expect_same(summary_of(want), reordered);
}

TEST(ReadSample, SummaryOfHostileValuesReadsThemAsAbsent) {
    SampleLineParser parser(SampleFields::summary);
    Sample got;
    ASSERT_EQ(parse(parser,
                    R"({"type":"sample","t":1,"cpu":{"cores":[null,{"util":"busy","id":3},)"
                    R"({"online":false,"id":4}]},"gpu":[{"load":[1]}],"emc":{"util":null},)"
                    R"("rails":[{"power_mw":true,"name":7}],"thermal":"hot","flags":[1,"x"]})",
                    got),
              SampleLineParser::Result::sample);
    ASSERT_EQ(got.cpu.cores.size(), 3u);
    EXPECT_EQ(got.cpu.cores[0].id, 0);
    EXPECT_FALSE(got.cpu.cores[1].util_pct);
    EXPECT_EQ(got.cpu.cores[1].id, 3);
    EXPECT_FALSE(got.cpu.cores[2].online);
    ASSERT_EQ(got.gpu.size(), 1u);
    EXPECT_FALSE(got.gpu[0].load_pct);
    ASSERT_TRUE(got.emc);
    EXPECT_FALSE(got.emc->util_pct);
    ASSERT_EQ(got.rails.size(), 1u);
    EXPECT_FALSE(got.rails[0].power_mw);
    EXPECT_EQ(got.rails[0].name, "");
    EXPECT_TRUE(got.thermal.empty());
    EXPECT_EQ(got.flags, std::vector<std::string>{"x"});
}

TEST(ReadSample, ALineCutAnywhereIsNoSampleInEitherMode) {
    const std::string line = sample_to_json(testing::orin_sample()).dump();
    for (SampleFields fields : {SampleFields::all, SampleFields::summary}) {
        SampleLineParser parser(fields);
        Sample got;
        for (std::size_t cut = 1; cut < line.size(); cut += 7)
            ASSERT_NE(parse(parser, line.substr(0, cut), got), SampleLineParser::Result::sample)
                << "cut after " << cut << " bytes: " << line.substr(0, cut);
        ASSERT_EQ(parse(parser, line, got), SampleLineParser::Result::sample);
    }
}

TEST(ReadSample, FullyPopulatedOrinSampleWithProcessesReadsBack) {
    Sample want = testing::orin_sample();
    SampleLineParser parser;
    Sample got;
    ASSERT_EQ(parse(parser, sample_to_json(want).dump(), got), SampleLineParser::Result::sample);
    expect_same(want, got);
    EXPECT_FALSE(got.procs->top.empty());
}

TEST(ReadSample, NvmlValuesOfADiscreteGpuAndAProcessReadBack) {
    Sample want = testing::orin_sample();
    GpuSample dgpu;
    dgpu.name = "NVIDIA RTX A2000 12GB";
    dgpu.source = "nvml";
    dgpu.load_pct = 37, dgpu.mem_util_pct = 12.5;
    dgpu.freq_hz = 1200000000, dgpu.hw_max_hz = 2100000000;
    dgpu.mem_freq_hz = 6001000000, dgpu.mem_max_hz = 6001000000;
    dgpu.temp_c = 54, dgpu.power_mw = 41230, dgpu.power_limit_mw = 70000;
    dgpu.mem_used_kb = 3145728, dgpu.mem_total_kb = 12582912;
    want.gpu.push_back(dgpu);
    want.gpu[0].source = "devfreq";
    want.procs->top[0].gpu_mem_kb = 2097152;
    SampleLineParser parser;
    Sample got;
    ASSERT_EQ(parse(parser, sample_to_json(want).dump(), got), SampleLineParser::Result::sample);
    expect_same(want, got);
    EXPECT_EQ(got.gpu[1].power_limit_mw, 70000);
    EXPECT_EQ(got.procs->top[0].gpu_mem_kb, 2097152);
}

TEST(ReadSample, AReusedSampleKeepsNothingFromTheLineBefore) {
    SampleLineParser parser;
    Sample got;
    ASSERT_EQ(parse(parser, sample_to_json(testing::orin_sample()).dump(), got),
              SampleLineParser::Result::sample);
    Sample sparse;
    sparse.t_s = 2;
    sparse.cpu.cores.resize(2);
    sparse.cpu.cores[1].id = 1;
    ASSERT_EQ(parse(parser, sample_to_json(sparse).dump(), got), SampleLineParser::Result::sample);
    expect_same(sparse, got);
    // Keys missing altogether read as absent too.
    ASSERT_EQ(parse(parser, R"({"type":"sample","t":3})", got), SampleLineParser::Result::sample);
    expect_same(
        [] {
            Sample s;
            s.t_s = 3;
            return s;
        }(),
        got);
}

TEST(ReadSample, OtherLineTypesAreLeftAlone) {
    SampleLineParser parser;
    Sample got;
    got.t_s = 7;
    for (const char* line : {R"({"type":"event","t":1})", R"({"type":"end","t":1})", "[1,2]",
                             R"({"t":1})", R"({"type":1})", ""})
        EXPECT_EQ(parse(parser, line, got), SampleLineParser::Result::other) << line;
    EXPECT_EQ(got.t_s, 7);
}

}  // namespace
}  // namespace edgetop
