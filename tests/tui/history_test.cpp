#include "tui/history.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace edgetop::tui {
namespace {

TEST(History, KeepsTheNewestValuesInOrder) {
    History h(3);
    EXPECT_EQ(h.size(), 0u);
    EXPECT_FALSE(h.latest());
    EXPECT_FALSE(h.max());
    for (double v : {1.0, 2.0, 3.0, 4.0, 5.0})
        h.push(v);
    EXPECT_EQ(h.size(), 3u);
    EXPECT_EQ(h[0], 3.0);
    EXPECT_EQ(h[2], 5.0);
    EXPECT_EQ(h.last(2), (std::vector<double>{4.0, 5.0}));
    EXPECT_EQ(h.last(10).size(), 3u);
    EXPECT_EQ(*h.latest(), 5.0);
    EXPECT_EQ(*h.max(), 5.0);
}

TEST(History, AbsentAndNonFiniteValuesAreGaps) {
    History h(4);
    h.push(7.0);
    h.push(std::nullopt);
    h.push(INFINITY);
    EXPECT_TRUE(std::isnan(h[1]));
    EXPECT_TRUE(std::isnan(h[2]));
    EXPECT_FALSE(h.latest());
    EXPECT_EQ(*h.max(), 7.0);
}

TEST(History, ZeroCapacityStillHoldsOne) {
    History h(0);
    h.push(1.0);
    h.push(2.0);
    EXPECT_EQ(h.size(), 1u);
    EXPECT_EQ(h[0], 2.0);
}

}  // namespace
}  // namespace edgetop::tui
