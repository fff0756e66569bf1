#include "analysis/rules_hysteresis.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace edgetop::analysis {
namespace {

TEST(Hysteresis, RaisesOnlyAfterTheConditionHeldForSustain) {
    Hysteresis h(3, 5);
    EXPECT_EQ(h.update(0, true), Transition::none);
    EXPECT_EQ(h.update(1, true), Transition::none);
    EXPECT_EQ(h.update(2, true), Transition::none);
    EXPECT_FALSE(h.raised());
    EXPECT_EQ(h.update(3, true), Transition::raised);
    EXPECT_TRUE(h.raised());
    EXPECT_EQ(h.raised_since_s(), 3.0);
    EXPECT_EQ(h.update(4, true), Transition::none);
}

TEST(Hysteresis, UsesRealTimestampsWithIrregularSpacing) {
    Hysteresis h(3, 5);
    for (double t : {10.0, 10.4, 11.7, 12.95})
        EXPECT_EQ(h.update(t, true), Transition::none) << t;
    EXPECT_EQ(h.update(13.02, true), Transition::raised);
}

TEST(Hysteresis, ThirtyTenthsOfASecondMakeThreeSeconds) {
    Hysteresis h(3, 5);
    double t = 0;
    int raised_at = -1;
    for (int i = 0; i <= 40; ++i, t += 0.1)
        if (h.update(t, true) == Transition::raised) raised_at = i;
    EXPECT_EQ(raised_at, 30);
}

TEST(Hysteresis, ClearsOnlyAfterTheConditionWasFalseForClear) {
    Hysteresis h(0, 5);
    EXPECT_EQ(h.update(0, true), Transition::raised);
    for (double t : {1.0, 2.0, 3.0, 4.0, 5.0})
        EXPECT_EQ(h.update(t, false), Transition::none) << t;
    EXPECT_TRUE(h.raised());
    EXPECT_EQ(h.update(6, false), Transition::cleared);
    EXPECT_FALSE(h.raised());
    EXPECT_FALSE(h.raised_since_s());
}

TEST(Hysteresis, ConditionTogglingFasterThanSustainNeverRaises) {
    Hysteresis h(3, 5);
    for (int i = 0; i < 100; ++i)
        EXPECT_EQ(h.update(i * 1.0, i % 3 != 2), Transition::none) << i;  // holds 2 s of every 3
    EXPECT_FALSE(h.raised());
}

TEST(Hysteresis, RaisedFlagDoesNotFlapWhenConditionTogglesFasterThanClear) {
    Hysteresis h(3, 5);
    std::vector<Transition> seen;
    for (int i = 0; i <= 3; ++i)
        seen.push_back(h.update(i, true));
    EXPECT_EQ(seen.back(), Transition::raised);
    for (int i = 4; i < 100; ++i)
        EXPECT_EQ(h.update(i, i % 4 == 0), Transition::none) << i;  // false 3 s of every 4
    EXPECT_TRUE(h.raised());
}

TEST(Hysteresis, ResetDropsTheFlagAndTheRuns) {
    Hysteresis h(2, 2);
    h.update(0, true);
    h.update(2, true);
    ASSERT_TRUE(h.raised());
    h.reset();
    EXPECT_FALSE(h.raised());
    EXPECT_EQ(h.update(3, true), Transition::none);  // a new run starts at 3
    EXPECT_EQ(h.update(5, true), Transition::raised);
}

// A gap (a stopped process, a suspended board, samples lost from a session) is judged by the
// samples on either side: a run that holds on both spans the gap, one that does not restarts.
TEST(Hysteresis, AGapLongerThanSustainBetweenTwoHoldingSamplesRaisesAtTheFirstAfterIt) {
    Hysteresis h(3, 5);
    EXPECT_EQ(h.update(0, true), Transition::none);
    EXPECT_EQ(h.update(10, true), Transition::raised);
    EXPECT_EQ(h.raised_since_s(), 10.0);  // raised when it was seen, not back-dated into the gap
}

TEST(Hysteresis, AGapEndingOnAFalseSampleRestartsTheRun) {
    Hysteresis h(3, 5);
    h.update(0, true);
    EXPECT_EQ(h.update(10, false), Transition::none);
    for (double t : {11.0, 12.0, 13.0})
        EXPECT_EQ(h.update(t, true), Transition::none) << t;
    EXPECT_EQ(h.update(14, true), Transition::raised);  // three seconds from 11, not from 0
}

TEST(Hysteresis, AGapLongerThanClearBetweenTwoFalseSamplesClearsAtTheFirstAfterIt) {
    Hysteresis h(0, 5);
    ASSERT_EQ(h.update(0, true), Transition::raised);
    EXPECT_EQ(h.update(1, false), Transition::none);
    EXPECT_EQ(h.update(60, false), Transition::cleared);
}

TEST(Hysteresis, AGapBetweenAFalseAndAHoldingSampleKeepsARaisedFlag) {
    Hysteresis h(0, 5);
    ASSERT_EQ(h.update(0, true), Transition::raised);
    EXPECT_EQ(h.update(1, false), Transition::none);
    EXPECT_EQ(h.update(60, true), Transition::none);  // false on one sample only: not cleared
    EXPECT_TRUE(h.raised());
    EXPECT_EQ(h.raised_since_s(), 0.0);
}

}  // namespace
}  // namespace edgetop::analysis
