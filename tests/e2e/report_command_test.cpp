// edgetop report on real recordings of fixture trees: the figures, several files, damaged files,
// files that are not sessions, and sessions without event lines.
#include <gtest/gtest.h>

#include <fstream>

#include "e2e/edgetop_process.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;

void write_lines(const std::string& path, const std::vector<std::string>& lines,
                 bool final_newline = true) {
    std::ofstream out(path, std::ios::binary);
    for (size_t i = 0; i < lines.size(); ++i)
        out << lines[i] << (i + 1 < lines.size() || final_newline ? "\n" : "");
}

// A short recording of a fixture board.
std::string record(const TempDir& tmp, const std::string& name, const std::string& root,
                   int count = 6, int interval_ms = 100) {
    std::string out = tmp.file(name);
    auto run = run_edgetop({"record", "--root", root, "-i", std::to_string(interval_ms), "-n",
                            std::to_string(count), "-o", out});
    EXPECT_EQ(run.status, 0) << run.err;
    return out;
}

json report_json(const std::vector<std::string>& files, RunResult* run_out = nullptr) {
    std::vector<std::string> args{"report", "--json"};
    args.insert(args.end(), files.begin(), files.end());
    auto run = run_edgetop(args);
    if (run_out) *run_out = run;
    EXPECT_EQ(run.status, 0) << run.err;
    return json::parse(run.out, nullptr, false);
}

const json* metric(const json& session, const std::string& name) {
    for (const auto& m : session["metrics"])
        if (m["name"] == name) return &m;
    return nullptr;
}

TEST(ReportCommand, SummarisesARecordingOfAnAgxOrin) {
    TempDir tmp;
    std::string file = record(tmp, "orin.jsonl", fixture_root("agx-orin"));
    auto lines = parse_lines(read_lines(file));
    // The expected energy, by the trapezoidal rule over the written timestamps and totals.
    double joules = 0, first_t = -1, last_t = 0;
    std::optional<double> last_mw;
    int samples = 0;
    for (const auto& line : lines) {
        if (line["type"] != "sample") continue;
        ++samples;
        double t = line["t"], mw = line["power_total_mw"];
        if (first_t < 0) first_t = t;
        if (last_mw) joules += (*last_mw + mw) / 2 * (t - last_t) / 1000;
        last_t = t;
        last_mw = mw;
    }
    ASSERT_GT(joules, 0);

    auto report = report_json({file});
    ASSERT_FALSE(report.is_discarded());
    ASSERT_EQ(report["sessions"].size(), 1u);
    const auto& s = report["sessions"][0];
    EXPECT_EQ(s["samples"], samples);
    EXPECT_EQ(s["board"]["soc"], "tegra234");
    EXPECT_NEAR(s["energy"]["total"]["joules"].get<double>(), joules, 1e-9 * joules);
    EXPECT_NEAR(s["energy"]["total"]["wh"].get<double>(), joules / 3600, 1e-12);
    EXPECT_NEAR(s["energy"]["total"]["covered_s"].get<double>(), last_t - first_t, 1e-9);
    EXPECT_EQ(s["sampling"]["nominal_ms"], 100);
    EXPECT_EQ(s["sampling"]["interval_ms"]["count"], samples - 1);
    // Every rail of the fixture has its distribution and energy; thermal zones too.
    ASSERT_NE(metric(s, "VDD_GPU_SOC"), nullptr);
    EXPECT_EQ((*metric(s, "VDD_GPU_SOC"))["unit"], "mW");
    EXPECT_EQ((*metric(s, "VDD_GPU_SOC"))["cdf"].size(), 6u);
    ASSERT_NE(metric(s, "CPU"), nullptr);
    EXPECT_NEAR((*metric(s, "CPU"))["max"].get<double>(), 52.625, 1e-9);
    EXPECT_EQ((*metric(s, "CV0"))["count"], 0);  // power-gated: never a reading
    EXPECT_FALSE(s["energy"]["rails"].empty());

    auto text = run_edgetop({"report", file});
    EXPECT_EQ(text.status, 0) << text.err;
    for (const char* part :
         {"duration", "sampling", "p50", "p99", "energy", "VDD_GPU_SOC", "CPU", "flags"})
        EXPECT_NE(text.out.find(part), std::string::npos) << part << "\n" << text.out;
}

