// The JSON API of a running `edgetop serve`, read as clients read it: on every fixture board,
// /api/v1/sample and /api/v1/samples hold byte for byte the sample lines `serve --log` writes for
// the same times, /api/v1/board the header's board and software, and every line validates
// against /api/v1/schema (python3-jsonschema); the process table only with --api-processes; bad
// requests under the same authentication as /metrics.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "sensors/sampler/sampler.hpp"
#include "session/session_sample_line.hpp"
#include "tests/exporter/serve_process.hpp"
#include "tests/support/fixture_tree.hpp"

namespace edgetop::testing {
namespace serve_api {

using namespace std::chrono_literals;

constexpr const char* kCurl = "/usr/bin/curl";

// The body of a GET that answered 200, else "" with a failure.
std::string body_of(ServeProcess& serve, const std::string& path, const std::string& headers = "") {
    auto response = serve.get(path, headers);
    if (!response || response->status != 200) {
        ADD_FAILURE() << path << ": " << (response ? response->head : "no answer");
        return "";
    }
    return response->body;
}

// The sample lines of /api/v1/samples: a JSON array whose elements are the lines, one a line.
std::vector<std::string> lines_of_array(const std::string& body) {
    std::vector<std::string> lines;
    std::istringstream in(body);
    for (std::string line; std::getline(in, line);) {
        if (line.front() == '[') line.erase(0, 1);
        if (!line.empty() && (line.back() == ',' || line.back() == ']')) line.pop_back();
        if (!line.empty()) lines.push_back(line);
    }
    return lines;
}

// Polls /api/v1/samples until it holds `count` samples (503 before the first); false after 20 s.
bool wait_for_samples(ServeProcess& serve, size_t count) {
    for (int attempt = 0; attempt < 400; ++attempt) {
        auto response = serve.get("/api/v1/samples?since=0");
        if (response && response->status == 200 && lines_of_array(response->body).size() >= count)
            return true;
        std::this_thread::sleep_for(50ms);
    }
    return false;
}

struct Log {
    nlohmann::json header;
    std::map<std::string, std::string> samples;  // by the t as written
    std::vector<std::string> sample_lines;
};

std::string t_of(const std::string& line) {
    return nlohmann::json::parse(line)["t"].dump();
}

Log read_log(const std::string& path) {
    Log log;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        auto json = nlohmann::json::parse(line);
        if (json["type"] == "header") log.header = json;
        if (json["type"] != "sample") continue;
        log.samples[json["t"].dump()] = line;
        log.sample_lines.push_back(line);
    }
    return log;
}

bool python_has_jsonschema() {
    return ChildProcess({"python3", "-c", "import jsonschema"}).collect(30s).status == 0;
}

TEST(ServeApi, ServedLinesAreTheLoggedOnesAndEveryFixturesLinesValidateAgainstTheSchema) {
    TempDir dir;
    std::string schema;
    std::ofstream every_line(dir.file("lines.jsonl"));
    // Served and logged: three boards (a serve each costs a start of the sanitized binary).
    for (const char* board : {"agx-orin", "thor", "tx2"}) {
        SCOPED_TRACE(board);
        TempDir own;  // its own serve.log: the port is read from the first line naming one
        std::string log_path = dir.file(std::string(board) + ".jsonl");
        ServeProcess serve(own,
                           {"--root", fixture_path(board), "--interval", "50", "--log", log_path});
        ASSERT_NE(serve.port(), 0) << serve.child().log();
        ASSERT_TRUE(wait_for_samples(serve, 3)) << serve.child().log();
        std::string latest = body_of(serve, "/api/v1/sample");
        std::vector<std::string> history =
            lines_of_array(body_of(serve, "/api/v1/samples?since=0"));
        std::string board_json = body_of(serve, "/api/v1/board");
        std::string flags = body_of(serve, "/api/v1/flags");
        if (schema.empty()) schema = body_of(serve, "/api/v1/schema");
        if (std::string_view(board) == "agx-orin") {
            // `query --from` reads the serve's own sample: a fixture's values do not change from
            // one sample to the next, so they equal the latest sample's whatever its time.
            RunResult query = ChildProcess({EDGETOP_BINARY, "query", "--from",
                                            "http://127.0.0.1:" + std::to_string(serve.port()),
                                            "--format", "json", "power_total_mw", "mem.used_kb",
                                            "rails.VDD_GPU_SOC.power_mw", "thermal.tj.temp_c"})
                                  .collect(30s);
            ASSERT_EQ(query.status, 0) << query.err;
            auto queried = nlohmann::json::parse(query.out);
            auto served = nlohmann::json::parse(latest);
            EXPECT_EQ(queried["power_total_mw"], served["power_total_mw"]);
            EXPECT_EQ(queried["mem.used_kb"], served["mem"]["used_kb"]);
            EXPECT_FALSE(queried["rails.VDD_GPU_SOC.power_mw"].is_null()) << query.out;
            EXPECT_FALSE(queried["thermal.tj.temp_c"].is_null()) << query.out;
            EXPECT_FALSE(queried["power_total_mw"].is_null()) << query.out;
        }
        ASSERT_EQ(serve.child().stop(10s), 0) << serve.child().log();

        Log log = read_log(log_path);
        ASSERT_TRUE(log.samples.contains(t_of(latest))) << latest;
        EXPECT_EQ(latest, log.samples[t_of(latest)]);
        // The history: consecutive logged samples, from the first, each once, in order.
        ASSERT_GE(history.size(), 3u);
        ASSERT_LE(history.size(), log.sample_lines.size());
        for (size_t i = 0; i < history.size(); ++i)
            EXPECT_EQ(history[i], log.sample_lines[i]) << i;
        nlohmann::json served_board = nlohmann::json::parse(board_json);
        EXPECT_EQ(served_board["board"], log.header["board"]);
        EXPECT_EQ(served_board["software"], log.header["software"]);
        auto version = testing::ChildProcess({EDGETOP_BINARY, "--version"}).collect(5s);
        EXPECT_EQ("edgetop " + served_board["edgetop_version"].get<std::string>() + "\n",
                  version.out);
        EXPECT_TRUE(nlohmann::json::parse(flags).is_array()) << flags;
        for (const auto& line : log.sample_lines)
            every_line << line << "\n";
    }
    // Every fixture's lines, written in this process as the session writer writes them: a first
    // sample (rates null) and a second one.
    size_t boards = 0;
    for (const auto& board : fixture_boards()) {
        Sampler sampler{Root(fixture_path(board))};
        every_line << sample_line(sampler.sample()) << "\n"
                   << sample_line(sampler.sample()) << "\n";
        ++boards;
    }
    EXPECT_GE(boards, 8u);  // tests/fixtures holds 8 boards
    every_line.close();
    std::ofstream(dir.file("schema.json")) << schema;

    if (!python_has_jsonschema())
        GTEST_SKIP() << "python3's jsonschema is missing (package python3-jsonschema)";
    RunResult check = ChildProcess({"python3", "-c", R"(
import json, sys, jsonschema
validator = jsonschema.Draft7Validator(json.load(open(sys.argv[1])))
count = 0
for line in open(sys.argv[2]):
    for error in validator.iter_errors(json.loads(line)):
        print(list(error.absolute_path), error.message)
        sys.exit(1)
    count += 1
print(count)
)",
                                    dir.file("schema.json"), dir.file("lines.jsonl")})
                          .collect(60s);
    EXPECT_EQ(check.status, 0) << check.out << check.err;
    EXPECT_GE(std::atoi(check.out.c_str()), static_cast<int>(9 + 2 * boards)) << check.out;
}

