// The board controls in the real view: m, a mode id and y run the nvpmodel found first on PATH
// (a stand-in that records its arguments); a user who is not root is refused before anything
// runs. The non-root case runs the view as nobody through setpriv, so the check under test is the
// real geteuid() of the program, not a test-only option.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "e2e/tmux_session.hpp"
#include "support/fixture_tree.hpp"
#include "support/temp_dir.hpp"

namespace edgetop::testing {
namespace {

class TuiControls : public ::testing::Test {
  protected:
    void SetUp() override {
        EDGETOP_REQUIRE_TMUX();
        std::string bin = tmp_.file("bin");
        ::mkdir(bin.c_str(), 0755);
        std::ofstream(bin + "/nvpmodel")
            << "#!/bin/sh\necho \"$*\" >> " << log() << "\necho \"NVPM: set power mode $2\"\n";
        ::chmod((bin + "/nvpmodel").c_str(), 0755);
        path_ = "PATH=" + bin + ":" + std::getenv("PATH");
    }
    std::string log() const { return tmp_.file("nvpmodel.log"); }
    std::string read_log() const {
        std::ifstream in(log());
        return std::string(std::istreambuf_iterator<char>(in), {});
    }

    TempDir tmp_;
    std::string path_;
};

TEST_F(TuiControls, PowerModeSwitchRunsTheNvpmodelOnPath) {
    if (::geteuid() != 0) GTEST_SKIP() << "the controls run only as root";
    TmuxSession tmux({"--root", fixture_path("agx-orin"), "--interval", "200"},
                     TmuxOptions().size(120, 40).with_env(path_));
    ASSERT_TRUE(tmux.started());
    tmux.wait_for(kOrinHeader);
    tmux.keys("m");
    tmux.wait_for_all({"Power modes", "MODE_30W", "power mode id:"});
    tmux.keys("2");
    tmux.keys("Enter");
    tmux.wait_for("switch to power mode 2 (MODE_30W): run 'nvpmodel -m 2'? y/n");
    EXPECT_EQ(read_log(), "");  // nothing runs before y
    tmux.keys("y");
    std::string screen = tmux.wait_for("exit 0");
    EXPECT_NE(screen.find("NVPM: set power mode 2"), std::string::npos) << screen;
    EXPECT_EQ(read_log(), "-m 2\n");
    tmux.keys("q");  // q quits from the output box too, as from the help
    tmux.wait_for("edgetop exited 0");
}

TEST_F(TuiControls, RefusedWhenNotRoot) {
    if (::geteuid() != 0) GTEST_SKIP() << "setpriv needs root to become nobody";
    if (std::system("command -v setpriv >/dev/null 2>&1") != 0) GTEST_SKIP() << "no setpriv";
    // The build tree must be readable by nobody for the binary to start.
    TmuxSession tmux(
        {"--root", fixture_path("agx-orin"), "--interval", "200"},
        TmuxOptions().size(120, 40).with_env(
            path_ + " HOME=/nonexistent XDG_CONFIG_HOME=/nonexistent setpriv --reuid=65534 "
                    "--regid=65534 --clear-groups"));
    ASSERT_TRUE(tmux.started());
    tmux.wait_for(kOrinHeader);
    tmux.keys("m");
    tmux.wait_for("refused: nvpmodel needs root: run edgetop as root (sudo edgetop)");
    tmux.keys("c");
    tmux.wait_for("refused: jetson_clocks needs root");
    EXPECT_EQ(read_log(), "");
    tmux.keys("q");
    tmux.wait_for("edgetop exited 0");
}

}  // namespace
}  // namespace edgetop::testing