TEST(ReportCommand, SeveralSessionsSideBySide) {
    TempDir tmp;
    std::string a = record(tmp, "a.jsonl", fixture_root("agx-orin"), 4);
    std::string b = record(tmp, "b.jsonl", fixture_root("orin-nano"), 8);
    auto run = run_edgetop({"report", a, b});
    EXPECT_EQ(run.status, 0) << run.err;
    auto at = run.out.find("comparison");
    ASSERT_NE(at, std::string::npos) << run.out;
    std::string comparison = run.out.substr(at);
    for (const std::string& part : {a, b, std::string("energy J"), std::string("avg power W")})
        EXPECT_NE(comparison.find(part), std::string::npos) << part << "\n" << comparison;
    auto report = report_json({a, b});
    ASSERT_EQ(report["sessions"].size(), 2u);
    EXPECT_EQ(report["sessions"][0]["samples"], 4);
    EXPECT_EQ(report["sessions"][1]["samples"], 8);
}

TEST(ReportCommand, TruncatedLastLineIsAWarningAndTheRestIsUsed) {
    TempDir tmp;
    auto lines = read_lines(record(tmp, "full.jsonl", fixture_root("agx-orin")));
    ASSERT_EQ(lines.size(), 8u);  // header, 6 samples, end
    lines.pop_back();             // the end line
    lines.back() = lines.back().substr(0, lines.back().size() / 2);
    std::string cut = tmp.file("cut.jsonl");
    write_lines(cut, lines, false);
    RunResult run;
    auto report = report_json({cut}, &run);
    EXPECT_EQ(report["sessions"][0]["samples"], 5);
    EXPECT_NE(run.err.find("line 7: truncated last line ignored"), std::string::npos) << run.err;
}

TEST(ReportCommand, CorruptMiddleLineIsReportedWithItsNumberAndSkipped) {
    TempDir tmp;
    auto lines = read_lines(record(tmp, "full.jsonl", fixture_root("agx-orin")));
    lines[3] = R"({"type":"sample","t":0.3,"cpu":{"util":)";
    std::string bad = tmp.file("bad.jsonl");
    write_lines(bad, lines);
    RunResult run;
    auto report = report_json({bad}, &run);
    EXPECT_EQ(report["sessions"][0]["samples"], 5);
    EXPECT_NE(run.err.find("line 4: corrupt line skipped"), std::string::npos) << run.err;
    EXPECT_FALSE(report["sessions"][0]["problems"].empty());
}

TEST(ReportCommand, AFileThatIsNotASessionIsAOneLineError) {
    TempDir tmp;
    std::string notes = tmp.file("notes.txt");
    write_lines(notes, {"RAM 2000/3956MB (lfb 5x4MB) CPU [12%@1479,8%@1479] GR3D_FREQ 0%"});
    auto run = run_edgetop({"report", notes});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(split_lines(run.err).size(), 1u) << run.err;
    EXPECT_NE(run.err.find("not an edgetop session"), std::string::npos) << run.err;

    run = run_edgetop({"report", tmp.file("missing.jsonl")});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("cannot open"), std::string::npos) << run.err;

    run = run_edgetop({"report"});
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("at least one session file"), std::string::npos) << run.err;
}

// A recording of an AGX Orin whose CPU-therm sits at 100 °C, over its 99 °C passive trip.
std::string hot_recording(const TempDir& tmp) {
    FixtureTree tree("agx-orin");
    tree.write("/sys/class/thermal/thermal_zone0/temp", "100000\n");
    return record(tmp, "hot.jsonl", tree.root(), 15);
}

const json* flag(const json& session, const std::string& id) {
    for (const auto& f : session["flags"])
        if (f["id"] == id) return &f;
    return nullptr;
}

// The recording as a session without recorded flags (an older one, or an import): no event lines
// and no "rules" in its header.
std::string without_recorded_flags(const TempDir& tmp, const std::string& path) {
    std::vector<std::string> kept;
    for (const auto& line : read_lines(path)) {
        if (line.starts_with(R"({"type":"event")")) continue;
        if (!line.starts_with(R"({"type":"header")")) {
            kept.push_back(line);
            continue;
        }
        json header = json::parse(line);
        EXPECT_TRUE(header.contains("rules")) << line;
        header.erase("rules");
        kept.push_back(header.dump());
    }
    std::string bare = tmp.file("bare.jsonl");
    write_lines(bare, kept);
    return bare;
}

