// The session report over synthetic sample streams with known answers: energy whatever the
// spacing, sampling gaps, distributions, and flags recorded or recomputed.
#include <gtest/gtest.h>

#include "analysis/orin_samples.hpp"
#include "report/report_builder.hpp"
#include "report/report_event_json.hpp"
#include "report/report_flags.hpp"

namespace edgetop::analysis {
namespace {

using testing::orin_board;
using testing::orin_idle;

// An AGX Orin sample whose input rail and total both read `mw`.
Sample with_power(double t_s, double mw) {
    Sample s = orin_idle(t_s);
    RailSample in;
    in.name = "VDD_IN";
    in.is_total = true;
    in.power_mw = mw;
    s.rails.insert(s.rails.begin(), in);
    s.power_total_mw = mw;
    return s;
}

SessionReport report_of(const std::vector<Sample>& samples, int64_t nominal_ms = 1000,
                        RuleConfig rules = {}) {
    SessionReportBuilder builder("test.jsonl", orin_board(), nominal_ms, std::move(rules));
    for (const auto& s : samples)
        builder.add_sample(s);
    return builder.finish();
}

const MetricReport* metric(const SessionReport& r, const std::string& name) {
    for (const auto& m : r.metrics)
        if (m.name == name) return &m;
    return nullptr;
}

TEST(ReportEnergy, ConstantFiveWattsForTenSecondsIsFiftyJoulesAtAnySpacing) {
    const std::vector<std::vector<double>> spacings = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10},                   // regular 1 s
        {0, 0.1, 0.35, 1.9, 2.0, 4.7, 4.71, 8.2, 9.999, 10},  // irregular, jittered
        {0, 10},                                              // two samples only
        {0, 0.5, 1, 1.5, 7.5, 8, 10},                         // 6 s of samples missing
    };
    for (const auto& times : spacings) {
        std::vector<Sample> samples;
        for (double t : times)
            samples.push_back(with_power(t, 5000));
        auto r = report_of(samples);
        EXPECT_NEAR(r.total_energy.joules, 50.0, 1e-9) << times.size();
        EXPECT_NEAR(r.total_energy.wh(), 50.0 / 3600, 1e-12);
        ASSERT_TRUE(r.total_energy.average_w());
        EXPECT_NEAR(*r.total_energy.average_w(), 5.0, 1e-9);
        EXPECT_NEAR(r.duration_s, 10.0, 1e-12);
        ASSERT_FALSE(r.rail_energy.empty());
        EXPECT_EQ(r.rail_energy[0].name, "VDD_IN");
        EXPECT_NEAR(r.rail_energy[0].energy.joules, 50.0, 1e-9);
    }
}

TEST(ReportEnergy, LinearRampIsExactUnderIrregularSampling) {
    // P(t) = 1000 t mW from 0 to 10 s: the integral is 50 J, and the trapezoid is exact on a line.
    std::vector<Sample> samples;
    for (double t : {0.0, 0.3, 1.7, 2.2, 5.9, 6.0, 9.1, 10.0})
        samples.push_back(with_power(t, 1000 * t));
    auto r = report_of(samples);
    EXPECT_NEAR(r.total_energy.joules, 50.0, 1e-9);
}

TEST(ReportEnergy, MissingReadingsAreSkippedNotZero) {
    std::vector<Sample> samples;
    for (int t = 0; t <= 10; ++t) {
        Sample s = with_power(t, 5000);
        if (t == 4) {  // the total unreadable for one sample: both intervals touching it skip
            s.power_total_mw.reset();
            s.rails[0].power_mw.reset();
        }
        samples.push_back(s);
    }
    auto r = report_of(samples);
    EXPECT_NEAR(r.total_energy.joules, 40.0, 1e-9);
    EXPECT_NEAR(r.total_energy.covered_s, 8.0, 1e-9);
    EXPECT_NEAR(r.total_energy.skipped_s, 2.0, 1e-9);
    EXPECT_NEAR(*r.total_energy.average_w(), 5.0, 1e-9);
}

TEST(ReportSampling, CountsGapsLongerThanOneAndAHalfIntervals) {
    std::vector<Sample> samples;
    for (double t : {0.0, 1.0, 2.02, 3.0, 6.0, 7.0, 8.49, 10.1})
        samples.push_back(with_power(t, 5000));
    auto r = report_of(samples);
    EXPECT_EQ(r.samples, 8u);
    EXPECT_EQ(r.sampling.nominal_ms, 1000);
    // 3.0 -> 6.0 (3000 ms) and 8.49 -> 10.1 (1610 ms); 1490 ms is not a gap.
    EXPECT_EQ(r.sampling.gaps, 2u);
    EXPECT_NEAR(r.sampling.gap_time_s, 3.0 + 1.61, 1e-9);
    EXPECT_NEAR(*r.sampling.interval_ms.max(), 3000, 1e-6);
    EXPECT_EQ(r.sampling.interval_ms.count(), 7u);
}

