// tegrastats logs into samples: one line at a time (TegrastatsImporter::parse_line) or a whole
// stream (import_tegrastats), with every token the model does not receive accounted for.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "edgetop/sample.hpp"
#include "import/tegrastats/tegrastats_line.hpp"
#include "sensors/power/power_total.hpp"

namespace edgetop {

struct ImportOptions {
    // Time between lines that carry no timestamp (tegrastats --interval; its default is 1000 ms).
    double interval_ms = 1000;
    // tegrastats stamps lines with the board's local time and no zone: the zone's offset from UTC
    // (e.g. -360 for UTC-6). A recorder's "<epoch>::" prefix is UTC and ignores it.
    std::chrono::minutes utc_offset{0};
    // Wall-clock time of the first line, for logs whose lines carry no timestamp.
    std::optional<std::chrono::system_clock::time_point> start_time;
    // An unknown token or a skipped line fails the import instead of being a warning.
    bool strict = false;
    // import_tegrastats skips longer lines whole (memory stays bounded on a corrupt file).
    std::size_t max_line_bytes = 64 * 1024;
};

enum class ImportIssue {
    unknown_token,  // a token not understood: the line is imported without it
    skipped_line,   // a line that is not a sample (no RAM field, malformed field, too long)
    not_stored,     // a field understood that the model has no place for (IRAM, MTS, maxima)
};

// One kind of issue, reported once with where it first happened and how often.
struct ImportWarning {
    ImportIssue issue = ImportIssue::unknown_token;
    std::string kind;    // token name, skip reason, or field name
    std::string detail;  // not_stored: why the model does not take it
    std::size_t first_line = 0;
    std::size_t count = 0;           // tokens or lines
    std::string example;             // the first occurrence's text, cut to kExampleBytes
    std::vector<std::size_t> lines;  // skipped_line: the first kListedLines line numbers
    static constexpr std::size_t kExampleBytes = 120;
    static constexpr std::size_t kListedLines = 10;
};

// "line 12: unknown token FOO (3 times): FOO 1%@300"
std::string describe(const ImportWarning& warning);

class TegrastatsImporter {
  public:
    explicit TegrastatsImporter(ImportOptions options = {});

    // The sample of one line (line_number counts from 1 and orders the lines), or nullopt for a
    // blank line, a line that is not a sample, or, in strict mode, a line with an unknown token.
    // A Markdown quote ("> " before each pasted line) is read as the line it quotes.
    std::optional<Sample> parse_line(std::string_view line, std::size_t line_number);
    // The same into sample, which is reset first but keeps the storage of its lists (a caller
    // that passes the same Sample line after line allocates nothing in the steady state). False
    // where the other gives nullopt; sample then holds nothing of use.
    bool parse_line(std::string_view line, std::size_t line_number, Sample& sample);
    // Records a line the caller could not read whole (too long) as skipped.
    void skip_line(std::size_t line_number, std::string_view why, std::string_view text);

    // unknown_token and skipped_line issues, in the order first seen.
    const std::vector<ImportWarning>& warnings() const { return warnings_; }
    // not_stored issues: informational, never a failure.
    const std::vector<ImportWarning>& notes() const { return notes_; }
    // Strict mode and some warning happened.
    bool failed() const { return options_.strict && !warnings_.empty(); }
    // Whether Sample::time is a real wall-clock time (a timestamp was seen or start_time given).
    bool has_wall_clock() const { return anchor_.has_value() || options_.start_time.has_value(); }
    const ImportOptions& options() const { return options_; }

  private:
    void set_times(Sample& sample, const tegrastats::LineStamp& stamp);
    void set_total(Sample& sample);
    void record(std::vector<ImportWarning>& list, ImportIssue issue, std::string_view kind,
                std::string_view detail, std::string_view text, std::size_t line_number);

    ImportOptions options_;
    tegrastats::LineParser parser_;
    tegrastats::LineReport report_;
    std::vector<ImportWarning> warnings_, notes_;
    // Time of the last sample, to place the next one when it has no timestamp: each data line
    // (a sample, or a line that looks like one but was skipped) is one interval after the one
    // before; blank and other lines between them take no time.
    std::size_t data_lines_ = 0;
    std::optional<std::size_t> last_data_line_;
    double last_t_s_ = 0;
    // Wall-clock time of t = 0, from the first timestamp.
    std::optional<std::chrono::system_clock::time_point> anchor_;
    // The total-power rule of the last rail set (recomputed only when the rail names change).
    std::vector<std::string> rail_names_;
    TotalRule total_rule_;
};

struct ImportStats {
    std::size_t lines = 0, samples = 0, blank = 0, skipped = 0;
    bool ok =
        true;  // false: strict mode met a warning (reading stopped there) or the stream failed
};

// Reads in line by line and passes each sample to sink. Never stops early unless strict.
ImportStats import_tegrastats(std::istream& in, TegrastatsImporter& importer,
                              const std::function<void(Sample&&)>& sink);

// The board a sample comes from, guessed from rail, temperature and engine names and the core
// count; nullopt when nothing decides it (e.g. the pre-R28.2 TX1 format).
struct BoardGuess {
    std::string name;  // nano, tx2, agx-xavier, xavier-nx, agx-orin, orin-nx, orin-nano,
                       // thor
    std::string soc;   // tegra210, tegra186, tegra194, tegra234, tegra264
};
std::optional<BoardGuess> guess_board(const Sample& sample);

}  // namespace edgetop