TEST(ReportCommand, RecordedFlagsAreReportedAndRecomputedWhenEventsAreMissing) {
    TempDir tmp;
    std::string hot = hot_recording(tmp);
    auto recorded = report_json({hot})["sessions"][0];
    EXPECT_EQ(recorded["flags_source"], "recorded");
    const json* f = flag(recorded, "thermal_throttle");
    ASSERT_NE(f, nullptr) << recorded["flags"];
    EXPECT_EQ((*f)["raised"], 1);
    EXPECT_TRUE((*f)["active_at_end"].get<bool>());
    EXPECT_NE((*f)["worst"]["message"].get<std::string>().find("CPU"), std::string::npos);

    // Without its event lines and rule list (as an older or imported session), the flags come
    // from the samples.
    std::string bare = without_recorded_flags(tmp, hot);
    auto recomputed = report_json({bare})["sessions"][0];
    EXPECT_EQ(recomputed["flags_source"], "recomputed");
    const json* g = flag(recomputed, "thermal_throttle");
    ASSERT_NE(g, nullptr) << recomputed["flags"];
    // The same sample raises it; t is written with microseconds.
    EXPECT_NEAR((*g)["first_raised_s"].get<double>(), (*f)["first_raised_s"].get<double>(), 1e-5);

    // Switched off on the command line, the recomputation does not raise it.
    auto run = run_edgetop({"report", "--json", "--rules-off", "thermal_throttle", bare});
    auto off = json::parse(run.out, nullptr, false);
    ASSERT_FALSE(off.is_discarded()) << run.err;
    EXPECT_EQ(flag(off["sessions"][0], "thermal_throttle"), nullptr);
}

TEST(ReportCommand, ARecordingWithoutEventsHadNoFlagUpAndIsNotRecomputed) {
    TempDir tmp;
    std::string hot = hot_recording(tmp);
    std::vector<std::string> kept;
    for (const auto& line : read_lines(hot))
        if (!line.starts_with(R"({"type":"event")")) kept.push_back(line);
    std::string quiet = tmp.file("quiet.jsonl");
    write_lines(quiet, kept);
    // Its header lists the rules that ran, so no event line means no flag was up: its samples
    // (hot enough to raise thermal_throttle if the rules ran again) are not analysed again.
    auto report = report_json({quiet})["sessions"][0];
    EXPECT_EQ(report["flags_source"], "recorded");
    EXPECT_TRUE(report["flags"].empty()) << report["flags"];
    EXPECT_EQ(report["samples"], 15);
}

TEST(ReportCommand, ReadingOnlyWhatItSummarisesChangesNoFigure) {
    TempDir tmp;
    // Fixture boards, and this machine (moving CPU figures, processes).
    for (const std::string& root :
         {fixture_root("agx-orin"), fixture_root("nano"), std::string("/")}) {
        // At the shortest interval: the figures need samples, not time.
        std::string recorded = record(tmp, "recorded.jsonl", root, 12, 50);
        auto summary_read = report_json({recorded})["sessions"][0];
        auto full_read = report_json({without_recorded_flags(tmp, recorded)})["sessions"][0];
        EXPECT_EQ(full_read["flags_source"], "recomputed");
        for (const char* key : {"metrics", "energy", "sampling", "samples", "duration_s"})
            EXPECT_EQ(summary_read[key], full_read[key]) << root << " " << key;
        EXPECT_FALSE(summary_read["metrics"].empty()) << root;
    }
}

TEST(ReportCommand, TheConfigFileSetsRulesForEveryCommand) {
    TempDir tmp;
    std::string bare = without_recorded_flags(tmp, hot_recording(tmp));

    std::filesystem::create_directories(tmp.file("config/edgetop"));
    write_lines(tmp.file("config/edgetop/config"),
                {"# the fixture runs hot on purpose", "rules_off = thermal_throttle"});
    ::setenv("XDG_CONFIG_HOME", tmp.file("config").c_str(), 1);
    auto run = run_edgetop({"report", "--json", bare});
    auto bad_line = [&] {
        write_lines(tmp.file("config/edgetop/config"), {"thermal_throttle.warn_c = hot"});
        return run_edgetop({"report", bare});
    }();
    ::unsetenv("XDG_CONFIG_HOME");
    auto report = json::parse(run.out, nullptr, false);
    ASSERT_FALSE(report.is_discarded()) << run.err;
    EXPECT_EQ(flag(report["sessions"][0], "thermal_throttle"), nullptr);
    EXPECT_EQ(bad_line.status, 2);
    EXPECT_NE(bad_line.err.find("config: line 1"), std::string::npos) << bad_line.err;
}

}  // namespace
}  // namespace edgetop::testing
