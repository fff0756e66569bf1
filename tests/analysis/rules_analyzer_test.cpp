#include "analysis/rules_analyzer.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "orin_samples.hpp"

namespace edgetop::analysis {
namespace {

using ::testing::HasSubstr;
using namespace testing;

TEST(Analyzer, MissingDataNeverRaisesAnything) {
    Analyzer analyzer(Board{});
    const auto run = feed(analyzer, 0, 60, 1, [](double t) {
        Sample s;  // every reading absent
        s.t_s = t;
        return s;
    });
    EXPECT_TRUE(run.events.empty());
    for (const auto& flags : run.flags)
        EXPECT_TRUE(flags.empty());
    for (const auto& state : analyzer.states()) {
        EXPECT_FALSE(state.active) << state.id;
        EXPECT_FALSE(state.raised) << state.id;
        EXPECT_FALSE(state.inactive_reason.empty()) << state.id;
        EXPECT_EQ(state.last_t_s, 60.0) << state.id;
    }
}

TEST(Analyzer, IdleOrinRaisesOnlyThePowerModeInformation) {
    Analyzer analyzer(orin_board());
    const auto run = feed(analyzer, 0, 30, 0.5, orin_idle);
    ASSERT_EQ(run.events.size(), 1u);
    EXPECT_EQ(run.events[0].flag, "power_mode_cap");
    for (const auto& state : analyzer.states()) {
        EXPECT_TRUE(state.active) << state.id << ": " << state.inactive_reason;
        EXPECT_EQ(state.raised, state.id == "power_mode_cap") << state.id;
    }
    EXPECT_EQ(run.flags.back(), std::vector<std::string>{"power_mode_cap"});
}

TEST(Analyzer, EventsCarryTimeFlagStateMessageAndEvidence) {
    Analyzer analyzer(orin_board());
    auto run = feed(analyzer, 0, 6, 1, [](double t) {
        Sample s = orin_idle(t);
        s.cpu.iowait_pct = 45;
        return s;
    });
    const auto raised = events_of(run.events, "io_stall");
    ASSERT_EQ(raised.size(), 1u);
    const auto json = raised[0].to_json();
    EXPECT_EQ(json["t"], 5.0);
    EXPECT_EQ(json["flag"], "io_stall");
    EXPECT_EQ(json["state"], "raised");
    EXPECT_THAT(json["message"].get<std::string>(), HasSubstr("45 % in iowait"));
    EXPECT_EQ(json["evidence"]["iowait_pct"], 45.0);

    const auto state = state_of(analyzer, "io_stall");
    EXPECT_TRUE(state.raised);
    EXPECT_EQ(state.raised_since_s, 5.0);
    // A flag that is up has the message and evidence of the latest sample, for the UI.
    EXPECT_THAT(state.last_message, HasSubstr("45 % in iowait"));
    EXPECT_EQ(state.last_evidence["iowait_pct"], 45.0);
    EXPECT_EQ(state.last_t_s, 6.0);
    EXPECT_EQ(state.severity, Severity::warning);
    EXPECT_FALSE(state.description.empty());

    run = feed(analyzer, 7, 20, 1, orin_idle);
    const auto cleared = events_of(run.events, "io_stall");
    ASSERT_EQ(cleared.size(), 1u);
    EXPECT_EQ(cleared[0].to_json()["state"], "cleared");
    EXPECT_EQ(cleared[0].t_s, 12);
    EXPECT_THAT(cleared[0].message, HasSubstr("0 % in iowait"));
    EXPECT_EQ(cleared[0].evidence["iowait_pct"], 0.1);
    EXPECT_FALSE(state_of(analyzer, "io_stall").raised_since_s);
}

TEST(Analyzer, FlagsGoIntoTheSampleInCatalogOrder) {
    Analyzer analyzer(orin_board());
    Sample s;
    for (int i = 0; i <= 6; ++i) {
        s = orin_idle(i);
        s.cpu.iowait_pct = 45;
        s.emc->util_pct = 95;
        analyzer.update(s);
    }
    analyzer.annotate(s);
    EXPECT_EQ(s.flags, (std::vector<std::string>{"emc_saturated", "io_stall", "power_mode_cap"}));
}

TEST(Analyzer, InputsVanishingWhileRaisedClearsAfterClearWindow) {
    Analyzer analyzer(orin_board());
    feed(analyzer, 0, 5, 1, [](double t) {
        Sample s = orin_idle(t);
        s.emc->util_pct = 95;
        return s;
    });
    ASSERT_TRUE(state_of(analyzer, "emc_saturated").raised);
    auto run = feed(analyzer, 6, 12, 1, [](double t) {
        Sample s = orin_idle(t);
        s.emc->util_pct.reset();
        return s;
    });
    const auto events = events_of(run.events, "emc_saturated");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].t_s, 11);
    EXPECT_THAT(events[0].message, HasSubstr("inputs no longer readable"));
    EXPECT_FALSE(state_of(analyzer, "emc_saturated").active);
}

TEST(Analyzer, WindowIsBoundedByTimeNotBySessionLength) {
    Analyzer analyzer(orin_board());
    EXPECT_EQ(analyzer.window_span_s(), 10);  // memory_pressure.swap_window_s
    std::size_t largest = 0;
    for (int i = 0; i < 3000; ++i) {  // 5 minutes at 10 Hz
        analyzer.update(orin_idle(i * 0.1));
        largest = std::max(largest, analyzer.window_size());
    }
    EXPECT_LE(largest, 102u);  // 10 s at 10 Hz, plus the sample just before
    EXPECT_GE(largest, 100u);
}

TEST(Analyzer, WindowGrowsWithALongerConfiguredWindow) {
    RuleConfig config;
    ASSERT_EQ(config.set("cpu_oversubscribed.window_s", "30"), std::nullopt);
    EXPECT_EQ(Analyzer(orin_board(), config).window_span_s(), 30);
    ASSERT_EQ(config.disable("cpu_oversubscribed,memory_pressure,power_limit,cpu_dvfs_throttle,"
                             "gpu_dvfs_throttle,cpu_quota_throttle"),
              std::nullopt);
    EXPECT_EQ(Analyzer(orin_board(), config).window_span_s(), 1);
}

TEST(Analyzer, TimeGoingBackwardsStartsOver) {
    Analyzer analyzer(orin_board());
    feed(analyzer, 100, 110, 1, [](double t) {
        Sample s = orin_idle(t);
        s.cpu.iowait_pct = 45;
        return s;
    });
    ASSERT_TRUE(state_of(analyzer, "io_stall").raised);
    const auto events = analyzer.update(orin_idle(0));
    EXPECT_TRUE(events_of(events, "io_stall").empty());
    EXPECT_FALSE(state_of(analyzer, "io_stall").raised);
    EXPECT_EQ(analyzer.window_size(), 1u);
}

TEST(Analyzer, OverriddenHysteresisIsUsed) {
    RuleConfig config;
    ASSERT_EQ(config.apply_override("io_stall.sustain_s=1"), std::nullopt);
    Analyzer analyzer(orin_board(), config);
    const auto run = feed(analyzer, 0, 3, 0.5, [](double t) {
        Sample s = orin_idle(t);
        s.cpu.iowait_pct = 45;
        return s;
    });
    const auto events = events_of(run.events, "io_stall");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].t_s, 1);
}

}  // namespace
}  // namespace edgetop::analysis
