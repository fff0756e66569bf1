// edgetop query: chosen values of one sample, from the board (as --once takes it) or from a
// running serve (--from), as CSV, JSON or nvidia-smi's --query-gpu CSV.
//
// nvidia-smi's output rules the --smi tests hold it to, from its documentation and its output:
// - the fields and their names: `nvidia-smi --help-query-gpu` ("name" or "gpu_name",
//   "clocks.current.graphics" or "clocks.gr", "clocks.current.memory" or "clocks.mem",
//   "clocks.max.graphics" or "clocks.max.gr", utilization.gpu, utilization.memory, memory.used,
//   memory.total, temperature.gpu, power.draw), as quoted in
//   https://github.com/huggingface/candle/issues/733 (driver 470.182.03);
// - --format=csv: a header of the names with their units in brackets and values with units,
//   separated by ", " ("temperature.gpu, power.draw [W], utilization.gpu [%],
//   clocks.current.graphics [MHz]" over "42, 7.65 W, 4 %, 494 MHz"; "memory.total [MiB]" over
//   "24576 MiB"), and [N/A] for a value not available, as in the csv line of
//   https://github.com/plambe/zabbix-nvidia-smi-multi-gpu/issues/17; noheader and nounits as
//   nvidia-smi(1) describes --format;
// - an unknown field: `Field "device_minor" is not a valid field to query.` and an empty line on
//   standard output, exit status 2, as
//   https://github.com/CoHDI/composable-resource-operator/issues/37 shows it.
#include <gtest/gtest.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "e2e/edgetop_process.hpp"
#include "support/sample_http_server.hpp"