// The names and users of the processes the log's samples list.
std::vector<std::string> logged_process_words(const Log& log) {
    std::vector<std::string> words;
    for (const auto& line : log.sample_lines) {
        auto json = nlohmann::json::parse(line);
        if (json["procs"].is_null()) continue;
        for (const auto& p : json["procs"]["top"]) {
            if (p["name"].is_string()) words.push_back(p["name"].get<std::string>());
            if (p["user"].is_string()) words.push_back(p["user"].get<std::string>());
        }
    }
    return words;
}

// Serves this machine (a process table) with `extra`; returns the log and every API body.
std::pair<Log, std::vector<std::string>> serve_this_machine(const TempDir& dir,
                                                            std::vector<std::string> extra) {
    std::string log_path = dir.file("live.jsonl");
    std::vector<std::string> args{"--interval", "100", "--log", log_path};
    args.insert(args.end(), extra.begin(), extra.end());
    ServeProcess serve(dir, args);
    EXPECT_NE(serve.port(), 0) << serve.child().log();
    EXPECT_TRUE(wait_for_samples(serve, 3)) << serve.child().log();
    std::vector<std::string> bodies;
    for (const char* path : {"/api/v1/sample", "/api/v1/samples?since=0",
                             "/api/v1/samples?since=1h", "/api/v1/board", "/api/v1/flags"})
        bodies.push_back(body_of(serve, path));
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
    return {read_log(log_path), bodies};
}

