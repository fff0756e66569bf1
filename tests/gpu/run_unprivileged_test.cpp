// The permission tests' child: only "no user to switch to" is a skip; a child that crashes is a
// failure of the test that ran it.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdlib>

#include "gpu_test_support.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing {
namespace {

TEST(RunUnprivileged, AChildThatCrashesFailsTheTest) {
    if (geteuid() != 0) GTEST_SKIP() << "as a normal user the body runs in-process (no child)";
    FixtureTree tree("agx-orin");
    EXPECT_NONFATAL_FAILURE(run_unprivileged(tree.root(), []() -> std::string { std::abort(); }),
                            "ended with status 134");
}

TEST(RunUnprivileged, AnswersAsTheUnprivilegedUser) {
    FixtureTree tree("agx-orin");
    auto result = run_unprivileged(tree.root(), [] { return std::to_string(geteuid()); });
    ASSERT_TRUE(result);
    EXPECT_EQ(*result, geteuid() == 0 ? "65534" : std::to_string(geteuid()));
}

}  // namespace
}  // namespace edgetop::testing
