// The controls' tool runner: output and exit status collected without blocking, commands in
// order and only after the previous succeeded; the refusals of the live controls.
#include "commands/tool_runner.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "commands/tui_controls.hpp"
#include "support/temp_dir.hpp"

namespace edgetop {
namespace {

ToolOutcome finish(ToolRunner& runner) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
        if (auto outcome = runner.poll()) return *outcome;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ADD_FAILURE() << "the command did not finish";
    return {};
}

TEST(ToolRunner, CollectsOutputAndExitStatusWithoutWaiting) {
    ToolRunner runner;
    std::string error;
    ASSERT_TRUE(runner.start({{"sh", "-c", "echo to-stdout; echo to-stderr >&2; exit 3"}}, error))
        << error;
    EXPECT_TRUE(runner.busy());
    EXPECT_FALSE(runner.start({{"true"}}, error));  // one run at a time
    EXPECT_EQ(error, "a command is still running");
    ToolOutcome outcome = finish(runner);
    EXPECT_EQ(outcome.status, 3);
    EXPECT_EQ(outcome.command, "sh -c echo to-stdout; echo to-stderr >&2; exit 3");
    EXPECT_NE(outcome.output.find("to-stdout\n"), std::string::npos) << outcome.output;
    EXPECT_NE(outcome.output.find("to-stderr\n"), std::string::npos) << outcome.output;
    EXPECT_FALSE(runner.busy());
    EXPECT_FALSE(runner.poll());  // the outcome is given once
}

TEST(ToolRunner, RunsInOrderAndStopsAtTheFirstFailure) {
    testing::TempDir tmp;
    std::string marker = tmp.file("second-ran");
    ToolRunner runner;
    std::string error;
    ASSERT_TRUE(runner.start({{"sh", "-c", "echo one"}, {"sh", "-c", "echo two; exit 0"}}, error));
    ToolOutcome both = finish(runner);
    EXPECT_EQ(both.status, 0);
    EXPECT_EQ(both.output, "one\ntwo\n");
    EXPECT_EQ(both.command, "sh -c echo two; exit 0");

    ASSERT_TRUE(runner.start({{"sh", "-c", "exit 4"}, {"touch", marker}}, error));
    EXPECT_EQ(finish(runner).status, 4);
    EXPECT_FALSE(std::filesystem::exists(marker));
}

TEST(ToolRunner, AMissingToolIsAReason) {
    ToolRunner runner;
    std::string error;
    EXPECT_FALSE(runner.start({{"edgetop-no-such-tool"}}, error));
    EXPECT_NE(error.find("cannot run 'edgetop-no-such-tool'"), std::string::npos) << error;
    EXPECT_FALSE(runner.busy());
    EXPECT_FALSE(runner.start({}, error));
}

TEST(ToolControls, RefusedWithoutRootWithoutTheToolAndWithoutAFanTool) {
    testing::TempDir tmp;
    std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
    ::setenv("PATH", tmp.path().c_str(), 1);  // neither nvpmodel nor jetson_clocks
    Board jetpack5;
    jetpack5.l4t = "35.3.1";
    ToolControls as_user(jetpack5, 1000);
    EXPECT_EQ(as_user.refusal(tui::Control::power_mode),
              "nvpmodel needs root: run edgetop as root (sudo edgetop)");
    EXPECT_EQ(as_user.refusal(tui::Control::clocks),
              "jetson_clocks needs root: run edgetop as root (sudo edgetop)");
    ToolControls as_root(jetpack5, 0);
    EXPECT_EQ(as_root.refusal(tui::Control::power_mode), "no 'nvpmodel' on PATH");
    EXPECT_EQ(as_root.refusal(tui::Control::clocks), "no 'jetson_clocks' on PATH");
    std::filesystem::copy_file("/bin/true", tmp.file("nvpmodel"));
    EXPECT_EQ(as_root.refusal(tui::Control::power_mode), "");
    EXPECT_EQ(as_root.refusal(tui::Control::fan), "");
    Board jetpack4;
    jetpack4.l4t = "32.6.1";
    EXPECT_NE(ToolControls(jetpack4, 0).refusal(tui::Control::fan).find("no tool sets the fan"),
              std::string::npos);
    EXPECT_NE(ToolControls(Board{}, 0).refusal(tui::Control::fan).find("no fan tool"),
              std::string::npos);
    ::setenv("PATH", old_path.c_str(), 1);
}

}  // namespace
}  // namespace edgetop
