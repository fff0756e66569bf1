// record --rotate SIZE [--keep N]: a set of files, each a whole session with the set's id and its
// part number, read back by report and replay as the one session they are.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <random>
#include <thread>

#include "analysis/rules_config.hpp"
#include "commands/replay_feed.hpp"
#include "commands/session_file_set.hpp"
#include "e2e/edgetop_process.hpp"
#include "sensors/sampler/sampler.hpp"
#include "session/session_parts.hpp"
#include "session/session_reader.hpp"
#include "session/session_records_json.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// The files of a directory, sorted by name.
std::vector<std::string> set_files_in(const std::string& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

struct SetFileSummary {
    json header;
    json end;
    int samples = 0;
};

SetFileSummary summarise_file(const std::string& path) {
    SetFileSummary summary;
    SessionReader reader(path);
    summary.header = header_to_json(reader.header());
    SessionRecord record;
    while (reader.next(record)) {
        if (record.kind == SessionRecord::Kind::sample) ++summary.samples;
        if (record.kind == SessionRecord::Kind::end) summary.end = end_to_json(record.end);
    }
    return summary;
}

json set_report_json(const std::vector<std::string>& files, std::string* err = nullptr) {
    std::vector<std::string> args{"report", "--json"};
    args.insert(args.end(), files.begin(), files.end());
    auto run = run_edgetop(args);
    EXPECT_EQ(run.status, 0) << run.err;
    if (err) *err = run.err;
    auto j = json::parse(run.out, nullptr, false);
    if (j.is_discarded()) return j;
    for (auto& session : j["sessions"])
        session.erase("file");
    return j;
}

TEST(RotatedSession, FilesCloseAtTheSizeWithinOneLineEachAWholeSession) {
    for (std::string name : {"run.jsonl", "run.jsonl.zst"}) {
        SCOPED_TRACE(name);
        TempDir tmp;
        // A compressed sample of the (still) fixture is tens of bytes, but the header and first
        // sample of each file about 2 kB (a new frame starts from nothing): about 40 samples to a
        // 4 kB file. Plain, a file holds two 5.5 kB samples before it reaches 16 kB. Enough
        // samples for at least two compressed or five plain files: each costs the test 50 ms.
        bool zst = name.ends_with(".zst");
        const int64_t size = zst ? 4096 : 16384;
        const int samples = zst ? 80 : 12;
        auto run = run_edgetop({"record", "--root", fixture_root("agx-orin"), "-i", "50", "-n",
                                std::to_string(samples), "--rotate", zst ? "4k" : "16k", "-o",
                                tmp.file(name)});
        ASSERT_EQ(run.status, 0) << run.err;
        auto names = set_files_in(tmp.path());
        ASSERT_GE(names.size(), zst ? 2u : 3u);
        int total = 0;
        std::string id;
        for (size_t part = 0; part < names.size(); ++part) {
            std::string path = session_part_path(tmp.file(name), static_cast<int64_t>(part));
            ASSERT_TRUE(fs::exists(path)) << path;
            auto summary = summarise_file(path);
            SCOPED_TRACE(path);
            EXPECT_EQ(summary.header["part"], part);
            if (part == 0) id = summary.header["session"].get<std::string>();
            EXPECT_EQ(summary.header["session"], id);
            EXPECT_EQ(id.size(), 16u);
            bool last = part + 1 == names.size();
            EXPECT_EQ(summary.end["reason"], last ? "count" : "rotated");
            EXPECT_EQ(summary.end["samples"], summary.samples);
            total += summary.samples;
            auto bytes = static_cast<int64_t>(fs::file_size(path));
            // Closed at the first sample that reached the size: past it by at most that sample
            // (and its end line), and a file before the last one reached it.
            if (!last) {
                EXPECT_GE(bytes, size);
            }
            int64_t line_bytes = zst ? 2500 : 5200;
            EXPECT_LE(bytes, size + line_bytes + 200);
        }
        EXPECT_EQ(total, samples);
    }
}

TEST(RotatedSession, KeepDeletesTheOldestFiles) {
    TempDir tmp;
    auto run = run_edgetop({"record", "--root", fixture_root("agx-orin"), "-i", "50", "-n", "40",
                            "--rotate", "12k", "--keep", "3", "-o", tmp.file("run.jsonl")});
    ASSERT_EQ(run.status, 0) << run.err;
    auto names = set_files_in(tmp.path());
    ASSERT_EQ(names.size(), 3u);
    // The newest three parts: the highest numbers, consecutive.
    std::vector<int64_t> parts;
    for (const auto& n : names)
        parts.push_back(summarise_file(tmp.file(n)).header["part"].get<int64_t>());
    std::sort(parts.begin(), parts.end());
    EXPECT_GE(parts[0], 1);
    EXPECT_EQ(parts[1], parts[0] + 1);
    EXPECT_EQ(parts[2], parts[0] + 2);
    EXPECT_EQ(summarise_file(session_part_path(tmp.file("run.jsonl"), parts[2])).end["reason"],
              "count");
    // What is left reads as one session, the deleted start aside.
    std::vector<std::string> paths;
    for (const auto& n : names)
        paths.push_back(tmp.file(n));
    auto report = set_report_json(paths);
    ASSERT_EQ(report["sessions"].size(), 1u);
    // Its duration is the time its samples cover (one 50 ms interval each), not the time since
    // the deleted first file began.
    const auto& session = report["sessions"][0];
    double covered_s = session["samples"].get<double>() * 0.05;
    EXPECT_NEAR(session["duration_s"].get<double>(), covered_s, 0.5) << session.dump();
}

// 120 generated samples (the AGX Orin fixture's, moving), written to path through the writer of
// record, rotated or not.
void write_moving_session(const std::string& path, std::optional<Rotation> rotation) {
    Sampler sampler{Root(fixture_root("agx-orin"))};
    Sample sample = sampler.sample();
    SessionHeader header;
    header.interval_ms = 100;
    header.board = sampler.board();
    header.sources = sampler.status();
    SessionFileSet files(path, rotation);
    ASSERT_TRUE(files.start(header));
    Sample s = sample;
    for (int i = 0; i < 120; ++i) {
        s.t_s = 0.1 * i + 0.002 * (i % 7);
        double phase = (i % 30) / 30.0;
        s.cpu.util_pct = 100 * phase;
        for (auto& core : s.cpu.cores)
            if (core.online) core.util_pct = 100 * phase;
        for (auto& rail : s.rails)
            if (rail.power_mw) rail.power_mw = 400 + 9000 * phase;
        s.power_total_mw = 6000 + 20000 * phase;
        for (auto& zone : s.thermal)
            if (zone.temp_c) zone.temp_c = 40 + 60 * phase;
        ASSERT_TRUE(files.writer().write_sample(s));
        ASSERT_TRUE(files.rotate_if_full(s.t_s));
    }
    ASSERT_TRUE(
        files.writer().write_line(end_to_json({12.0, files.part_samples(), EndReason::count})));
    ASSERT_TRUE(files.finish());
}

// The same samples written once unrotated and once rotated: the set's report equals the single
// file's.
TEST(RotatedSession, ASetReportsAsTheSameRecordingUnrotated) {
    TempDir tmp;
    fs::create_directory(tmp.file("set"));
    fs::create_directory(tmp.file("zset"));
    write_moving_session(tmp.file("one.jsonl"), std::nullopt);
    write_moving_session(tmp.file("set/run.jsonl"), Rotation{20000, std::nullopt});
    write_moving_session(tmp.file("zset/run.jsonl.zst"), Rotation{4096, std::nullopt});
    auto set = set_files_in(tmp.file("set"));
    ASSERT_GE(set.size(), 5u);

    auto expected = set_report_json({tmp.file("one.jsonl")});
    ASSERT_EQ(expected["sessions"].size(), 1u);
    // The first name alone.
    EXPECT_EQ(set_report_json({tmp.file("set/run.jsonl")}), expected);
    EXPECT_EQ(set_report_json({tmp.file("zset/run.jsonl.zst")}), expected);
    // Every file, in a shuffled order.
    std::vector<std::string> shuffled;
    for (const auto& n : set)
        shuffled.push_back(tmp.file("set/" + n));
    std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(7));
    EXPECT_EQ(set_report_json(shuffled), expected);

    // The replay's feed plays every sample of the set, in order.
    ReplayFeed whole(group_session_files({tmp.file("set/run.3.jsonl")}, {}).at(0).paths,
                     analysis::RuleConfig{});
    int played = 0;
    double last_t = -1;
    while (const Sample* s = whole.next()) {
        EXPECT_GT(s->t_s, last_t);
        last_t = s->t_s;
        ++played;
    }
    EXPECT_EQ(played, 120);
    EXPECT_TRUE(whole.problems().empty());

    // A middle file gone: named, the rest read.
    std::string middle = tmp.file("set/run.2.jsonl");
    int middle_samples = summarise_file(middle).samples;
    fs::remove(middle);
    std::string err;
    auto gap = set_report_json({tmp.file("set/run.jsonl")}, &err);
    EXPECT_NE(err.find(middle + ": missing"), std::string::npos) << err;
    ASSERT_EQ(gap["sessions"].size(), 1u);
    EXPECT_EQ(gap["sessions"][0]["samples"].get<int>() + middle_samples,
              expected["sessions"][0]["samples"].get<int>());
}

