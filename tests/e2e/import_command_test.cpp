// edgetop import tegrastats and report --from tegrastats, run as a user runs them, on every real
// capture of tests/import/data and on damaged input.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "e2e/edgetop_process.hpp"
#include "e2e/tmux_session.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::string data_dir() {
    return std::string(EDGETOP_SOURCE_DIR) + "/tests/import/data";
}

std::vector<fs::path> capture_files() {
    std::vector<fs::path> logs;
    for (const auto& entry : fs::directory_iterator(data_dir()))
        if (entry.path().extension() == ".log") logs.push_back(entry.path());
    std::sort(logs.begin(), logs.end());
    return logs;
}

size_t count_of(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

// Lines that are not tegrastats samples, by file (read in the captures): a `date` line each.
const std::map<std::string, size_t> kSkippedLines = {
    {"agx-xavier-32gb-moskitoo.log", 1},  // "pon, 6 maj 2024, 18:29:45 UTC"
    {"tx2-ssaraff98.log", 1},             // "Tue Jan 26 18:22:31 UTC 2021"
};

// The board each capture's name says it comes from, as the header's model names it.
std::string expected_model(const std::string& file) {
    if (file.starts_with("agx-orin") || file.starts_with("orin-unknown")) return "Jetson AGX Orin";
    if (file.starts_with("orin-nano")) return "Jetson Orin Nano";
    if (file.starts_with("orin-nx")) return "Jetson Orin NX";
    if (file.starts_with("agx-xavier")) return "Jetson AGX Xavier";
    if (file.starts_with("xavier-nx")) return "Jetson Xavier NX";
    if (file.starts_with("nano")) return "Jetson Nano";
    if (file.starts_with("tx2")) return "Jetson TX2";
    return "";  // TX1's pre-R28.2 lines name no rail or zone: no guess
}

size_t non_blank_lines(const fs::path& path) {
    size_t n = 0;
    for (const auto& line : read_lines(path.string()))
        n += line.find_first_not_of(" \t\r") != std::string::npos;
    return n;
}

TEST(ImportCommand, EveryCaptureBecomesACompleteSession) {
    TempDir tmp;
    auto logs = capture_files();
    ASSERT_GE(logs.size(), 25u);
    for (const auto& log : logs) {
        std::string name = log.filename().string();
        SCOPED_TRACE(name);
        std::string out = tmp.file(name + ".jsonl");
        auto run = run_edgetop({"import", "tegrastats", log.string(), "-o", out});
        EXPECT_EQ(run.status, 0) << run.err;
        // Header and end line parsed whole; each sample line checked as JSON and its time read
        // (the values of sample lines are other tests' subject: parsing ~20 MB of them here
        // costs seconds under the sanitizers).
        auto lines = read_lines(out);
        ASSERT_GE(lines.size(), 3u);
        const json header = json::parse(lines.front());
        EXPECT_EQ(header["type"], "header");
        EXPECT_EQ(header["format"], "edgetop-session");
        EXPECT_EQ(header["source"], "tegrastats");
        EXPECT_EQ(header["root"], "tegrastats");
        std::string model = expected_model(name);
        if (model.empty())
            EXPECT_TRUE(header["board"]["model"].is_null());
        else
            EXPECT_TRUE(header["board"]["model"].get<std::string>().starts_with(model))
                << header["board"]["model"];

        size_t skipped = kSkippedLines.contains(name) ? kSkippedLines.at(name) : 0;
        size_t samples = 0;
        double last_t = -1;
        for (size_t i = 1; i + 1 < lines.size(); ++i) {
            ASSERT_TRUE(json::accept(lines[i])) << "line " << i + 1;
            if (!lines[i].starts_with(R"({"type":"sample","t":)")) continue;
            ++samples;
            double t = std::strtod(lines[i].c_str() + 21, nullptr);
            EXPECT_GT(t, last_t) << "line " << i + 1;
            last_t = t;
        }
        EXPECT_EQ(samples, non_blank_lines(log) - skipped);
        const json end = json::parse(lines.back());
        EXPECT_EQ(end["type"], "end");
        EXPECT_EQ(end["reason"], "end-of-input");
        EXPECT_EQ(end["samples"], samples);
        // Warnings: one per skipped line here (each file has one at most), no unknown token.
        EXPECT_EQ(count_of(run.err, ": skipped "), skipped) << run.err;
        EXPECT_EQ(count_of(run.err, "unknown token"), 0u) << run.err;
    }
}

TEST(ImportCommand, ValuesOfARealLineSurviveTheRoundTrip) {
    // agx-orin-64gb-jetsontools-all.log, first line: RAM 25620/62841MB, EMC_FREQ 0%@3199,
    // GR3D_FREQ 0%@[1300,1300], VDD_GPU_SOC 5191mW, tj@44.843C.
    TempDir tmp;
    std::string out = tmp.file("orin.jsonl");
    auto run = run_edgetop(
        {"import", "tegrastats", data_dir() + "/agx-orin-64gb-jetsontools-all.log", "-o", out});
    ASSERT_EQ(run.status, 0) << run.err;
    auto lines = parse_lines(read_lines(out));
    const json& first = lines.at(1);
    EXPECT_EQ(first["t"], 0);
    EXPECT_EQ(first["time"], "2025-06-25T15:34:25.397Z");  // the recorder's epoch 1750865665.397
    EXPECT_EQ(first["mem"]["used_kb"], 25620 * 1024);
    EXPECT_EQ(first["mem"]["total_kb"], 62841 * 1024);
    EXPECT_EQ(first["emc"]["freq_hz"], 3199000000LL);
    EXPECT_EQ(first["gpu"].size(), 1u);  // one GPU of two GPCs
    EXPECT_EQ(first["gpu"][0]["freq_hz"], 1300000000LL);
    EXPECT_EQ(first["rails"][0]["name"], "VDD_GPU_SOC");
    EXPECT_EQ(first["rails"][0]["power_mw"], 5191);
    EXPECT_EQ(lines.front()["started"], "2025-06-25T15:34:25.397Z");
}

// Two real Orin Nano lines (orin-nano-8gb-super-hokwangchoi.log, line 1) with damage.
const std::string kLine =
    "04-19-2026 01:31:10 RAM 519/7607MB (lfb 61x4MB) CPU "
    "[0%@1728,0%@1728,0%@1728,9%@1728,0%@1728,0%@1728] EMC_FREQ 0%@3199 GR3D_FREQ 0%@[1018] "
    "APE 200 cpu@48.906C tj@49.593C VDD_IN 5971mW/5971mW VDD_SOC 2308mW/2308mW";
const std::string kLine2 =
    "04-19-2026 01:31:11 RAM 518/7607MB (lfb 61x4MB) CPU "
    "[0%@1728,0%@1728,9%@1728,0%@1728,0%@1728,0%@1728] EMC_FREQ 0%@3199 GR3D_FREQ 0%@[1018] "
    "APE 200 cpu@48.718C tj@49.156C VDD_IN 5971mW/5971mW VDD_SOC 2308mW/2308mW";

std::string write_log(const TempDir& tmp, const std::vector<std::string>& lines) {
    std::string path = tmp.file("damaged.log");
    std::ofstream out(path, std::ios::binary);
    for (const auto& line : lines)
        out << line << "\n";
    return path;
}

TEST(ImportCommand, UnknownTokensAreReportedOncePerKindWithTheirFirstLine) {
    TempDir tmp;
    std::string log = write_log(
        tmp, {kLine, kLine + " FOO_FREQ 12%@300", kLine2 + " FOO_FREQ 3%", kLine2 + " BAR@7"});
    std::string out = tmp.file("s.jsonl");
    auto run = run_edgetop({"import", "tegrastats", log, "-o", out});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(count_of(run.err, "unknown token FOO_FREQ"), 1u) << run.err;
    EXPECT_NE(run.err.find("line 2: unknown token FOO_FREQ, 2 times"), std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("line 4: unknown token"), std::string::npos) << run.err;
    EXPECT_EQ(parse_lines(read_lines(out)).back()["samples"], 4);  // kept without the token

    auto strict = run_edgetop({"import", "tegrastats", "--strict", log, "-o", out});
    EXPECT_EQ(strict.status, 1);
    EXPECT_NE(strict.err.find("--strict"), std::string::npos) << strict.err;
}

TEST(ImportCommand, MalformedLinesAreSkippedWithTheirNumberAndTheRestIsImported) {
    TempDir tmp;
    std::string garbage(200000, 'x');  // longer than any line the importer accepts
    std::string log =
        write_log(tmp, {kLine, "RAM 12/abcMB CPU [1%@100]", "", garbage, "\x01\x02 RAM", kLine2});
    std::string out = tmp.file("s.jsonl");
    auto run = run_edgetop({"import", "tegrastats", log, "-o", out});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("line 2: skipped"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("line 4: skipped line too long"), std::string::npos) << run.err;
    auto lines = parse_lines(read_lines(out));
    EXPECT_EQ(lines.back()["samples"], 2);
    EXPECT_EQ(lines.back()["reason"], "end-of-input");
    EXPECT_EQ(run_edgetop({"import", "tegrastats", "--strict", log, "-o", out}).status, 1);
}

TEST(ImportCommand, LinesSharingASecondAreSpreadOverIt) {
    TempDir tmp;
    std::string log = write_log(tmp, {kLine, kLine, kLine, kLine, kLine2});
    std::string out = tmp.file("s.jsonl");
    ASSERT_EQ(run_edgetop({"import", "tegrastats", log, "-o", out}).status, 0);
    auto lines = parse_lines(read_lines(out));
    std::vector<double> t;
    for (const auto& line : lines)
        if (line["type"] == "sample") t.push_back(line["t"].get<double>());
    EXPECT_EQ(t, (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
    EXPECT_EQ(lines.front()["interval_ms"], 250);
}

TEST(ImportCommand, ReadsStandardInputAndWritesStandardOutput) {
    std::string command = "cat " + shell_quote(data_dir() + "/tx2-guesswho798-root.log") + " | " +
                          shell_quote(EDGETOP_BINARY) + " import tegrastats - 2>/dev/null";
    int status = -1;
    auto lines = parse_lines(split_lines(shell_output(command, &status)));
    EXPECT_EQ(status, 0);
    ASSERT_EQ(lines.size(), 7u);  // header, 5 samples, end
    EXPECT_EQ(lines.back()["samples"], 5);
    // An undated log: t follows --interval (tegrastats' default 1000 ms).
    EXPECT_EQ(lines[2]["t"], 1);
}

TEST(ImportCommand, UsageAndInputErrors) {
    std::string log = data_dir() + "/nano-spain2394.log";
    EXPECT_EQ(run_edgetop({"import", "jtop", log}).status, 2);
    EXPECT_EQ(run_edgetop({"import", "tegrastats"}).status, 2);
    EXPECT_EQ(run_edgetop({"import", "tegrastats", log, log}).status, 2);
    EXPECT_EQ(run_edgetop({"import", "tegrastats", "--year", "20x5", log}).status, 2);
    EXPECT_EQ(run_edgetop({"import", "tegrastats", "--strict", "--speed", "2", log}).status, 2);
    auto missing = run_edgetop({"import", "tegrastats", "/nonexistent/tegrastats.log"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.err.find("/nonexistent/tegrastats.log"), std::string::npos);
    TempDir tmp;
    std::string empty = write_log(tmp, {"not tegrastats", "at all"});
    EXPECT_EQ(run_edgetop({"import", "tegrastats", empty, "-o", tmp.file("e.jsonl")}).status, 1);
    // --year is accepted and said to be ignored.
    auto year = run_edgetop({"import", "tegrastats", "--year", "2020", log});
    EXPECT_EQ(year.status, 0);
    EXPECT_NE(year.err.find("--year is ignored"), std::string::npos);
}

json report_json_with(const std::vector<std::string>& args) {
    std::vector<std::string> all{"report", "--json"};
    all.insert(all.end(), args.begin(), args.end());
    auto run = run_edgetop(all);
    EXPECT_EQ(run.status, 0) << run.err;
    return json::parse(run.out, nullptr, false);
}

const json& first_report(const json& report) {
    return report.at("sessions").at(0);
}

TEST(ImportCommand, ReportOfAnImportEqualsReportFromTegrastats) {
    TempDir tmp;
    std::string log =
        std::string(EDGETOP_SOURCE_DIR) + "/examples/orin-nano-super-trt.tegrastats.log";
    std::string session = tmp.file("s.jsonl");
    ASSERT_EQ(run_edgetop({"import", "tegrastats", log, "-o", session}).status, 0);
    const std::vector<std::string> rule{"--rule", "thermal_throttle.warn_c=45"};
    auto imported = report_json_with({rule[0], rule[1], session});
    auto direct = report_json_with({rule[0], rule[1], "--from", "tegrastats", log});
    const json& a = first_report(imported);
    const json& b = first_report(direct);
    EXPECT_EQ(a["samples"], 300);
    EXPECT_EQ(b["samples"], 300);
    // The session keeps t to the microsecond.
    EXPECT_NEAR(a["duration_s"].get<double>(), b["duration_s"].get<double>(), 1e-6);
    ASSERT_EQ(a["flags"].size(), b["flags"].size());
    for (size_t i = 0; i < a["flags"].size(); ++i) {
        EXPECT_EQ(a["flags"][i]["id"], b["flags"][i]["id"]);
        EXPECT_EQ(a["flags"][i]["raised"], b["flags"][i]["raised"]);
        EXPECT_EQ(a["flags"][i]["first_raised_s"], b["flags"][i]["first_raised_s"]);
    }
    // The capture's cpu zone is at 48-50 °C throughout: over 45 °C from the first second on.
    ASSERT_FALSE(b["flags"].empty()) << direct.dump();
    EXPECT_EQ(b["flags"][0]["id"], "thermal_throttle");
    // Default thresholds: an idle board raises nothing.
    EXPECT_TRUE(first_report(report_json_with({"--from", "tegrastats", log}))["flags"].empty());
}

}  // namespace
}  // namespace edgetop::testing
