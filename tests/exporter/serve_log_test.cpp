// serve --log on a disk that fills up and on a restart: serving and sampling go on, the failed
// writes are counted, the log resumes with whole lines when space returns, and a restart goes on
// in the next part of the set instead of writing over the log.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <functional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "session/session_parts.hpp"
#include "session/session_reader.hpp"
#include "tests/exporter/serve_process.hpp"
#include "tests/support/fixture_tree.hpp"
#include "tests/support/small_disk.hpp"

namespace edgetop::testing {
namespace {

using namespace std::chrono_literals;

std::vector<std::string> serve_args(const std::string& log) {
    return {"--root", fixture_path("agx-orin"), "--interval", "50", "--log", log};
}

// The first value of `series` in /metrics once present (503 before the first sample).
std::optional<double> metric(ServeProcess& serve, const std::string& series) {
    auto response = serve.get("/metrics");
    if (!response || response->status != 200) return std::nullopt;
    return ServeProcess::value_of(response->body, series);
}

// Polls until `series` reaches at least `value`; false after 10 s.
bool metric_reaches(ServeProcess& serve, const std::string& series, double value) {
    for (int attempt = 0; attempt < 200; ++attempt) {
        auto now = metric(serve, series);
        if (now && *now >= value) return true;
        std::this_thread::sleep_for(50ms);
    }
    return false;
}

size_t count_of(const std::string& text, const std::string& part) {
    size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

struct ReadLog {
    size_t samples = 0;
    bool has_end = false;
    std::vector<std::string> errors;  // problems of severity error
    bool times_increase = true;
};

ReadLog read_log(const std::string& path) {
    ReadLog log;
    SessionReader reader(path, [&](const SessionProblem& problem) {
        if (problem.severity == SessionProblem::Severity::error)
            log.errors.push_back(problem.message);
    });
    SessionRecord record;
    double last_t = -1;
    while (reader.next(record))
        if (record.kind == SessionRecord::Kind::sample) {
            ++log.samples;
            if (record.sample.t_s <= last_t) log.times_increase = false;
            last_t = record.sample.t_s;
        }
    log.has_end = reader.has_end();
    return log;
}

std::string file_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// serve --log DISK/name on a full disk, then with space again; `check` looks at the log after.
void full_disk_case(const std::string& name,
                    const std::function<void(const std::string&)>& check = {}) {
    TempDir dir;
    SmallDisk disk(dir.file("disk"));
    if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here: " << disk.why_not();
    std::string filler = disk.fill();
    std::string log = dir.file("disk/" + name);
    ServeProcess serve(dir, serve_args(log));
    ASSERT_NE(serve.port(), 0) << serve.child().log();

    // Nothing fits, not even the header: counted, said once, and sampling goes on.
    const std::string errors = "edgetop_session_log_write_errors_total";
    ASSERT_TRUE(metric_reaches(serve, errors, 3)) << serve.child().log();
    auto samples = metric(serve, "edgetop_samples_total");
    ASSERT_TRUE(samples);
    ASSERT_TRUE(metric_reaches(serve, "edgetop_samples_total", *samples + 3));
    EXPECT_EQ(count_of(serve.child().log(), "No space left on device"), 1u) << serve.child().log();

    // Space returns: the log resumes, header first.
    ASSERT_EQ(::unlink(filler.c_str()), 0);
    ASSERT_TRUE(serve.child().wait_for_log(std::regex("(is written again)"), 10s))
        << serve.child().log();
    samples = metric(serve, "edgetop_samples_total");
    ASSERT_TRUE(metric_reaches(serve, "edgetop_samples_total", *samples + 2));
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();

    ReadLog read = read_log(log);
    EXPECT_TRUE(read.errors.empty()) << read.errors.front();
    EXPECT_GE(read.samples, 2u);
    EXPECT_TRUE(read.has_end);
    EXPECT_TRUE(read.times_increase);
    if (check) check(log);
}

TEST(ServeLog, AFullDiskIsCountedAndSaidOnceAndThePlainLogResumesWithWholeLines) {
    full_disk_case("run.jsonl", [](const std::string& log) {
        // Every line whole: the file ends with a newline and each line is JSON.
        std::string text = file_text(log);
        ASSERT_FALSE(text.empty());
        EXPECT_EQ(text.back(), '\n');
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);)
            EXPECT_FALSE(nlohmann::json::parse(line, nullptr, false).is_discarded()) << line;
    });
}

TEST(ServeLog, AFullDiskLeavesACompressedLogThatDecodesWhole) {
    full_disk_case("run.jsonl.zst");
}

nlohmann::json first_line(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return nlohmann::json::parse(line);
}

void serve_a_while(const std::string& log) {
    TempDir output;  // its own: the port is read from the first line naming one
    ServeProcess serve(output, serve_args(log));
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    ASSERT_TRUE(metric_reaches(serve, "edgetop_samples_total", 3)) << serve.child().log();
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

TEST(ServeLog, ARestartGoesOnInTheNextPartOfTheSetAndKeepsTheLog) {
    TempDir dir;
    std::string log = dir.file("run.jsonl");
    serve_a_while(log);
    std::string before = file_text(log);
    ASSERT_FALSE(before.empty());
    serve_a_while(log);

    EXPECT_EQ(file_text(log), before);  // not one byte written over
    std::string next = dir.file("run.1.jsonl");
    ASSERT_TRUE(std::filesystem::exists(next));
    auto first = first_line(log);
    auto second = first_line(next);
    EXPECT_EQ(second["session"], first["session"]);
    EXPECT_EQ(second["part"], 1);
    EXPECT_EQ(second["started"], first["started"]);

    // The readers take both files as one session, times counting on.
    auto groups =
        group_session_files({log}, [](const std::string& problem) { ADD_FAILURE() << problem; });
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups[0].paths, (std::vector<std::string>{log, next}));
    ReadLog part0 = read_log(log);
    ReadLog part1 = read_log(next);
    EXPECT_GE(part0.samples, 3u);
    EXPECT_GE(part1.samples, 3u);
    SessionReader last_of_first(log);
    SessionRecord record;
    double last_t = 0;
    while (last_of_first.next(record))
        if (record.kind == SessionRecord::Kind::sample) last_t = record.sample.t_s;
    SessionReader second_reader(next);
    while (second_reader.next(record) && record.kind != SessionRecord::Kind::sample) {
    }
    EXPECT_GT(record.sample.t_s, last_t);
}

}  // namespace
}  // namespace edgetop::testing