namespace edgetop::testing::query_e2e {
namespace {

using nlohmann::ordered_json;

const std::vector<std::string> kBoards = {"nano",      "tx2",      "xavier-nx", "agx-xavier",
                                          "orin-nano", "agx-orin", "thor",      "x86-pc"};

std::string fixture(const std::string& board) {
    return std::string(EDGETOP_FIXTURES) + "/" + board;
}

// The sample line edgetop records on a board as its second sample (two readings 250 ms apart,
// as --once and query take them).
ordered_json recorded_sample(const RunResult& record, const std::string& board) {
    EXPECT_EQ(record.status, 0) << board << ": " << record.err;
    std::vector<ordered_json> samples;
    for (const auto& line : split_lines(record.out)) {
        auto value = ordered_json::parse(line, nullptr, false);
        if (value.is_object() && value.contains("t") && value.contains("cpu"))
            samples.push_back(value);
    }
    EXPECT_EQ(samples.size(), 2U) << board;
    return samples.empty() ? ordered_json() : samples.back();
}

std::vector<std::string> record_args(const std::string& board) {
    return {"record", "--root", fixture(board), "-n", "2", "-i", "250", "-o", "-"};
}

// Every value of the line with its key path: lists of objects by index, everything else whole.
void leaves(const ordered_json& value, const std::string& path,
            std::vector<std::pair<std::string, ordered_json>>& out) {
    auto join = [&](const std::string& key) { return path.empty() ? key : path + "." + key; };
    if (value.is_object() && !value.empty()) {
        for (const auto& [key, inner] : value.items())
            leaves(inner, join(key), out);
    } else if (value.is_array() && !value.empty() && value.front().is_object()) {
        for (size_t i = 0; i < value.size(); ++i)
            leaves(value[i], join(std::to_string(i)), out);
    } else {
        out.emplace_back(path, value);
    }
}

bool has_dot(const std::string& text) {
    return text.find('.') != std::string::npos;
}

TEST(QueryCommand, EveryFieldEqualsTheSampleTheBoardGivesOnEveryFixture) {
    std::vector<std::unique_ptr<EdgetopProcess>> records;
    for (const auto& board : kBoards)
        records.push_back(std::make_unique<EdgetopProcess>(record_args(board)));
    std::vector<ordered_json> expected;
    for (size_t b = 0; b < kBoards.size(); ++b)
        expected.push_back(recorded_sample(records[b]->wait(), kBoards[b]));

    std::vector<std::vector<std::pair<std::string, ordered_json>>> fields(kBoards.size());
    std::vector<std::unique_ptr<EdgetopProcess>> queries;
    for (size_t b = 0; b < kBoards.size(); ++b) {
        std::vector<std::pair<std::string, ordered_json>> all;
        leaves(expected[b], "", all);
        for (const auto& [path, value] : all) {
            // The time is the reading's own; the flags are raised by the rules record runs;
            // type is the kind of the session line, not a value of the sample.
            if (path == "t" || path == "time" || path == "flags" || path == "type") continue;
            fields[b].emplace_back(path, value);
        }
        // Elements by name (or id) too: each list's elements under their own names.
        for (const auto& [key, list] : expected[b].items()) {
            if (!list.is_array()) continue;
            for (size_t i = 0; i < list.size(); ++i) {
                const auto& element = list[i];
                if (!element.is_object() || !element.contains("name")) continue;
                std::string name = element["name"].get<std::string>();
                if (has_dot(name) || name.empty()) continue;
                auto second = std::next(element.items().begin());
                fields[b].emplace_back(key + "." + name + "." + second.key(), second.value());
                break;
            }
        }
        // A core by its id where that is not its index (an offline core missing before it).
        if (expected[b].contains("cpu")) {
            const auto& cores = expected[b]["cpu"]["cores"];
            for (size_t i = 0; i < cores.size(); ++i)
                if (cores[i]["id"].get<size_t>() != i)
                    fields[b].emplace_back(
                        fmt::format("cpu.cores.{}.freq_khz", cores[i]["id"].get<int>()),
                        cores[i]["freq_khz"]);
        }
        std::vector<std::string> args{"query", "--root", fixture(kBoards[b]), "--format", "json"};
        for (const auto& field : fields[b])
            args.push_back(field.first);
        queries.push_back(std::make_unique<EdgetopProcess>(args));
    }
    for (size_t b = 0; b < kBoards.size(); ++b) {
        auto result = queries[b]->wait();
        ASSERT_EQ(result.status, 0) << kBoards[b] << ": " << result.err;
        auto lines = split_lines(result.out);
        ASSERT_EQ(lines.size(), 1U) << kBoards[b];
        auto got = ordered_json::parse(lines[0]);
        ASSERT_EQ(got.size(), fields[b].size()) << kBoards[b];
        auto it = got.items().begin();
        for (const auto& [path, value] : fields[b]) {
            EXPECT_EQ(it.key(), path) << kBoards[b];
            EXPECT_EQ(it.value(), value) << kBoards[b] << " " << path;
            ++it;
        }
    }
}

TEST(QueryCommand, CsvHasUnitsInItsHeaderAndValuesAndDropsThemAsAsked) {
    auto sample = recorded_sample(run_edgetop(record_args("agx-orin")), "agx-orin");
    std::vector<std::string> fields{"power_total_mw", "gpu.0.name", "thermal.tj.temp_c",
                                    "mem.used_kb", "emc"};
    ordered_json tj;
    for (const auto& zone : sample["thermal"])
        if (zone["name"] == "tj") tj = zone["temp_c"];
    ASSERT_TRUE(tj.is_number());
    std::string power = sample["power_total_mw"].dump();
    std::string used = sample["mem"]["used_kb"].dump();
    std::string emc =
        "\"" + std::regex_replace(sample["emc"].dump(), std::regex("\""), "\"\"") + "\"";
    std::vector<std::string> args{"query", "--root", fixture("agx-orin")};
    args.insert(args.end(), fields.begin(), fields.end());
    auto result = run_edgetop(args);
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out,
              "power_total_mw [mW],gpu.0.name,thermal.tj.temp_c [°C],mem.used_kb [kB],emc\n" +
                  power + " mW,ga10b," + tj.dump() + " °C," + used + " kB," + emc + "\n");
    args.insert(args.begin() + 1, "--format=csv,noheader,nounits");
    result = run_edgetop(args);
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out, power + ",ga10b," + tj.dump() + "," + used + "," + emc + "\n");
}

const std::string kSmiHeader =
    "name, utilization.gpu [%], utilization.memory [%], memory.used [MiB], memory.total [MiB], "
    "temperature.gpu, power.draw [W], clocks.current.graphics [MHz], clocks.current.memory "
    "[MHz], clocks.max.graphics [MHz]\n";
const char* kAllSmiFields =
    "--query-gpu=name,utilization.gpu,utilization.memory,memory.used,memory.total,"
    "temperature.gpu,power.draw,clocks.gr,clocks.mem,clocks.max.gr";

std::vector<std::string> split_fields(const std::string& line) {
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        size_t at = line.find(", ", start);
        out.push_back(line.substr(start, at == std::string::npos ? at : at - start));
        if (at == std::string::npos) return out;
        start = at + 2;
    }
}

