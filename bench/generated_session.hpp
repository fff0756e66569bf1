// What the session benchmarks share: generated sessions of a fixture board, any length, and the
// process's peak resident memory.
#pragma once

#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "analysis/rules_config.hpp"
#include "report/report_event_json.hpp"
#include "sensors/sampler/sampler.hpp"
#include "session/session_records_json.hpp"
#include "support/sample_json.hpp"

namespace edgetop::bench {

constexpr int kPhases = 600;  // one minute of load cycle at 100 ms

inline std::string fixture_root(const char* board) {
    return std::string(EDGETOP_FIXTURES) + "/" + board;
}

inline std::string orin_root() {
    return fixture_root("agx-orin");
}

// Board of the generated sessions, by benchmark argument: AGX Orin lines (12 cores, 11 engines,
// 4 rails, 11 zones: 4.7 kB) and Nano lines (4 cores, 3 rails: 2.6 kB).
inline const char* board_of(int64_t arg) {
    return arg == 0 ? "agx-orin" : "nano";
}

// A session of n samples of a fixture board (its sample with moving load, power and temperature)
// at a jittered 100 ms, written to a temporary file that is removed afterwards. The session
// writer serialises one line per phase of the load cycle; each line is then that text with its
// own "t" (the writer puts "type" and "t" first). A recorded session is one as `edgetop record`
// writes it: its header lists the rules that ran, and an event line follows the first sample as
// when a flag was raised; its report does not rerun the rules. Without, the report reruns them.
class GeneratedSession {
  public:
    GeneratedSession(int64_t n, bool recorded, const char* board = "agx-orin") {
        char name[] = "/tmp/edgetop-report-bench-XXXXXX";
        int fd = mkstemp(name);
        ::close(fd);
        path_ = name;
        edgetop::Sampler sampler{edgetop::Root(fixture_root(board))};
        edgetop::Sample sample = sampler.sample();
        edgetop::SessionHeader header;
        header.interval_ms = 100;
        header.board = sampler.board();
        if (recorded) header.rules = edgetop::analysis::RuleConfig{}.enabled_ids();
        std::vector<std::string> tails;  // each phase's line after the value of "t"
        for (int p = 0; p < kPhases; ++p) {
            double phase = static_cast<double>(p) / kPhases;
            sample.t_s = 0.5;
            sample.cpu.util_pct = 100 * phase;
            for (auto& core : sample.cpu.cores)
                if (core.online) core.util_pct = 100 * phase;
            for (auto& gpu : sample.gpu)
                gpu.load_pct = 100 * (1 - phase);
            for (auto& rail : sample.rails)
                if (rail.power_mw) rail.power_mw = 400 + 5000 * phase;
            sample.power_total_mw = 6000 + 20000 * phase;
            for (auto& zone : sample.thermal)
                if (zone.temp_c) zone.temp_c = 45 + 20 * phase;
            std::string line = edgetop::sample_to_json(sample).dump();
            const std::string head = R"({"type":"sample","t":0.5)";
            if (!line.starts_with(head)) std::abort();
            tails.push_back(line.substr(head.size()) + "\n");
        }
        std::ofstream out(path_, std::ios::binary);
        out << edgetop::header_to_json(header).dump() << "\n";
        for (int64_t i = 0; i < n; ++i) {
            double t =
                static_cast<double>(i) * 0.1 + 0.003 * std::sin(static_cast<double>(i)) + 0.01;
            out << fmt::format(R"({{"type":"sample","t":{:.6f})", t) << tails[i % kPhases];
            if (recorded && i == 0)
                out << edgetop::analysis::event_to_line({t, "thermal_throttle",
                                                         edgetop::analysis::EventState::raised,
                                                         "recorded", nlohmann::json::object()})
                           .dump()
                    << "\n";
        }
        out << edgetop::end_to_json({static_cast<double>(n) * 0.1, n, edgetop::EndReason::count})
                   .dump()
            << "\n";
    }
    ~GeneratedSession() { std::filesystem::remove(path_); }
    const std::string& path() const { return path_; }
    int64_t bytes() const { return static_cast<int64_t>(std::filesystem::file_size(path_)); }

  private:
    std::string path_;
};

inline void reset_peak_rss() {
    std::ofstream("/proc/self/clear_refs") << "5";
}

inline double peak_rss_kb() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.starts_with("VmHWM:")) return std::stod(line.substr(6));
    return 0;
}

}  // namespace edgetop::bench