// A first name that ends in a number reads as its whole set (its other forms, .zst and no ending,
// in SessionSet.*); a last part whose header a full disk cut is a warning naming it, and the parts
// before it are read.
TEST(RotatedSession, ADottedFirstNameAndACutLastPartReadTheWholeSet) {
    TempDir tmp;
    std::string first = tmp.file("jp6.2.jsonl");
    write_moving_session(first, Rotation{20000, std::nullopt});
    auto parts = set_files_in(tmp.path());
    ASSERT_GE(parts.size(), 3u);
    std::string err;
    auto whole = set_report_json({first}, &err);
    ASSERT_EQ(whole["sessions"].size(), 1u);
    EXPECT_EQ(whole["sessions"][0]["samples"], 120);
    EXPECT_EQ(err, "");
    // The last part cut to the first bytes of its header.
    std::string last = session_part_path(first, static_cast<int64_t>(parts.size()) - 1);
    int last_samples = summarise_file(last).samples;
    fs::resize_file(last, 25);
    auto cut = set_report_json({first}, &err);
    ASSERT_EQ(cut["sessions"].size(), 1u);
    EXPECT_EQ(cut["sessions"][0]["samples"], 120 - last_samples);
    EXPECT_NE(err.find("edgetop: " + last + ": not an edgetop session"), std::string::npos) << err;
    EXPECT_NE(err.find("skipped; the other files of the rotated session are read"),
              std::string::npos)
        << err;
}