TEST(ReportSampling, ASetWithoutItsFirstFilesLastsFromItsFirstSample) {
    // The files of a rotated set kept by --keep: samples from t = 100 s to 109 s, 1 s apart.
    SessionReportBuilder late("run.5.jsonl", orin_board(), 1000);
    SessionReportBuilder whole("run.jsonl", orin_board(), 1000);
    late.starts_after_first_part();
    for (int i = 0; i < 10; ++i) {
        late.add_sample(orin_idle(100 + i));
        whole.add_sample(orin_idle(100 + i));
    }
    late.set_end(109.5);
    whole.set_end(109.5);
    auto late_report = late.finish();
    EXPECT_DOUBLE_EQ(late_report.start_s, 99);
    EXPECT_DOUBLE_EQ(late_report.duration_s, 10.5);
    EXPECT_DOUBLE_EQ(whole.finish().duration_s, 109.5);
}

TEST(ReportMetrics, DistributionsPerUnitInFamilyOrder) {
    std::vector<Sample> samples;
    for (int i = 0; i < 100; ++i) {
        Sample s = with_power(i, 5000);
        s.cpu.util_pct = i + 1;  // 1 .. 100
        s.gpu[0].load_pct = 50;
        samples.push_back(s);
    }
    auto r = report_of(samples);
    const auto* cpu = metric(r, "cpu");
    ASSERT_NE(cpu, nullptr);
    EXPECT_NEAR(*cpu->summary.mean(), 50.5, 1e-9);
    EXPECT_NEAR(*cpu->summary.p50(), 50, 50 * 0.011);
    EXPECT_NEAR(*cpu->summary.p90(), 90, 90 * 0.011);
    EXPECT_EQ(*cpu->summary.max(), 100);
    // Offline cores 8-11 are missing, never 0 % busy.
    const auto* core11 = metric(r, "cpu11");
    ASSERT_NE(core11, nullptr);
    EXPECT_EQ(core11->summary.count(), 0u);
    EXPECT_EQ(core11->summary.missing(), 100u);
    EXPECT_EQ(metric(r, "17000000.gpu")->summary.mean(), 50);
    EXPECT_EQ(metric(r, "cv0-thermal")->summary.count(), 0u);  // power-gated throughout
    EXPECT_NEAR(*metric(r, "tj-thermal")->summary.max(), 44.843, 1e-9);
    std::vector<std::string> families;
    for (const auto& m : r.metrics)
        if (families.empty() || families.back() != m.family) families.push_back(m.family);
    EXPECT_EQ(families,
              (std::vector<std::string>{"cpu", "core", "gpu", "emc", "rail", "power", "thermal"}));
}

TEST(ReportMetrics, EngineLoadsWhereKnown) {
    // NVDEC's load is known from the second sample on (a tegrastats import: 10, 20 ... 90 %);
    // APE never has one and gets no row.
    std::vector<Sample> samples;
    for (int i = 0; i < 10; ++i) {
        Sample s = with_power(i, 5000);
        EngineSample ape{"APE", true, 174000000, std::nullopt};
        EngineSample nvdec{"NVDEC", true, 115000000, std::nullopt};
        if (i > 0) nvdec.load_pct = 10.0 * i;
        s.engines = {ape, nvdec};
        samples.push_back(s);
    }
    auto r = report_of(samples);
    EXPECT_EQ(metric(r, "APE"), nullptr);
    const auto* nvdec = metric(r, "NVDEC");
    ASSERT_NE(nvdec, nullptr);
    EXPECT_EQ(nvdec->family, "engine");
    EXPECT_EQ(nvdec->unit, "%");
    EXPECT_EQ(nvdec->summary.count(), 9u);
    EXPECT_NEAR(*nvdec->summary.mean(), 50.0, 1e-9);
    EXPECT_EQ(*nvdec->summary.max(), 90);
    std::vector<std::string> families;
    for (const auto& m : r.metrics)
        if (families.empty() || families.back() != m.family) families.push_back(m.family);
    EXPECT_EQ(families, (std::vector<std::string>{"cpu", "core", "gpu", "emc", "engine", "rail",
                                                  "power", "thermal"}));
}

