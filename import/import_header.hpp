// The session header of an imported tegrastats log: what the log tells about the board (guessed
// from rail, zone and engine names), its start and its interval.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"
#include "import/import_samples.hpp"
#include "session/session_types.hpp"

namespace edgetop {

// Samples read before a header (or a report) starts: the board and the interval come from them.
constexpr std::size_t kHeaderLookahead = 16;

// The board of the log, from guess_board() on its first sample: model (marked as guessed) and SoC.
// An empty Board when nothing decides it.
Board imported_board(const Sample& first);

// The interval of the log: the median step between the first samples when the lines carry times,
// else fallback_ms (tegrastats --interval, as given on the command line).
int64_t imported_interval_ms(const std::vector<Sample>& first, bool has_wall_clock,
                             int64_t fallback_ms);

// The header: started = the first sample's time (the Unix epoch for an undated log), host empty,
// root "tegrastats", no sources.
SessionHeader imported_header(const std::vector<Sample>& first, bool has_wall_clock,
                              int64_t fallback_interval_ms);

// The first samples of a log (up to kHeaderLookahead, taken from samples) and the header made
// from them; the caller hands out `first` before the rest of `samples`.
struct ImportStart {
    std::vector<Sample> first;
    SessionHeader header;
};
ImportStart start_import(ImportedSamples& samples, int64_t fallback_interval_ms);

// The header line with the additive key "source":"tegrastats".
nlohmann::ordered_json imported_header_json(const SessionHeader& header);

}  // namespace edgetop
