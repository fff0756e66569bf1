// Compressed sessions against plain ones, in the same run:
//   BM_RecordFixture/<0 plain|1 zstd>: what `record` does per sample on the AGX Orin fixture (a
//     sample, then its line written to a file), with the fixture's counters, loads, currents and
//     temperatures moved between samples by the test helper (FixtureTree) as a working board
//     moves them; counters: bytes per sample on disk.
//   BM_ReportFile/<0 plain|1 zstd>: `report` on a generated 20,000-sample AGX Orin session, plain
//     and the same lines written compressed by the session writer.
//
//   edgetop_bench --benchmark_filter='RecordFixture|ReportFile' --benchmark_repetitions=3
//
// bench/session_compression.sh measures the same on a live recording of this machine.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "analysis/rules_config.hpp"
#include "bench/generated_session.hpp"
#include "report/report_session.hpp"
#include "sensors/sampler/sampler.hpp"
#include "session/session_reader.hpp"
#include "session/session_writer.hpp"
#include "support/fixture_tree.hpp"

namespace {

using namespace edgetop::bench;

edgetop::SessionCompression compression_of(int64_t arg) {
    return arg == 0 ? edgetop::SessionCompression::none : edgetop::SessionCompression::zstd;
}

// Moves the AGX Orin fixture's values as a loaded board does: CPU ticks, GPU load, EMC activity,
// rail currents and voltages, zone temperatures, each with its own noise.
class OrinDriver {
  public:
    explicit OrinDriver(const edgetop::testing::FixtureTree& tree) : tree_(tree) {
        std::istringstream stat(tree.read("/proc/stat"));
        for (std::string line; std::getline(stat, line);)
            stat_lines_.push_back(line);
    }

    void step() {
        std::string stat;
        for (const auto& line : stat_lines_) {
            if (!line.starts_with("cpu")) {
                stat += line + "\n";
                continue;
            }
            std::istringstream fields(line);
            std::string name;
            fields >> name;
            stat += name;
            std::vector<long long> values;
            for (long long v; fields >> v;)
                values.push_back(v);
            for (size_t i = 0; i < values.size(); ++i) {
                long long advance = i == 3 ? busy_(random_) : i < 3 ? busy_(random_) / 2 : 0;
                stat += " " + std::to_string(values[i] + advance * steps_);
            }
            stat += "\n";
        }
        ++steps_;
        tree_.write("/proc/stat", stat);
        tree_.write("/sys/devices/platform/17000000.ga10b/load", std::to_string(load_(random_)));
        tree_.write("/sys/kernel/actmon_avg_activity/mc_all", std::to_string(load_(random_) * 100));
        const std::string hwmon = "/sys/devices/platform/c240000.i2c/i2c-1/1-0040/hwmon/hwmon3/";
        for (int c = 1; c <= 4; ++c)
            tree_.write(hwmon + "curr" + std::to_string(c) + "_input",
                        std::to_string(200 + milliamps_(random_)));
        for (int i = 1; i <= 7; ++i)
            tree_.write(hwmon + "in" + std::to_string(i) + "_input",
                        std::to_string(5000 + millivolts_(random_)));
        for (int z = 0; z <= 10; ++z) {
            std::string temp =
                "/sys/devices/virtual/thermal/thermal_zone" + std::to_string(z) + "/temp";
            if (std::filesystem::exists(tree_.path(temp)))
                tree_.write(temp, std::to_string(45000 + millidegrees_(random_)));
        }
    }

  private:
    const edgetop::testing::FixtureTree& tree_;
    std::vector<std::string> stat_lines_;
    long long steps_ = 1;
    std::mt19937 random_{17};
    std::uniform_int_distribution<int> busy_{0, 10}, load_{0, 1000}, milliamps_{0, 3000},
        millivolts_{-40, 40}, millidegrees_{0, 25000};
};

void BM_RecordFixture(benchmark::State& state) {
    edgetop::testing::FixtureTree tree("agx-orin");
    OrinDriver driver(tree);
    edgetop::Sampler sampler{edgetop::Root(tree.root())};
    std::string path = tree.root() + "/bench-session.jsonl";  // beside the tree's /proc and /sys
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int64_t samples = 0;
    {
        edgetop::SessionWriter writer(fd, compression_of(state.range(0)));
        for (auto _ : state) {
            state.PauseTiming();
            driver.step();
            state.ResumeTiming();
            edgetop::Sample sample = sampler.sample();
            sample.t_s = 0.05 * static_cast<double>(samples++);
            if (!writer.write_sample(sample)) state.SkipWithError("cannot write the session");
        }
    }
    ::close(fd);
    state.counters["bytes_per_sample"] =
        static_cast<double>(std::filesystem::file_size(path)) / static_cast<double>(samples);
    std::filesystem::remove(path);
}
BENCHMARK(BM_RecordFixture)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// The generated session's lines, written again by the session writer (compressed or not).
std::string rewrite(const GeneratedSession& session, edgetop::SessionCompression compression) {
    std::string path = session.path() +
                       (compression == edgetop::SessionCompression::zstd ? ".jsonl.zst" : ".jsonl");
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    {
        edgetop::SessionWriter writer(fd, compression);
        std::ifstream in(session.path());
        for (std::string line; std::getline(in, line);)
            writer.write_serialized_line(line);
    }
    ::close(fd);
    return path;
}

void BM_ReportFile(benchmark::State& state) {
    GeneratedSession session(20000, true);
    std::string path = rewrite(session, compression_of(state.range(0)));
    edgetop::analysis::RuleConfig rules;
    for (auto _ : state) {
        auto report = edgetop::report_session_file(path, rules, {});
        benchmark::DoNotOptimize(report);
    }
    state.counters["file_bytes"] = static_cast<double>(std::filesystem::file_size(path));
    std::filesystem::remove(path);
}
BENCHMARK(BM_ReportFile)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