TEST(RotatedSession, ServeLogRotatesAsRecordDoes) {
    TempDir tmp;
    std::string log = tmp.file("serve.jsonl");
    EdgetopProcess serve({"serve", "--listen", "127.0.0.1:0", "--root", fixture_root("agx-orin"),
                          "-i", "50", "--log", log, "--rotate", "8k", "--keep", "2"});
    // About 5 kB a sample: a new file every two samples; run until the fourth part exists.
    for (int i = 0; i < 200 && !fs::exists(session_part_path(log, 3)); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    serve.send(SIGTERM);
    auto result = serve.wait();
    EXPECT_EQ(result.status, 0) << result.err;
    auto names = set_files_in(tmp.path());
    EXPECT_EQ(names.size(), 2u);
    EXPECT_FALSE(fs::exists(log));  // deleted by --keep
    for (const auto& n : names) {
        auto summary = summarise_file(tmp.file(n));
        EXPECT_GE(summary.header["part"].get<int64_t>(), 2);
    }
    auto run = run_edgetop({"serve", "--rotate", "1M"});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.err, "edgetop: --rotate: only with --log FILE\n");
}

TEST(RotatedSession, BadOptionsAreOneLineUsageErrors) {
    TempDir tmp;
    for (const auto& bad : std::vector<std::vector<std::string>>{
             {"--rotate", "10x"},
             {"--rotate", "100"},
             {"--rotate", "-5M"},
             {"--rotate", "1M", "--keep", "0"},
             {"--keep", "3"},
         }) {
        std::vector<std::string> args{"record", "--root", fixture_root("nano"), "-n",
                                      "1",      "-o",     tmp.file("x.jsonl")};
        args.insert(args.end(), bad.begin(), bad.end());
        auto run = run_edgetop(args);
        EXPECT_EQ(run.status, 2) << bad[0] << " " << bad[1];
        EXPECT_EQ(split_lines(run.err).size(), 1u) << run.err;
    }
    auto run = run_edgetop({"record", "--root", fixture_root("nano"), "-n", "1", "--rotate", "1M"});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.err, "edgetop: --rotate: needs a file to write (-o FILE or --log FILE)\n");
}

}  // namespace
}  // namespace edgetop::testing