TEST(ReportMetrics, PressureStallDistributionsWhereTheKernelHasPsi) {
    // PSI memory full rises 0, 1 ... 99 %; io full stays 2 %; the first ten samples come from a
    // moment the files were unreadable (all values absent).
    std::vector<Sample> samples;
    for (int i = 0; i < 100; ++i) {
        Sample s = with_power(i, 5000);
        PsiSample psi;
        if (i >= 10) {
            psi.cpu_some_pct = 5;
            psi.memory_some_pct = i;
            psi.memory_full_pct = i;
            psi.io_some_pct = 4;
            psi.io_full_pct = 2;
        }
        s.psi = psi;
        samples.push_back(s);
    }
    auto r = report_of(samples);
    const auto* full = metric(r, "memory full");
    ASSERT_NE(full, nullptr);
    EXPECT_EQ(full->family, "psi");
    EXPECT_EQ(full->unit, "%");
    EXPECT_EQ(full->summary.count(), 90u);
    EXPECT_EQ(full->summary.missing(), 10u);
    EXPECT_EQ(*full->summary.max(), 99);
    EXPECT_NEAR(*full->summary.mean(), 54.5, 1e-9);
    EXPECT_EQ(*metric(r, "io full")->summary.max(), 2);
    EXPECT_EQ(r.metrics.back().family, "psi");
    // Without PSI (JetPack 4, sessions from before it): no psi rows at all.
    EXPECT_EQ(metric(report_of({with_power(0, 5000), with_power(1, 5000)}), "memory full"),
              nullptr);
}

TEST(ReportMetrics, DiskAndNetworkThroughputInMiBPerSecond) {
    // nvme0n1 reads 1 .. 100 MiB/s; its first reading has no rate (missing, not 0); eth0 receives
    // a steady 2 MiB/s; usb1 appears half-way.
    std::vector<Sample> samples;
    for (int i = 0; i < 101; ++i) {
        Sample s = with_power(i, 5000);
        DiskSample nvme{"nvme0n1", {}, {}, {}, {}, {}, {}};
        if (i > 0) nvme.read_bytes_per_s = i * 1048576.0, nvme.write_bytes_per_s = 0;
        s.disks = {nvme};
        s.net = {{"eth0", 2 * 1048576.0, 0, {}, {}}};
        if (i >= 50) s.net.push_back({"usb1", 1024, 1024, {}, {}});
        samples.push_back(s);
    }
    auto r = report_of(samples);
    const auto* read = metric(r, "nvme0n1 read");
    ASSERT_NE(read, nullptr);
    EXPECT_EQ(read->family, "disk");
    EXPECT_EQ(read->unit, "MiB/s");
    EXPECT_EQ(read->summary.count(), 100u);
    EXPECT_EQ(read->summary.missing(), 1u);
    EXPECT_NEAR(*read->summary.mean(), 50.5, 1e-9);
    EXPECT_NEAR(*read->summary.p90(), 90, 90 * 0.011);
    EXPECT_EQ(*read->summary.max(), 100);
    EXPECT_EQ(*metric(r, "nvme0n1 write")->summary.max(), 0);
    EXPECT_EQ(metric(r, "eth0 rx")->family, "net");
    EXPECT_EQ(*metric(r, "eth0 rx")->summary.mean(), 2);
    EXPECT_EQ(metric(r, "usb1 tx")->summary.count(), 51u);
    EXPECT_NEAR(*metric(r, "usb1 tx")->summary.mean(), 1.0 / 1024, 1e-12);
    std::vector<std::string> families;
    for (const auto& m : r.metrics)
        if (families.empty() || families.back() != m.family) families.push_back(m.family);
    EXPECT_EQ(families, (std::vector<std::string>{"cpu", "core", "gpu", "emc", "rail", "power",
                                                  "thermal", "disk", "net"}));
}

Event event(double t, const std::string& flag, EventState state, double value = 0) {
    Event e;
    e.t_s = t;
    e.flag = flag;
    e.state = state;
    e.message = flag + " message";
    e.evidence = {{"value", value}};
    return e;
}

TEST(ReportFlags, RecordedEpisodesGiveCountTimeFirstAndLongest) {
    FlagTracker tracker;
    tracker.add(event(2, "thermal_throttle", EventState::raised, 1));
    tracker.add(event(3, "thermal_throttle", EventState::raised, 9));  // already up: ignored
    tracker.add(event(5, "thermal_throttle", EventState::cleared));
    tracker.add(event(6, "io_stall", EventState::cleared));  // never raised: ignored
    tracker.add(event(6.5, "thermal_throttle", EventState::raised, 2));
    tracker.add(event(10.5, "thermal_throttle", EventState::cleared));
    tracker.add(event(11, "thermal_throttle", EventState::raised, 3));
    auto flags = tracker.finish(12);
    ASSERT_EQ(flags.size(), 1u);
    const auto& f = flags[0];
    EXPECT_EQ(f.id, "thermal_throttle");
    EXPECT_EQ(f.raised, 3u);
    EXPECT_NEAR(f.active_s, 3 + 4 + 1, 1e-9);
    EXPECT_EQ(*f.first_raised_s, 2);
    EXPECT_TRUE(f.active_at_end);
    EXPECT_NEAR(f.longest_episode_s, 4, 1e-9);
    EXPECT_EQ(*f.worst_raised_s, 6.5);
    EXPECT_EQ(f.worst_evidence["value"], 2);
}

