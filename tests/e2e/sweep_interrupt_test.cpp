// edgetop sweep -- CMD interrupted: Ctrl-C, SIGTERM, SIGHUP and SIGKILL mid-run, mid-settle and
// during a hung switch or restore; the mode is always restored (sweep_stand_in.hpp).
#include <gtest/gtest.h>

#include "e2e/sweep_stand_in.hpp"

namespace edgetop::testing::sweep {
namespace {

TEST_F(SweepTest, SigintMidRunStopsAndRestores) {
    EdgetopProcess sweep(sweep_args({"--json"}), with_stand_in());
    ASSERT_TRUE(wait_for_file(tmp_.file("running-1")));
    sweep.send(SIGINT);
    auto run = sweep.wait(std::chrono::seconds(30));
    EXPECT_EQ(run.status, 128 + SIGINT) << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(j["interrupted"], true);
    EXPECT_EQ(j["restored"], true);
    EXPECT_EQ(j["modes"].size(), 2u);  // 0 measured, 1 interrupted, 2 and 3 never tried
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 0", "-m 1", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
}

TEST_F(SweepTest, SigintMidSettleRestoresEvenThroughASecondCtrlC) {
    std::ofstream(tmp_.file("SLOW")) << "";
    auto args = sweep_args({"--modes", "2,3"});
    args[4] = "60";  // --settle 60: the interruption, not the wait, ends it
    EdgetopProcess sweep(args, with_stand_in());
    ASSERT_TRUE(wait_for_calls(log(), 1));
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // past the slow switch
    sweep.send(SIGINT);
    ASSERT_TRUE(wait_for_calls(log(), 2));  // the restore has begun; Ctrl-C again
    sweep.send(SIGINT);
    auto run = sweep.wait(std::chrono::seconds(30));
    EXPECT_EQ(run.status, 128 + SIGINT) << run.err;
    EXPECT_NE(run.out.find("original mode 0 (15W) restored"), std::string::npos) << run.out;
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 2", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    EXPECT_FALSE(fs::exists(tmp_.file("running-2")));
}

TEST_F(SweepTest, AHungSwitchIsKilledAtTheTimeoutAndTheSweepEndsAfterRestoring) {
    std::ofstream(tmp_.file("HANG_ON")) << "1";
    auto run = run_edgetop(sweep_args({"--modes", "1,2", "--json", "--nvpmodel-timeout", "0.5"}),
                           with_stand_in());
    EXPECT_EQ(run.status, 1) << run.err;
    EXPECT_NE(run.err.find("'nvpmodel -m 1' did not finish within 0.5 s: killed"),
              std::string::npos)
        << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(j["restored"], true);
    ASSERT_EQ(j["modes"].size(), 1u);  // mode 2 not tried: nvpmodel hangs
    EXPECT_NE(mode_of(j, 1)["problem"].get<std::string>().find("did not finish"),
              std::string::npos);
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 1", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    // The kill reached the stand-in's process group, its child included.
    EXPECT_TRUE(process_gone(read_pid(tmp_.file("hung.pid"))));
    EXPECT_FALSE(fs::exists(restore_file()));
}

TEST_F(SweepTest, SigtermDuringAHungSwitchEndsTheSweepAtOnceAndRestores) {
    std::ofstream(tmp_.file("HANG_ON")) << "1";
    EdgetopProcess sweep(sweep_args({"--modes", "1,2", "--json"}), with_stand_in());
    ASSERT_TRUE(wait_for_file(tmp_.file("hung.pid")));
    auto sent = std::chrono::steady_clock::now();
    sweep.send(SIGTERM);
    auto run = sweep.wait(std::chrono::seconds(20));
    EXPECT_LT(since(sent).count(), 10'000);  // the default timeout is 30 s
    EXPECT_EQ(run.status, 128 + SIGTERM) << run.err;
    EXPECT_NE(run.err.find("'nvpmodel -m 1' killed on SIGTERM"), std::string::npos) << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(j["interrupted"], true);
    EXPECT_EQ(j["restored"], true);
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 1", "-m 0"}));
    EXPECT_TRUE(process_gone(read_pid(tmp_.file("hung.pid"))));
    EXPECT_FALSE(fs::exists(restore_file()));
}

TEST_F(SweepTest, SigtermDuringAHungRestoreEndsItAndTheNextSweepRestoresFirst) {
    std::ofstream(tmp_.file("HANG_ON")) << "0";
    EdgetopProcess sweep(sweep_args({"--modes", "2", "--json"}), with_stand_in());
    ASSERT_TRUE(wait_for_file(tmp_.file("hung.pid")));  // the restore hangs
    auto sent = std::chrono::steady_clock::now();
    sweep.send(SIGTERM);
    auto run = sweep.wait(std::chrono::seconds(20));
    EXPECT_LT(since(sent).count(), 10'000);  // 3 s of grace, not the 30 s timeout
    EXPECT_EQ(run.status, 128 + SIGTERM) << run.err;
    EXPECT_NE(run.err.find("'nvpmodel -m 0' still running 3 s after SIGTERM: killed"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("NOT restored"), std::string::npos) << run.err;
    EXPECT_EQ(json::parse(run.out)["restored"], false);
    EXPECT_TRUE(process_gone(read_pid(tmp_.file("hung.pid"))));
    EXPECT_TRUE(active_status().starts_with("pmode:0002")) << active_status();
    ASSERT_TRUE(fs::exists(restore_file()));

    // nvpmodel works again: the next sweep restores mode 0 first, says so in one line, then runs.
    fs::remove(tmp_.file("HANG_ON"));
    auto next = run_edgetop(sweep_args({"--modes", "2", "--json"}), with_stand_in());
    ASSERT_EQ(next.status, 0) << next.err;
    size_t said = 0;
    for (const auto& line : split_lines(next.err))
        said += line.find("restoring mode 0, left switched by a sweep that did not finish (" +
                          restore_file() + ")") != std::string::npos;
    EXPECT_EQ(said, 1u) << next.err;
    auto j = json::parse(next.out);
    EXPECT_EQ(j["original_mode"], 0);
    EXPECT_EQ(j["restored"], true);
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 2", "-m 0", "-m 0", "-m 2", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    EXPECT_FALSE(fs::exists(restore_file()));
}

TEST_F(SweepTest, AfterSigkillSweepRestoreSwitchesBackAndRemovesTheFile) {
    EdgetopProcess sweep(sweep_args({"--modes", "3"}), with_stand_in());
    ASSERT_TRUE(wait_for_file(tmp_.file("running-3")));
    pid_t job = read_pid(tmp_.file("running-3"));
    ::kill(job, SIGSTOP);  // the sweep stays in its run, however slow this machine is
    auto kept = read_lines(restore_file());
    EXPECT_NE(std::find(kept.begin(), kept.end(), "mode 0"), kept.end());
    // Meanwhile a second sweep is refused: it would take the running one's file for a left one.
    std::vector<std::string> restore{"sweep", "--root", tree_.root(), "--restore"};
    auto second = run_edgetop(restore, with_stand_in());
    EXPECT_EQ(second.status, 2) << second.err;
    EXPECT_EQ(split_lines(second.err).size(), 1u) << second.err;
    EXPECT_NE(second.err.find("another edgetop sweep is running"), std::string::npos) << second.err;

    sweep.send(SIGKILL);
    ::kill(job, SIGKILL);
    EXPECT_EQ(sweep.wait().status, 128 + SIGKILL);
    EXPECT_TRUE(active_status().starts_with("pmode:0003")) << active_status();
    EXPECT_EQ(read_lines(restore_file()), kept);

    auto restored = run_edgetop(restore, with_stand_in());
    EXPECT_EQ(restored.status, 0) << restored.err;
    EXPECT_EQ(split_lines(restored.err).size(), 1u) << restored.err;
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 3", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    EXPECT_FALSE(fs::exists(restore_file()));

    auto nothing = run_edgetop(restore, with_stand_in());
    EXPECT_EQ(nothing.status, 0) << nothing.err;
    EXPECT_EQ(split_lines(nothing.err).size(), 1u) << nothing.err;
    EXPECT_NE(nothing.err.find("nothing to restore"), std::string::npos) << nothing.err;
    EXPECT_EQ(calls().size(), 2u);
}

TEST_F(SweepTest, EveryStopSignalToEdgetopAloneEndsTheWholeJobAndTheSweep) {
    for (int signo : {SIGINT, SIGTERM, SIGHUP}) {
        std::string child = tmp_.file("child-" + std::to_string(signo));
        std::string script = tmp_.file("script-" + std::to_string(signo));
        write_script(script, "#!/bin/sh\nsh -c 'echo $$ > " + child + ".tmp; mv " + child +
                                 ".tmp " + child + "; exec sleep 30'\ntouch " + child + ".after\n");
        auto args = sweep_args({"--modes", "1", "--json"});
        args.back() = script;
        EdgetopProcess sweep(args, with_stand_in());
        ASSERT_TRUE(wait_for_file(child));
        pid_t pid = read_pid(child);
        auto sent = std::chrono::steady_clock::now();
        sweep.send(signo);
        auto run = sweep.wait(std::chrono::seconds(40));
        EXPECT_LT(since(sent).count(), 10'000) << signo;
        EXPECT_EQ(run.status, 128 + signo) << run.err;
        EXPECT_TRUE(process_gone(pid)) << signo;
        ::kill(pid, SIGKILL);  // whatever happened, nothing is left behind
        EXPECT_FALSE(fs::exists(child + ".after")) << signo;
        auto j = json::parse(run.out);
        EXPECT_EQ(j["interrupted"], true);
        EXPECT_EQ(j["restored"], true);
        EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    }
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 1", "-m 0", "-m 1", "-m 0", "-m 1", "-m 0"}));
}

}  // namespace
}  // namespace edgetop::testing::sweep
