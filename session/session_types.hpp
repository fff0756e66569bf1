// The records of a session file besides samples: the header, events and the end line.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "edgetop/board.hpp"
#include "sensors/core/source.hpp"

namespace edgetop {

inline constexpr std::string_view kSessionFormat = "edgetop-session";
inline constexpr int kSessionVersion = 1;

struct SessionHeader {
    int version = kSessionVersion;
    std::chrono::system_clock::time_point started;
    int64_t interval_ms = 1000;
    std::string host;
    std::string root = "/";
    Board board;
    std::vector<SourceStatus> sources;
    // The ids of the rules that ran while recording, when they did: every flag raised then has
    // its event line, so a session without event lines had no flag up.
    std::optional<std::vector<std::string>> rules;
    // A file of a rotated set (record --rotate): the set's id, shared by its files, and the
    // file's place in it (0 for the first file, N for NAME.N.EXT).
    std::optional<std::string> session_id;
    std::optional<int64_t> part;
};

// A timestamped note inside a session (the kind decides the other keys, kept in data).
struct SessionEvent {
    double t_s = 0;
    std::string kind;
    nlohmann::json data;  // the whole line, for the keys a kind adds
};

// end_of_input: an import (edgetop import) read its whole input; stopped: the user stopped it in
// the UI.
enum class EndReason {
    count,
    duration,
    signal,
    command_exited,
    write_error,
    end_of_input,
    stopped,
    rotated  // the file reached --rotate's size; the session goes on in the next file of the set
};

const char* to_string(EndReason reason);
std::optional<EndReason> parse_end_reason(std::string_view text);

struct SessionEnd {
    double t_s = 0;
    int64_t samples = 0;
    EndReason reason = EndReason::count;
};

}  // namespace edgetop