// A zone over its passive trip (99 °C on this board) from 3 s to 8 s; thermal_throttle needs 1 s
// to raise and 5 s to clear by default.
std::vector<Sample> hot_between_3_and_8() {
    std::vector<Sample> samples;
    for (int t = 0; t <= 20; ++t) {
        Sample s = with_power(t, 5000);
        if (t >= 3 && t <= 8) s.thermal[4].temp_c = 100.5;  // tj-thermal
        samples.push_back(s);
    }
    return samples;
}

const FlagReport* flag(const SessionReport& r, const std::string& id) {
    for (const auto& f : r.flags)
        if (f.id == id) return &f;
    return nullptr;
}

TEST(ReportFlags, RecomputedFromSamplesWhenTheSessionHasNoEvents) {
    auto r = report_of(hot_between_3_and_8());
    EXPECT_TRUE(r.flags_recomputed);
    const FlagReport* f = flag(r, "thermal_throttle");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->raised, 1u);
    ASSERT_TRUE(f->first_raised_s);
    EXPECT_GE(*f->first_raised_s, 3);
    EXPECT_LE(*f->first_raised_s, 4);
    EXPECT_FALSE(f->active_at_end);
    EXPECT_NE(f->worst_evidence.dump().find("tj-thermal"), std::string::npos)
        << f->worst_evidence.dump();
    // MODE_30W caps the CPU clocks: information, recomputed as well.
    EXPECT_NE(flag(r, "power_mode_cap"), nullptr);
}

TEST(ReportFlags, RuleOverridesApplyWhenRecomputing) {
    RuleConfig config;
    ASSERT_FALSE(config.disable("thermal_throttle"));
    auto r = report_of(hot_between_3_and_8(), 1000, config);
    EXPECT_EQ(flag(r, "thermal_throttle"), nullptr);
}

TEST(ReportFlags, RecordedEventsWinOverRecomputation) {
    SessionReportBuilder builder("test.jsonl", orin_board(), 1000);
    auto samples = hot_between_3_and_8();
    for (size_t i = 0; i < samples.size(); ++i) {
        builder.add_sample(samples[i]);
        if (i == 10) builder.add_event(event(10, "io_stall", EventState::raised, 25));
        if (i == 12) builder.add_event(event(12, "io_stall", EventState::cleared));
    }
    auto r = builder.finish();
    EXPECT_FALSE(r.flags_recomputed);
    ASSERT_EQ(r.flags.size(), 1u);
    EXPECT_EQ(r.flags[0].id, "io_stall");
    EXPECT_NEAR(r.flags[0].active_s, 2, 1e-9);
}

TEST(ReportEventJson, RoundTripsAndRejectsOtherLines) {
    Event e = event(4.25, "power_limit", EventState::cleared, 31.5);
    auto line = event_to_line(e);
    EXPECT_EQ(line.begin().key(), "type");
    EXPECT_EQ(line["type"], "event");
    auto back = event_from_line(nlohmann::json::parse(line.dump()));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->flag, "power_limit");
    EXPECT_EQ(back->state, EventState::cleared);
    EXPECT_EQ(back->t_s, 4.25);
    EXPECT_EQ(back->evidence["value"], 31.5);
    EXPECT_FALSE(event_from_line(nlohmann::json::parse(R"({"type":"event","t":1,"kind":"x"})")));
    EXPECT_FALSE(event_from_line(
        nlohmann::json::parse(R"({"type":"event","t":1,"flag":"x","state":"maybe"})")));
    EXPECT_FALSE(event_from_line(nlohmann::json::parse(R"([1,2])")));
}

TEST(ReportOfSamples, ReadsAnySampleSource) {
    int t = 0;
    auto r = report_of_samples("import", orin_board(), 1000, RuleConfig{}, [&](Sample& s) {
        if (t > 10) return false;
        s = with_power(t++, 5000);
        return true;
    });
    EXPECT_EQ(r.samples, 11u);
    EXPECT_NEAR(r.total_energy.joules, 50, 1e-9);
}

}  // namespace
}  // namespace edgetop::analysis
