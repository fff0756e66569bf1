// edgetop sweep -- CMD: the modes it measures, what it recommends, the sessions it keeps, and
// what it refuses before switching anything (the stand-in nvpmodel: sweep_stand_in.hpp).
#include <gtest/gtest.h>

#include "e2e/sweep_stand_in.hpp"

namespace edgetop::testing::sweep {
namespace {

TEST_F(SweepTest, RecommendsTheKnownModesKeepsSessionsAndRestores) {
    std::string dir = tmp_.file("sessions");
    auto run = run_edgetop(sweep_args({"--json", "--budget-w", "4.5", "-o", dir}), with_stand_in());
    ASSERT_EQ(run.status, 0) << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(j["original_mode"], 0);
    EXPECT_EQ(j["restored"], true);
    EXPECT_EQ(j["pareto"], json({2, 1, 0})) << run.out;
    EXPECT_EQ(j["recommended"]["min_time"], 2) << run.out;
    EXPECT_EQ(j["recommended"]["min_energy"], 0) << run.out;
    EXPECT_EQ(j["recommended"]["min_energy_within_slack"], 2) << run.out;
    EXPECT_EQ(j["recommended"]["min_energy_under_budget"], 3) << run.out;
    ASSERT_EQ(j["modes"].size(), 4u);
    EXPECT_EQ(mode_of(j, 3)["name"], "7W");
    EXPECT_EQ(mode_of(j, 3)["caps"]["online_cores"], 4);
    EXPECT_EQ(mode_of(j, 3)["caps"]["cpu_max_mhz"], 960);
    EXPECT_EQ(mode_of(j, 2)["caps"]["gpu_max_mhz"], nullptr);  // MAXN: no cap
    // Average power is the mode's VDD_IN: 4.992 V x the stand-in's current.
    EXPECT_NEAR(mode_of(j, 2)["avg_power_w"].get<double>(), 4.992 * 8.016, 0.05);
    EXPECT_NEAR(mode_of(j, 3)["avg_power_w"].get<double>(), 4.992 * 0.800, 0.05);
    EXPECT_GE(mode_of(j, 3)["duration_s"].get<double>(), 3.0);
    // Mode 2's 0.5 s at -i 50 is about 10 samples: said on standard error beside the JSON.
    EXPECT_EQ(mode_of(j, 2)["samples"], mode_of(j, 2)["runs"][0]["samples"]);
    EXPECT_LT(mode_of(j, 2)["samples"].get<int>(), 20);
    EXPECT_GE(mode_of(j, 3)["samples"].get<int>(), 20);
    EXPECT_NE(run.err.find("edgetop sweep: mode 2: only "), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("edgetop sweep: mode 3: only "), std::string::npos) << run.err;

    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 0", "-m 1", "-m 2", "-m 3", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    EXPECT_FALSE(fs::exists(restore_file()));  // removed once the mode is back

    // Every run's session is kept, and `report` on it gives the sweep's figures.
    for (const auto& mode : j["modes"]) {
        int id = mode["id"];
        std::string session = dir + "/mode-" + std::to_string(id) + "-run-1.jsonl";
        ASSERT_EQ(mode["runs"].size(), 1u);
        EXPECT_EQ(mode["runs"][0]["session"], session);
        EXPECT_EQ(mode["runs"][0]["exit_status"], 0);
        auto report = run_edgetop({"report", "--json", session});
        ASSERT_EQ(report.status, 0) << report.err;
        auto r = json::parse(report.out);
        const json& total = r["sessions"][0]["energy"]["total"];
        EXPECT_DOUBLE_EQ(total["joules"].get<double>(), mode["energy_j"].get<double>())
            << "mode " << id;
        // And from first principles, apart from the integrator both share: the stand-in's
        // constant VDD_IN (4.992 V x the mode's current) times the time covered, which is the
        // job's own time less at most an interval (50 ms) at each end, within the mode's.
        const double amperes[] = {1.200, 2.800, 8.016, 0.800}, job_s[] = {1.5, 1.0, 0.5, 3.0};
        double covered_s = total["covered_s"];
        EXPECT_NEAR(total["joules"].get<double>(), 4.992 * amperes[id] * covered_s,
                    1e-6 * total["joules"].get<double>())  // lines keep 7 significant digits
            << "mode " << id;
        EXPECT_GE(covered_s, job_s[id] - 2 * 0.05) << "mode " << id;
        EXPECT_LE(covered_s, mode["duration_s"].get<double>()) << "mode " << id;
    }
}

TEST_F(SweepTest, TextNamesTheFrontAndTheRecommendations) {
    // Modes by name, whatever the case: MAXN_SUPER is 2 on this module.
    auto run = run_edgetop(sweep_args({"--modes", "maxn_super,15W"}), with_stand_in());
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(std::regex_search(run.out, std::regex(R"(time-energy Pareto front\s+2,0\n)")))
        << run.out;
    EXPECT_TRUE(std::regex_search(run.out, std::regex(R"(\n\s*fastest\s+mode 2 \(MAXN_SUPER\))")))
        << run.out;
    EXPECT_TRUE(std::regex_search(run.out, std::regex(R"(\n\s*least energy\s+mode 0 \(15W\))")))
        << run.out;
    EXPECT_NE(run.out.find("(no --budget-w)"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("original mode 0 (15W) restored"), std::string::npos) << run.out;
    // Mode 2's 0.5 s job is about 10 samples at -i 50, already the shortest interval: more runs.
    EXPECT_TRUE(std::regex_search(
        run.out,
        std::regex(R"(\n  mode 2: only \d+ samples \(fewer than 20\): .*--repeat [2-9]\n)")))
        << run.out;
    EXPECT_NE(run.out.find("module's rails, not the carrier board"), std::string::npos) << run.out;
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 2", "-m 0", "-m 0"}));
}

TEST_F(SweepTest, AModeWhereTheJobFailsIsShownButNotRecommended) {
    std::ofstream(tmp_.file("FAIL_JOB_ON")) << "0";
    auto run = run_edgetop(sweep_args({"--json"}), with_stand_in());
    ASSERT_EQ(run.status, 0) << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(mode_of(j, 0)["exit_status"], 3);
    EXPECT_EQ(mode_of(j, 0)["recommendable"], false);
    EXPECT_EQ(j["pareto"], json({2, 1, 3})) << run.out;
    EXPECT_EQ(j["recommended"]["min_energy"], 3) << run.out;
    EXPECT_EQ(j["recommended"]["min_time"], 2) << run.out;
    EXPECT_EQ(j["restored"], true);
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
    EXPECT_EQ(calls().back(), "-m 0");
}

TEST_F(SweepTest, AModeTheSwitchFailsOnIsShownButNotRecommended) {
    std::ofstream(tmp_.file("FAIL_ON")) << "2";
    auto run = run_edgetop(sweep_args({"--json"}), with_stand_in());
    ASSERT_EQ(run.status, 0) << run.err;
    auto j = json::parse(run.out);
    EXPECT_EQ(mode_of(j, 2)["runs"].size(), 0u);
    EXPECT_NE(mode_of(j, 2)["problem"].get<std::string>().find("exited with status 1"),
              std::string::npos);
    EXPECT_EQ(j["pareto"], json({1, 0})) << run.out;
    EXPECT_EQ(j["recommended"]["min_time"], 1) << run.out;
    EXPECT_EQ(j["recommended"]["min_energy"], 0) << run.out;
    EXPECT_EQ(j["restored"], true);
    EXPECT_EQ(calls(), (std::vector<std::string>{"-m 0", "-m 1", "-m 2", "-m 3", "-m 0"}));
    EXPECT_TRUE(active_status().starts_with("pmode:0000")) << active_status();
}

TEST_F(SweepTest, AFailedRestoreSaysSoWithTheCommand) {
    std::ofstream(tmp_.file("FAIL_ON")) << "0";
    auto run = run_edgetop(sweep_args({"--modes", "1", "--json"}), with_stand_in());
    EXPECT_EQ(run.status, 1) << run.err;
    EXPECT_EQ(json::parse(run.out)["restored"], false);
    EXPECT_NE(run.err.find("NOT restored"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("sudo nvpmodel -m 0"), std::string::npos) << run.err;
}

TEST_F(SweepTest, RefusesBeforeSwitchingAnything) {
    struct Case {
        std::vector<std::string> args;
        SpawnOptions options;
        std::string message;
    };
    SpawnOptions nobody = with_stand_in();
    nobody.uid = 65534;
    SpawnOptions no_nvpmodel;
    no_nvpmodel.env.emplace_back("PATH", "/usr/bin:/bin");
    FixtureTree no_conf("orin-nano");
    no_conf.remove("/etc/nvpmodel.conf");
    std::string job = tmp_.file("job");
    std::vector<Case> cases{
        // uid 65534 cannot read the private temporary tree: it gets the source fixture.
        {{"sweep", "--root", fixture_root("orin-nano"), "--", job}, nobody, "needs root"},
        {sweep_args({}), no_nvpmodel, "no 'nvpmodel' on PATH"},
        {{"sweep", "--root", no_conf.root(), "--", job},
         with_stand_in(),
         "cannot read /etc/nvpmodel.conf"},
        {sweep_args({"--modes", "1,9"}), with_stand_in(), "no power mode 9 in /etc/nvpmodel.conf"},
        {sweep_args({"--modes", "15W,MAXQ"}), with_stand_in(),
         "no power mode MAXQ in /etc/nvpmodel.conf (its modes: 0 15W, 1 25W, 2 MAXN_SUPER, 3 7W)"},
    };
    for (const auto& c : cases) {
        auto run = run_edgetop(c.args, c.options);
        EXPECT_EQ(run.status, 2) << c.message;
        EXPECT_EQ(split_lines(run.err).size(), 1u) << run.err;
        EXPECT_NE(run.err.find(c.message), std::string::npos) << run.err;
        EXPECT_FALSE(fs::exists(log())) << c.message;
    }
}

TEST_F(SweepTest, ABadRestoreFileIsAOneLineErrorNamingIt) {
    tree_.write(kRestoreFile, "\x1b[2J\x1b]0;owned\x07 mode 1\n");
    std::vector<std::string> restore{"sweep", "--root", tree_.root(), "--restore"};
    for (const auto& args : {sweep_args({"--modes", "2"}), restore}) {
        auto run = run_edgetop(args, with_stand_in());
        EXPECT_EQ(run.status, 2) << run.err;
        EXPECT_EQ(split_lines(run.err).size(), 1u) << run.err;
        EXPECT_NE(run.err.find(restore_file() + " is not a sweep restore file"), std::string::npos)
            << run.err;
        EXPECT_EQ(run.err.find('\x1b'), std::string::npos);  // its content is not echoed
    }
    tree_.remove(kRestoreFile);
    fs::create_directory(restore_file());
    auto run = run_edgetop(restore, with_stand_in());
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_EQ(split_lines(run.err).size(), 1u) << run.err;
    EXPECT_NE(run.err.find("cannot read the restore file " + restore_file()), std::string::npos)
        << run.err;
    EXPECT_FALSE(fs::exists(log()));  // nothing switched
}

TEST_F(SweepTest, ALinkPlantedAtASessionsNameIsRefusedBeforeSwitching) {
    std::string dir = tmp_.file("sessions");
    fs::create_directory(dir);
    std::string victim = tmp_.file("victim");
    std::ofstream(victim) << "precious\n";
    std::string link = dir + "/mode-0-run-1.jsonl";
    fs::create_symlink(victim, link);
    auto run = run_edgetop(sweep_args({"-o", dir}), with_stand_in());
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, "edgetop: sweep: cannot write '" + link +
                           "': it is a symbolic link, not followed (remove it or name its "
                           "target)\n");
    EXPECT_FALSE(fs::exists(log()));  // no mode was switched
    EXPECT_EQ(read_lines(victim), std::vector<std::string>{"precious"});
}

// A job that is a script running other commands: a stop request sent to edgetop alone (kill,
// timeout -s, a supervisor) reaches every process of the job, which ends there, and the sweep with
// it, at once rather than when the job would have finished.

}  // namespace
}  // namespace edgetop::testing::sweep
