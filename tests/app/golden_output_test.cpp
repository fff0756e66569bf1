// Byte-for-byte output of every fixture board and of hand-built samples, against the files under
// tests/golden/ (see tests/golden/README.md): the session lines (header and sample, through the
// real SessionWriter), the text snapshot and both exposition formats of the exporter. Each fixture
// root is read through the real Sampler (two samples, so that rates are derived); only the clock
// (t, time, the header's start) and the host name are fixed. A sample line read back by every
// reader this build has and written again gives the same bytes.
//
// The test never writes into the source tree: on a mismatch (or a missing expected file) it
// writes what it produced under golden-actual/ in its working directory and names that file.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "analysis/rules_config.hpp"
#include "commands/snapshot_text.hpp"
#include "exporter/export_model.hpp"
#include "exporter/openmetrics_serializer.hpp"
#include "exporter/text_exposition.hpp"
#include "sensors/sampler/sampler.hpp"
#include "session/orin_sample.hpp"
#include "session/session_read_sample.hpp"
#include "session/session_records_json.hpp"
#include "session/session_sample_line.hpp"
#include "session/session_writer.hpp"
#include "support/fixture_tree.hpp"
#include "support/moving_tree.hpp"

namespace edgetop {
namespace {

namespace fs = std::filesystem;

const auto kStarted =
    std::chrono::system_clock::time_point(std::chrono::milliseconds(1750866185000));
const auto kSampleTime =
    std::chrono::system_clock::time_point(std::chrono::milliseconds(1750866186250));

fs::path golden_dir() {
    return fs::path(EDGETOP_SOURCE_DIR) / "tests" / "golden";
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Compares with tests/golden/<case>/<name>; on a difference writes golden-actual/<case>/<name>.
void expect_golden(const std::string& name, const std::string& actual) {
    fs::path expected_path = golden_dir() / name;
    bool present = fs::exists(expected_path);
    std::string expected = read_file(expected_path);
    if (present && expected == actual) return;
    fs::path actual_path = fs::current_path() / "golden-actual" / name;
    fs::create_directories(actual_path.parent_path());
    std::ofstream(actual_path, std::ios::binary) << actual;
    if (!present) {
        ADD_FAILURE() << expected_path << " is missing; this build's output is in " << actual_path;
        return;
    }
    size_t at = 0;
    while (at < expected.size() && at < actual.size() && expected[at] == actual[at])
        ++at;
    ADD_FAILURE() << name << " differs from byte " << at << " on: expected \""
                  << expected.substr(at, 80) << "\", got \"" << actual.substr(at, 80)
                  << "\"; the whole output is in " << actual_path;
}

// What SessionWriter writes for the header and the sample, as the file holds it.
std::string session_text(const SessionHeader& header, const Sample& sample) {
    std::FILE* file = std::tmpfile();
    if (!file) throw std::runtime_error("cannot create a temporary file");
    SessionWriter writer(fileno(file));
    EXPECT_TRUE(writer.write_line(header_to_json(header)));
    EXPECT_TRUE(writer.write_sample(sample));
    std::string text;
    std::rewind(file);
    char buffer[4096];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0)
        text.append(buffer, n);
    std::fclose(file);
    return text;
}

// Reads the line back with every reader this build has and writes it again.
void expect_rewritten_unchanged(const std::string& line) {
    for (SampleReader reader : {SampleReader::simdjson, SampleReader::nlohmann}) {
        if (!has_sample_reader(reader)) continue;
        SampleLineParser parser(SampleFields::all, reader);
        Sample read;
        ASSERT_EQ(parser.parse_unpadded(line, read), SampleLineParser::Result::sample)
            << parser.error();
        EXPECT_EQ(sample_line(read), line)
            << (reader == SampleReader::simdjson ? "simdjson" : "nlohmann") << " reader";
    }
}

std::string exposition_of(const Board& board, const Sample& sample, bool openmetrics) {
    exporter::ExportModel model(board, analysis::RuleConfig().enabled_ids(), 100);
    exporter::Families families = model.add(sample);
    return openmetrics ? exporter::serialize_openmetrics(families)
                       : exporter::write_text_exposition(families);
}

void expect_all_outputs(const std::string& name, const SessionHeader& header,
                        const Sample& sample) {
    std::string session = session_text(header, sample);
    expect_golden(name + "/session.jsonl", session);
    std::string line = sample_line(sample);
    EXPECT_EQ(session.substr(session.size() - line.size() - 1), line + "\n");
    expect_rewritten_unchanged(line);
    expect_golden(name + "/snapshot.txt", format_snapshot(sample, header.board));
    expect_golden(name + "/metrics.prom", exposition_of(header.board, sample, false));
    expect_golden(name + "/metrics.openmetrics", exposition_of(header.board, sample, true));
}

SessionHeader fixed_header(const std::string& root, const Board& board) {
    SessionHeader header;
    header.started = kStarted;
    header.interval_ms = 1000;
    header.host = "golden";
    header.root = root;
    header.board = board;
    header.rules = analysis::RuleConfig().enabled_ids();
    return header;
}

TEST(GoldenOutput, EveryFixtureBoard) {
    std::vector<std::string> boards = testing::fixture_boards();
    ASSERT_GE(boards.size(), 8u);
    for (const std::string& board : boards) {
        SCOPED_TRACE(board);
        // A moving copy of the tree, so that every rate is a real one (support/moving_tree.hpp):
        // one second of counters between the two samples, at t = 0.25 s and 1.25 s.
        testing::MovingTree tree(board);
        Sampler sampler{Root(tree.root())};
        sampler.sample(sampler.started() + std::chrono::milliseconds(250));
        tree.advance(1.0);
        Sample sample = sampler.sample(sampler.started() + std::chrono::milliseconds(1250));
        sample.time = kSampleTime;
        SessionHeader header = fixed_header("tests/fixtures/" + board, sampler.board());
        header.sources = sampler.status();
        expect_all_outputs(board, header, sample);
    }
}

// Every field set, at the edges of what the line writer must get right.
Sample extreme_sample() {
    Sample s = testing::orin_sample();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    s.t_s = 1234567.0000004;
    s.cpu.util_pct = 33.333333333333336;
    s.cpu.user_pct = 1e-300;
    s.cpu.system_pct = -0.0;
    s.cpu.iowait_pct = nan;
    s.cpu.cores[0].util_pct = 99.99999999;
    s.cpu.cores[0].freq_khz = std::numeric_limits<int64_t>::max();
    s.cpu.cores[0].min_khz = std::numeric_limits<int64_t>::min();
    s.cpu.cores[0].governor = "quote\" backslash\\ newline\n tab\t bell\x07 é \xff";
    s.cpu.cores[2].cluster.reset();
    s.cpu.cores[3].governor.reset();
    s.system.ctxt_per_s = 1.7976931348623157e308;
    s.system.uptime_s = 9.0e15;
    s.system.load_1 = 123456789.123;
    s.system.load_5 = 0.000123456789;
    s.system.load_15 = inf;
    s.system.procs_blocked.reset();
    s.gpu[0].load_pct = -inf;
    s.gpu[0].tpc_pg_mask = -1;
    s.gpu[0].railgate_enabled = false;
    s.gpu[0].scaling_3d_enabled.reset();
    GpuSample second;
    second.name = "17000000.gpu\\\"";
    s.gpu.push_back(second);
    GpuSample discrete;  // a dGPU as NVML reports one, at the edges
    discrete.name = "NVIDIA RTX A2000 12GB";
    discrete.source = "nvml";
    discrete.load_pct = 100, discrete.mem_util_pct = 0;
    discrete.freq_hz = 1200000000, discrete.hw_max_hz = 2100000000;
    discrete.mem_freq_hz = 6001000000, discrete.mem_max_hz = 6001000000;
    discrete.temp_c = 54, discrete.power_mw = 41230, discrete.power_limit_mw = 4294967295.0;
    discrete.mem_used_kb = 0, discrete.mem_total_kb = std::numeric_limits<int64_t>::max();
    s.gpu.push_back(discrete);
    s.emc->util_pct = 100.0000004;
    s.engines.push_back({"", std::nullopt, std::nullopt, nan});
    s.engines[1].load_pct = 33.333333333333336;
    s.engines[1].load_period_s = 1.0 / 6;  // NVML's shortest sampling period
    s.rails[0].voltage_mv = 4999.99995;
    s.rails[0].is_total = true;
    s.rails[1].in_total = true;
    s.rails[0].warn_alarm = true;
    s.rails[0].crit_alarm = true;
    s.power_total_mw = 0.1 + 0.2;
    s.oc_events.push_back({"oc1", "under-voltage", 0, 0.0, true});
    s.oc_events.push_back({"oc2", "average over-current", std::nullopt, std::nullopt, false});
    s.oc_events.push_back(
        {"oc3", "instantaneous over-current", 4294967295, 1234.5678901, std::nullopt});
    s.thermal.push_back({"\x01\x1f", -40.0625});
    s.fans.push_back({"fan\n2", std::nullopt, std::nullopt, std::nullopt});
    s.mem.swap_cached_kb.reset();
    s.mem.lfb_blocks = 0;
    ProcessSample p;
    p.pid = 1;
    p.name = "name with \"quotes\" and \\";
    p.state = '"';
    p.cpu_pct = 1234.5678901;
    p.gpu_mem_kb = 3145728;
    p.group = "vision/\"pod\"/infer";
    s.procs->top.push_back(p);
    GroupSample group;  // a container at the edges
    group.path =
        "/system.slice/"
        "docker-9d2b7c4e1a3f5b6c8d0e2f4a6b8c0d1e3f5a7b9c1d3e5f7a9b0c2d4e6f8a0b1c.scope";
    group.name = "web\napp";
    group.kind = "docker";
    group.id = "9d2b7c4e1a3f";
    group.processes = 3;
    group.cpu_pct = 199.99999999, group.cpu_limit_pct = 200;
    group.periods = 4294967296, group.throttled_periods = 0, group.throttled_pct = 0;
    group.throttled_s = 1e-7;
    group.memory_kb = std::numeric_limits<int64_t>::max(), group.memory_limit_kb = 16384;
    group.oom_kills = 2;
    group.io_read_bytes_per_s = 1.5e9, group.io_write_bytes_per_s = nan;
    group.cpu_some_pct = 100, group.memory_some_pct = 0, group.memory_full_pct = 0.01;
    group.pids = 42, group.gpu_mem_kb = 3145728;
    s.groups.push_back(group);
    GroupSample root;  // the root group: nothing but its CPU time
    root.path = root.name = "/";
    root.kind = "cgroup";
    root.processes = 180;
    root.cpu_pct = 12.5;
    s.groups.push_back(root);
    s.flags = {"gpu-bound", "thermal\"throttle"};
    return s;
}

TEST(GoldenOutput, HandBuiltSamples) {
    SessionHeader header = fixed_header("/", testing::orin_board());
    header.host = "host \"with\" quotes\\";
    expect_all_outputs("hand-built-extremes", header, extreme_sample());

    Sample empty;
    empty.t_s = 0;
    empty.time = kSampleTime;
    SessionHeader bare = fixed_header("/", Board{});
    bare.rules.reset();
    expect_all_outputs("hand-built-empty", bare, empty);
}

}  // namespace
}  // namespace edgetop