TEST(ServeApi, ProcessNamesAndUsersAreServedOnlyWithApiProcesses) {
    if (!std::filesystem::exists("/proc/self/stat")) GTEST_SKIP() << "no /proc here";
    {
        TempDir dir;
        auto [log, bodies] = serve_this_machine(dir, {});
        std::vector<std::string> words = logged_process_words(log);
        ASSERT_FALSE(words.empty()) << "the log lists no process";
        for (const auto& body : bodies)
            for (const auto& word : words)
                EXPECT_EQ(body.find("\"" + word + "\""), std::string::npos)
                    << word << " in " << body;
        auto sample = nlohmann::json::parse(bodies[0]);
        EXPECT_TRUE(sample["procs"]["top"].empty());
        EXPECT_TRUE(sample["procs"]["total"].is_number());
    }
    {
        TempDir dir;
        auto [log, bodies] = serve_this_machine(dir, {"--api-processes"});
        std::string latest = bodies[0];
        ASSERT_TRUE(log.samples.contains(t_of(latest)));
        EXPECT_EQ(latest, log.samples[t_of(latest)]);
        EXPECT_FALSE(nlohmann::json::parse(latest)["procs"]["top"].empty());
    }
}

// A request sent as is; the status, 0 without an answer.
int raw_status(int port, const std::string& request) {
    LoopbackSocket socket(port);
    if (!socket.ok() || !socket.send(request)) return 0;
    bool closed = false;
    return parse_response(socket.read_until_closed(5s, closed)).status;
}

TEST(ServeApi, BadRequestsAreRefusedByStatusBehindTheSameToken) {
    TempDir dir;
    std::ofstream(dir.file("token")) << "api-T0ken\n";
    ServeProcess serve(dir, {"--root", fixture_path("orin-nano"), "--interval", "50",
                             "--bearer-token-file", dir.file("token")});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    const std::string auth = "Authorization: Bearer api-T0ken\r\n";
    auto status = [&](const std::string& path, const std::string& headers) {
        auto response = serve.get(path, headers);
        return response ? response->status : 0;
    };
    for (int attempt = 0; attempt < 400 && status("/api/v1/sample", auth) != 200; ++attempt)
        std::this_thread::sleep_for(50ms);
    ASSERT_EQ(status("/api/v1/sample", auth), 200) << serve.child().log();

    for (const char* path : {"/api/v1/sample", "/api/v1/board", "/api/v1/samples?since=0",
                             "/api/v1/schema", "/api/v1/flags", "/api/v1/nothing"})
        EXPECT_EQ(status(path, ""), 401) << path;
    EXPECT_EQ(status("/api/v1/nothing", auth), 404);
    EXPECT_EQ(status("/api/v1", auth), 404);
    auto bad = serve.get("/api/v1/samples?since=yesterday", auth);
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, 400);
    EXPECT_EQ(bad->body.rfind("since: ", 0), 0u) << bad->body;
    EXPECT_EQ(raw_status(serve.port(), "POST /api/v1/sample HTTP/1.1\r\nHost: x\r\n" + auth +
                                           "Content-Length: 0\r\nConnection: close\r\n\r\n"),
              405);

    // Conditional: the sample's ETag answers 304 until the next sample.
    auto first = serve.get("/api/v1/sample", auth);
    ASSERT_TRUE(first);
    std::smatch etag;
    ASSERT_TRUE(std::regex_search(first->head, etag, std::regex("ETag: (W/\"t-[0-9]+\")")))
        << first->head;
    auto again = serve.get("/api/v1/sample", auth + "If-None-Match: " + etag[1].str() + "\r\n");
    ASSERT_TRUE(again);
    // 304 without a body, unless a new sample came in between: then its own ETag.
    EXPECT_TRUE(again->status == 304 || again->status == 200);
    if (again->status == 304) {
        EXPECT_TRUE(again->body.empty());
    } else {
        EXPECT_EQ(again->head.find("ETag: " + etag[1].str()), std::string::npos) << again->head;
    }

    // curl --compressed takes the gzip body and gets the same document.
    if (std::filesystem::exists(kCurl)) {
        std::string url = "http://127.0.0.1:" + std::to_string(serve.port()) + "/api/v1/board";
        RunResult zipped =
            ChildProcess({kCurl, "-sf", "--compressed", "-H", "Authorization: Bearer api-T0ken",
                          "-D", dir.file("head.txt"), url})
                .collect(15s);
        EXPECT_EQ(zipped.status, 0);
        EXPECT_EQ(zipped.out, body_of(serve, "/api/v1/board", auth));
        std::ifstream head_file(dir.file("head.txt"));
        std::string head((std::istreambuf_iterator<char>(head_file)), {});
        EXPECT_NE(head.find("Content-Encoding: gzip"), std::string::npos) << head;
    }
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

}  // namespace serve_api
}  // namespace edgetop::testing
