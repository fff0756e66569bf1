// One tegrastats output line into one Sample.
//
// Hand-written because tegrastats' line is NVIDIA's own ad-hoc format (space-separated
// "NAME value" fields whose value shapes changed across L4T releases) that no library parses; a
// regex per field would also miss the speed target (hundreds of thousands of lines a second). The
// parser walks std::string_view tokens and converts numbers itself (std::from_chars for the rare
// shapes); the only allocations are the model's own vectors and names, and none at all when the
// Sample's lists already have room (TegrastatsImporter reuses one Sample line after line).
#pragma once

#include <chrono>
#include <optional>
#include <string_view>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop::tegrastats {

// The times a line may start with.
struct LineStamp {
    // "<seconds since the epoch>::" written by some recorders before each line: UTC, sub-second.
    std::optional<std::chrono::system_clock::time_point> epoch;
    // tegrastats' own "MM-DD-YYYY HH:MM:SS" (JetPack 5 and later): the board's local time.
    std::optional<std::chrono::sys_seconds> local;
};

// Something in a line the model does not receive, with the text that caused it (views into the
// line, valid until the line's storage changes).
struct LineNote {
    std::string_view kind;  // the field name ("FOO_FREQ"), or a fixed label
    std::string_view text;  // the field with its values, as printed
    std::string_view why;   // for fields understood but not stored: the reason
};

struct LineReport {
    std::vector<LineNote> unknown;     // tokens not understood: the sample is kept without them
    std::vector<LineNote> not_stored;  // fields understood that the model has no place for
    std::string_view error;            // set when the line is not a sample: why
    std::string_view error_text;       // the field that made it malformed
    void clear() {
        unknown.clear();
        not_stored.clear();
        error = {};
        error_text = {};
    }
};

class LineParser {
  public:
    // Fills sample and stamp from line. Returns false (report.error set) when the line is not a
    // tegrastats sample: no RAM field, or a known field with a value in no known format.
    // Rails are filled without the board total (see TegrastatsImporter). sample is expected
    // empty: fields are added to it, and its engines sorted.
    bool parse(std::string_view line, Sample& sample, LineStamp& stamp, LineReport& report) const;
};

}  // namespace edgetop::tegrastats
