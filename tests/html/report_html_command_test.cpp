// edgetop report --html end to end: a recording of a fixture board, and bad input and output.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "e2e/edgetop_process.hpp"
#include "export/export_test_support.hpp"
#include "html/html_test_support.hpp"
#include "session/session_reader.hpp"

namespace edgetop::testing {
namespace {

std::size_t line_count(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

std::vector<std::string> names_in(const std::string& directory) {
    std::vector<std::string> out;
    for (const auto& entry : std::filesystem::directory_iterator(directory))
        out.push_back(entry.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

TEST(ReportHtmlCommand, PlotsEveryReadingOfAFixtureRecording) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "orin.jsonl", "agx-orin", 30);
    std::string out = tmp.file("orin.html");
    auto run = run_edgetop({"report", "--html", out, session});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(names_in(tmp.path()), (std::vector<std::string>{"orin.html", "orin.jsonl"}));
    struct stat st {};
    ASSERT_EQ(::stat(out.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0644u);
    std::string page = read_file(out);
    EXPECT_EQ(markup_problem(page), "");
    EXPECT_EQ(page.find("http"), std::string::npos);

    // The readings of each core, zone and rail in the session, counted as the plots must draw
    // them: one point per reading at this length.
    std::map<std::string, std::size_t> cores, zones, rails;
    SessionReader reader(session);
    SessionRecord record;
    while (reader.next(record)) {
        if (record.kind != SessionRecord::Kind::sample) continue;
        for (const auto& c : record.sample.cpu.cores)
            if (c.online && c.util_pct) ++cores["cpu" + std::to_string(c.id)];
        for (const auto& z : record.sample.thermal)
            if (z.temp_c) ++zones[z.name];
        for (const auto& r : record.sample.rails)
            if (r.power_mw) ++rails[r.name];
    }
    // The fixture's /proc/stat does not move: its cores have no utilisation, and no chart.
    ASSERT_FALSE(zones.empty());
    ASSERT_FALSE(rails.empty());
    EXPECT_EQ(points_per_series(chart_markup(page, "s1-cores")), cores);
    EXPECT_EQ(points_per_series(chart_markup(page, "s1-thermal")), zones);
    auto power = points_per_series(chart_markup(page, "s1-power"));
    for (const auto& [name, count] : rails)
        EXPECT_EQ(power[name], count) << name;
}

TEST(ReportHtmlCommand, SeveralSessionsAndAnExistingOutputReplaced) {
    TempDir tmp;
    std::string a = record_fixture(tmp, "a.jsonl", "agx-orin", 5);
    std::string b = record_fixture(tmp, "b.jsonl", "nano", 5);
    std::string out = tmp.file("both.html");
    std::ofstream(out) << "old content";
    auto run = run_edgetop({"report", a, "--html", out, b});
    ASSERT_EQ(run.status, 0) << run.err;
    std::string page = read_file(out);
    EXPECT_NE(page.find("id=\"comparison\""), std::string::npos);
    EXPECT_EQ(page.find("old content"), std::string::npos);
    EXPECT_EQ(markup_problem(page), "");
}

// The number in attribute `name` of the tag that starts at `at`.
double attribute(const std::string& markup, std::size_t at, const std::string& name) {
    std::size_t tag_end = markup.find('>', at);
    std::size_t p = markup.find(" " + name + "=\"", at);
    if (p == std::string::npos || p > tag_end) return NAN;
    return std::stod(markup.substr(p + name.size() + 3));
}

TEST(ReportHtmlCommand, RecomputedFlagsAreShadedWhereTheyWereActive) {
    // The real Orin Nano capture has no event lines: its flags are recomputed, here with a
    // warning temperature its gpu and tj zones cross from about 1.9 s to the end.
    TempDir tmp;
    std::string out = tmp.file("flags.html");
    std::vector<std::string> args{
        "report",
        "--rule",
        "thermal_throttle.warn_c=49.3",
        "--rule",
        "thermal_throttle.sustain_s=0.3",
        std::string(EDGETOP_SOURCE_DIR) + "/examples/orin-nano-super-trt.jsonl"};
    auto json = run_edgetop([&] {
        auto a = args;
        a.push_back("--json");
        return a;
    }());
    ASSERT_EQ(json.status, 0) << json.err;
    auto session = nlohmann::json::parse(json.out)["sessions"][0];
    ASSERT_EQ(session["flags"].size(), 1u);
    double raised = session["flags"][0]["first_raised_s"], end = session["duration_s"];
    args.insert(args.begin() + 1, {"--html", out});
    auto run = run_edgetop(args);
    ASSERT_EQ(run.status, 0) << run.err;
    std::string flags = chart_markup(read_file(out), "s1-flags");
    auto at = flags.find("<rect class=\"flag\" data-flag=\"thermal_throttle\"");
    ASSERT_NE(at, std::string::npos) << flags;
    EXPECT_EQ(flags.find("<rect", at + 1), std::string::npos);  // one span
    // The plotting area: 780 px from x = 64, for 0 .. the session's duration.
    EXPECT_NEAR(attribute(flags, at, "x"), 64 + raised / end * 780, 0.06);
    EXPECT_NEAR(attribute(flags, at, "width"), (end - raised) / end * 780, 0.11);
}

TEST(ReportHtmlCommand, ReadsATegrastatsLog) {
    TempDir tmp;
    std::string out = tmp.file("log.html");
    auto run = run_edgetop(
        {"report", "--from", "tegrastats", "--html", out,
         std::string(EDGETOP_SOURCE_DIR) + "/examples/orin-nano-super-trt.tegrastats.log"});
    ASSERT_EQ(run.status, 0) << run.err;
    std::string page = read_file(out);
    EXPECT_EQ(markup_problem(page), "");
    // 300 lines, each with VDD_IN: one point each.
    EXPECT_EQ(points_per_series(chart_markup(page, "s1-power"))["VDD_IN"], 300u);
}

void expect_one_line_failure(const RunResult& run, int status, const std::string& says) {
    EXPECT_EQ(run.status, status) << run.err;
    EXPECT_EQ(line_count(run.err), 1u) << run.err;
    EXPECT_NE(run.err.find(says), std::string::npos) << run.err;
}

TEST(ReportHtmlCommand, BadInputIsOneLineAndLeavesNoFile) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "s.jsonl", "agx-orin", 3);
    std::string text = tmp.file("notes.txt");
    std::ofstream(text) << "this is not a session\n";
    std::string out = tmp.file("out.html");
    auto missing = run_edgetop({"report", "--html", out, tmp.file("missing.jsonl")});
    expect_one_line_failure(missing, 1, "missing.jsonl");
    auto not_session = run_edgetop({"report", "--html", out, text});
    expect_one_line_failure(not_session, 1, "notes.txt");
    auto directory = run_edgetop({"report", "--html", out, tmp.path()});
    EXPECT_EQ(directory.status, 1);
    auto no_dir = run_edgetop({"report", "--html", tmp.file("nowhere/out.html"), session});
    expect_one_line_failure(no_dir, 1, "nowhere/out.html");
    auto dash = run_edgetop({"report", "--html", "-", session});
    expect_one_line_failure(dash, 2, "--html");
    auto both = run_edgetop({"report", "--html", out, "--json", session});
    expect_one_line_failure(both, 2, "--json");
    EXPECT_EQ(names_in(tmp.path()), (std::vector<std::string>{"notes.txt", "s.jsonl"}));
}

TEST(ReportHtmlCommand, AFullDiskIsAnErrorAndKeepsThePreviousFile) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "s.jsonl", "agx-orin", 3);
    auto full = run_edgetop({"report", "--html", "/dev/full", session});
    expect_one_line_failure(full, 1, "No space left on device");
    // A file size limit stops the write of the temporary file: the output keeps its content.
    std::string out = tmp.file("out.html");
    std::ofstream(out) << "previous report";
    SpawnOptions limited;
    limited.file_size_limit = 4096;
    auto run = run_edgetop({"report", "--html", out, session}, limited);
    expect_one_line_failure(run, 1, "out.html");
    EXPECT_EQ(read_file(out), "previous report");
    EXPECT_EQ(names_in(tmp.path()), (std::vector<std::string>{"out.html", "s.jsonl"}));
}

TEST(ReportHtmlCommand, ADeviceIsWrittenDirectly) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "s.jsonl", "agx-orin", 3);
    auto run = run_edgetop({"report", "--html", "/dev/stdout", session});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_EQ(markup_problem(run.out), "");
}

}  // namespace
}  // namespace edgetop::testing
