#include "import/import_header.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

#include "import/tegrastats/tegrastats_importer.hpp"
#include "session/session_records_json.hpp"

namespace edgetop {
namespace {

struct BoardName {
    std::string_view guess;
    std::string_view model;
};

constexpr std::array kModels = {
    BoardName{"nano", "Jetson Nano"},
    BoardName{"tx2", "Jetson TX2"},
    BoardName{"agx-xavier", "Jetson AGX Xavier"},
    BoardName{"xavier-nx", "Jetson Xavier NX"},
    BoardName{"agx-orin", "Jetson AGX Orin"},
    BoardName{"orin-nx", "Jetson Orin NX"},
    BoardName{"orin-nano", "Jetson Orin Nano or Orin NX 8GB"},
    BoardName{"thor", "Jetson AGX Thor"},
};

}  // namespace

Board imported_board(const Sample& first) {
    Board board;
    auto guess = guess_board(first);
    if (!guess) return board;
    std::string model = guess->name;
    for (const auto& m : kModels)
        if (m.guess == guess->name) model = std::string(m.model);
    board.model = model + " (guessed from tegrastats)";
    board.soc = guess->soc;
    return board;
}

int64_t imported_interval_ms(const std::vector<Sample>& first, bool has_wall_clock,
                             int64_t fallback_ms) {
    if (!has_wall_clock || first.size() < 2) return fallback_ms;
    std::vector<double> steps;
    for (std::size_t i = 1; i < first.size(); ++i)
        steps.push_back(first[i].t_s - first[i - 1].t_s);
    auto middle = steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2);
    std::nth_element(steps.begin(), middle, steps.end());
    double ms = std::round(*middle * 1000.0);
    if (!std::isfinite(ms) || ms < 1) return fallback_ms;
    return static_cast<int64_t>(std::min(ms, 86400e3));
}

SessionHeader imported_header(const std::vector<Sample>& first, bool has_wall_clock,
                              int64_t fallback_interval_ms) {
    SessionHeader header;
    header.host = "";
    header.root = "tegrastats";
    header.interval_ms = imported_interval_ms(first, has_wall_clock, fallback_interval_ms);
    if (!first.empty()) {
        header.board = imported_board(first.front());
        if (has_wall_clock) {
            auto offset = std::chrono::duration_cast<std::chrono::system_clock::duration>(
                std::chrono::duration<double>(first.front().t_s));
            header.started = first.front().time - offset;
        }
    }
    return header;
}

nlohmann::ordered_json imported_header_json(const SessionHeader& header) {
    auto line = header_to_json(header);
    line["source"] = "tegrastats";
    return line;
}

ImportStart start_import(ImportedSamples& samples, int64_t fallback_interval_ms) {
    ImportStart start;
    Sample sample;
    while (start.first.size() < kHeaderLookahead && samples.next(sample))
        start.first.push_back(std::move(sample));
    start.header =
        imported_header(start.first, samples.importer().has_wall_clock(), fallback_interval_ms);
    return start;
}

}  // namespace edgetop