std::string mhz(const ordered_json& hz) {
    return hz.is_number() ? std::to_string(std::llround(hz.get<double>() / 1e6)) + " MHz" : "[N/A]";
}

TEST(QueryCommand, SmiPrintsNvidiaSmiCsvOnEveryFixture) {
    std::vector<std::unique_ptr<EdgetopProcess>> records, smi, bare;
    for (const auto& board : kBoards) {
        records.push_back(std::make_unique<EdgetopProcess>(record_args(board)));
        smi.push_back(std::make_unique<EdgetopProcess>(std::vector<std::string>{
            "query", "--root", fixture(board), "--smi", kAllSmiFields, "--format=csv"}));
        if (board == "agx-orin")
            bare.push_back(std::make_unique<EdgetopProcess>(
                std::vector<std::string>{"query", "--root", fixture(board), kAllSmiFields,
                                         "--format=csv,noheader,nounits"}));
    }
    for (size_t b = 0; b < kBoards.size(); ++b) {
        const std::string& board = kBoards[b];
        auto sample = recorded_sample(records[b]->wait(), board);
        auto result = smi[b]->wait();
        if (sample["gpu"].empty()) {
            // nvidia-smi on a machine without a GPU.
            EXPECT_EQ(result.status, 6) << board;
            EXPECT_EQ(result.out, "No devices were found\n") << board;
            continue;
        }
        ASSERT_EQ(result.status, 0) << board << ": " << result.err;
        auto lines = split_lines(result.out);
        ASSERT_EQ(lines.size(), 1 + sample["gpu"].size()) << board;
        EXPECT_EQ(lines[0] + "\n", kSmiHeader) << board;
        const auto& gpu = sample["gpu"][0];
        auto values = split_fields(lines[1]);
        ASSERT_EQ(values.size(), 10U) << board << ": " << lines[1];
        EXPECT_EQ(values[0], gpu["name"].get<std::string>()) << board;
        const std::regex percent(R"(\d+ %|\[N/A\])"), mib(R"(\d+ MiB)"), celsius(R"(\d+)"),
            watts(R"(\d+\.\d\d W|\[N/A\]|\[Not Supported\])");
        EXPECT_TRUE(std::regex_match(values[1], percent)) << board << ": " << values[1];
        EXPECT_TRUE(std::regex_match(values[2], percent)) << board << ": " << values[2];
        // A Jetson's GPU has no memory of its own: the unified memory, in MiB.
        EXPECT_EQ(values[3], fmt::format("{} MiB", sample["mem"]["used_kb"].get<int64_t>() / 1024));
        EXPECT_EQ(values[4],
                  fmt::format("{} MiB", sample["mem"]["total_kb"].get<int64_t>() / 1024));
        EXPECT_TRUE(std::regex_match(values[5], celsius)) << board << ": " << values[5];
        EXPECT_TRUE(std::regex_match(values[6], watts)) << board << ": " << values[6];
        EXPECT_EQ(values[7], mhz(gpu["freq_hz"])) << board;
        EXPECT_EQ(values[8],
                  mhz(sample["emc"].is_object() ? sample["emc"]["freq_hz"] : ordered_json(nullptr)))
            << board;
        EXPECT_EQ(values[9], mhz(gpu["hw_max_hz"])) << board;
        if (sample["emc"].is_object() && sample["emc"]["util"].is_number()) {
            EXPECT_EQ(values[2],
                      fmt::format("{} %", std::llround(sample["emc"]["util"].get<double>())));
        }
        if (gpu["load"].is_number()) {
            EXPECT_EQ(values[1], fmt::format("{} %", std::llround(gpu["load"].get<double>())));
        }
        // noheader, nounits: the same values without their units (--query-gpu alone is --smi).
        if (board != "agx-orin") continue;
        auto plain = bare[0]->wait();
        ASSERT_EQ(plain.status, 0) << board << ": " << plain.err;
        std::string stripped =
            std::regex_replace(lines[1], std::regex(" (%|MiB|W|MHz)(,|$)"), "$2");
        EXPECT_EQ(plain.out, stripped + "\n") << board;
    }
}

TEST(QueryCommand, AnUnknownFieldOrFormatIsRefusedBeforeAnythingIsRead) {
    // Port 1 refuses connections: a field error must come first (exit 2, not 1).
    auto result = run_edgetop({"query", "--from", "http://127.0.0.1:1", "gpu.0.lod"});
    EXPECT_EQ(result.status, 2);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(split_lines(result.err).size(), 1U) << result.err;
    EXPECT_NE(result.err.find("unknown field 'gpu.0.lod': no key 'lod'"), std::string::npos)
        << result.err;
    result = run_edgetop({"query", "mem.used_kb.x"});
    EXPECT_EQ(result.status, 2);
    EXPECT_EQ(split_lines(result.err).size(), 1U) << result.err;
    result = run_edgetop({"query", "--format", "xml", "power_total_mw"});
    EXPECT_EQ(result.status, 2);
    EXPECT_EQ(result.err,
              "edgetop: --format: expected csv, csv,noheader, csv,nounits or json, got 'xml'\n");
    result = run_edgetop({"query", "--format=csv,noheader,bold", "power_total_mw"});
    EXPECT_EQ(result.status, 2);
    // nvidia-smi's refusal, on standard output.
    result = run_edgetop({"query", "--from", "http://127.0.0.1:1", "--smi",
                          "--query-gpu=name,device_minor", "--format=csv"});
    EXPECT_EQ(result.status, 2);
    EXPECT_EQ(result.out, "Field \"device_minor\" is not a valid field to query.\n\n");
    EXPECT_EQ(result.err, "");
}

// A port nothing listens on: bound, then closed.
int closed_port() {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    ::bind(fd, reinterpret_cast<sockaddr*>(&address), size);
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
    ::close(fd);
    return ntohs(address.sin_port);
}

TEST(QueryCommand, FromAStoppedServeIsOneLineAndExitStatus1) {
    std::string url = fmt::format("http://127.0.0.1:{}", closed_port());
    auto result = run_edgetop({"query", "--from", url, "power_total_mw"});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err, "edgetop: " + url + ": cannot connect: Connection refused\n");
    TempDir dir;
    result = run_edgetop({"query", "--from", "unix:" + dir.file("gone.sock"), "power_total_mw"});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(result.err, "edgetop: unix:" + dir.file("gone.sock") +
                              ": cannot connect: No such file or directory\n");
}

TEST(QueryCommand, FromAServerReadsItsSampleOverTcpAndAUnixSocket) {
    auto record = run_edgetop(record_args("agx-orin"));
    auto sample = recorded_sample(record, "agx-orin");
    SampleHttpServer tcp(sample.dump(), true);
    SampleHttpServer local(sample.dump(), false);
    if (!tcp.started() || !local.started()) GTEST_SKIP() << "python3 could not start the server";
    std::vector<std::string> fields{"t", "power_total_mw", "rails.VDD_GPU_SOC.power_mw",
                                    "gpu.0.freq_hz", "mem"};
    ordered_json expected = ordered_json::object();
    expected["t"] = sample["t"];
    expected["power_total_mw"] = sample["power_total_mw"];
    expected["rails.VDD_GPU_SOC.power_mw"] = sample["rails"][0]["power_mw"];
    expected["gpu.0.freq_hz"] = sample["gpu"][0]["freq_hz"];
    expected["mem"] = sample["mem"];
    for (const auto& from : {tcp.url(), "unix:" + local.socket_path()}) {
        std::vector<std::string> args{"query", "--from", from, "--format", "json"};
        args.insert(args.end(), fields.begin(), fields.end());
        auto result = run_edgetop(args);
        ASSERT_EQ(result.status, 0) << from << ": " << result.err;
        EXPECT_EQ(result.out, expected.dump() + "\n") << from;
    }
    // --smi reads the same sample the same way from either source.
    auto here = run_edgetop({"query", "--root", fixture("agx-orin"), "--smi"});
    auto there = run_edgetop({"query", "--from", tcp.url(), "--smi"});
    EXPECT_EQ(there.status, 0) << there.err;
    EXPECT_EQ(there.out, here.out);
    // A path that is not a sample, an answer over the size limit: one line, exit status 1.
    auto missing = run_edgetop({"query", "--from", tcp.url("/missing"), "t"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_EQ(missing.err,
              "edgetop: " + tcp.url("/missing") + ": answered 404 instead of a sample\n");
    auto flood = run_edgetop({"query", "--from", tcp.url("/flood"), "t"});
    EXPECT_EQ(flood.status, 1);
    EXPECT_EQ(flood.err, "edgetop: " + tcp.url("/flood") + ": answer larger than 16 MiB\n");
}

}  // namespace
}  // namespace edgetop::testing::query_e2e
