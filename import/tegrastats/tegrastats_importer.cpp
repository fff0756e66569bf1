#include "import/tegrastats/tegrastats_importer.hpp"

#include <algorithm>
#include <span>
#include <utility>

namespace edgetop {
namespace {

using namespace std::chrono;

// Distinct kinds kept per list: a file of random text must not grow memory without bound.
constexpr std::size_t kMaxKinds = 64;
constexpr std::size_t kMaxKindBytes = 48;

// Seconds as a clock duration, held to +-100 years so that no conversion can overflow.
system_clock::duration clock_seconds(double seconds) {
    constexpr double kLimit = 100.0 * 366 * 24 * 3600;
    if (!(seconds > -kLimit)) seconds = -kLimit;  // also catches NaN
    if (seconds > kLimit) seconds = kLimit;
    return duration_cast<system_clock::duration>(duration<double>(seconds));
}

bool is_blank(std::string_view line) {
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

// Every tegrastats line reports RAM: a skipped line without it was not a sample written badly
// but a header, a prompt or a note between samples.
bool looks_like_sample(std::string_view line) {
    return line.find("RAM ") != std::string_view::npos;
}

// "> RAM ..." or "> > RAM ..." as a Markdown quote pastes it.
std::string_view without_quote(std::string_view line) {
    while (!line.empty() && line.front() == '>') {
        line.remove_prefix(1);
        if (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    }
    return line;
}

// A default Sample whose lists keep their storage: the parser fills only these lists.
void reset_keeping_storage(Sample& sample) {
    auto cores = std::move(sample.cpu.cores);
    auto gpu = std::move(sample.gpu);
    auto engines = std::move(sample.engines);
    auto rails = std::move(sample.rails);
    auto thermal = std::move(sample.thermal);
    cores.clear();
    gpu.clear();
    engines.clear();
    rails.clear();
    thermal.clear();
    sample = Sample{};
    sample.cpu.cores = std::move(cores);
    sample.gpu = std::move(gpu);
    sample.engines = std::move(engines);
    sample.rails = std::move(rails);
    sample.thermal = std::move(thermal);
}

std::string_view issue_label(ImportIssue issue) {
    switch (issue) {
        case ImportIssue::unknown_token:
            return "unknown token";
        case ImportIssue::skipped_line:
            return "skipped";
        case ImportIssue::not_stored:
            return "not imported";
    }
    return "";
}

}  // namespace

std::string describe(const ImportWarning& warning) {
    std::string text = "line " + std::to_string(warning.first_line) + ": " +
                       std::string(issue_label(warning.issue)) + " " + warning.kind;
    if (!warning.detail.empty()) text += " (" + warning.detail + ")";
    if (warning.count > 1) {
        text += ", " + std::to_string(warning.count) +
                (warning.issue == ImportIssue::skipped_line ? " lines" : " times");
    }
    if (warning.lines.size() > 1) {
        text += " (lines";
        for (std::size_t line : warning.lines)
            text += " " + std::to_string(line);
        if (warning.count > warning.lines.size()) text += " ...";
        text += ")";
    }
    if (!warning.example.empty()) text += ": " + warning.example;
    return text;
}

TegrastatsImporter::TegrastatsImporter(ImportOptions options) : options_(std::move(options)) {}

std::optional<Sample> TegrastatsImporter::parse_line(std::string_view line,
                                                     std::size_t line_number) {
    std::optional<Sample> sample(std::in_place);
    if (!parse_line(line, line_number, *sample)) return std::nullopt;
    return sample;
}

bool TegrastatsImporter::parse_line(std::string_view line, std::size_t line_number,
                                    Sample& sample) {
    line = without_quote(line);
    if (is_blank(line)) return false;
    reset_keeping_storage(sample);
    tegrastats::LineStamp stamp;
    if (!parser_.parse(line, sample, stamp, report_)) {
        std::string_view text = report_.error_text.empty() ? line : report_.error_text;
        skip_line(line_number, report_.error, text);
        return false;
    }
    for (const auto& note : report_.unknown) {
        record(warnings_, ImportIssue::unknown_token, note.kind, {}, note.text, line_number);
    }
    for (const auto& note : report_.not_stored) {
        record(notes_, ImportIssue::not_stored, note.kind, note.why, note.text, line_number);
    }
    ++data_lines_;
    if (options_.strict && !report_.unknown.empty()) return false;
    set_times(sample, stamp);
    set_total(sample);
    return true;
}

void TegrastatsImporter::skip_line(std::size_t line_number, std::string_view why,
                                   std::string_view text) {
    if (looks_like_sample(without_quote(text))) ++data_lines_;
    record(warnings_, ImportIssue::skipped_line, why, {}, text, line_number);
}

void TegrastatsImporter::set_times(Sample& sample, const tegrastats::LineStamp& stamp) {
    // Without a timestamp a sample is one interval after the data line before it (a skipped
    // line that looks like a sample keeps its slot: it was most likely one tegrastats wrote
    // badly).
    double t_s = 0;
    if (last_data_line_) {
        double lines_apart =
            static_cast<double>(data_lines_) - static_cast<double>(*last_data_line_);
        t_s = last_t_s_ + lines_apart * options_.interval_ms / 1000.0;
    }
    std::optional<system_clock::time_point> stamped;
    if (stamp.epoch) {
        stamped = stamp.epoch;
    } else if (stamp.local) {
        stamped = system_clock::time_point(*stamp.local - options_.utc_offset);
    }
    if (stamped) {
        if (!anchor_) anchor_ = *stamped - clock_seconds(t_s);
        t_s = duration<double>(*stamped - *anchor_).count();
        sample.time = *stamped;
    } else {
        auto start = anchor_ ? *anchor_ : options_.start_time.value_or(system_clock::time_point{});
        sample.time = start + clock_seconds(t_s);
    }
    sample.t_s = t_s;
    last_data_line_ = data_lines_;
    last_t_s_ = t_s;
}

void TegrastatsImporter::set_total(Sample& sample) {
    bool same = sample.rails.size() == rail_names_.size() &&
                std::equal(sample.rails.begin(), sample.rails.end(), rail_names_.begin(),
                           [](const RailSample& rail, const std::string& name) {
                               return rail.name == name;
                           });
    if (!same) {
        rail_names_.clear();
        for (const auto& rail : sample.rails)
            rail_names_.push_back(rail.name);
        total_rule_ = choose_total_rule(rail_names_);
    }
    if (!sample.rails.empty()) {
        sample.power_total_mw = apply_total_rule(total_rule_, std::span<RailSample>(sample.rails));
    }
}

void TegrastatsImporter::record(std::vector<ImportWarning>& list, ImportIssue issue,
                                std::string_view kind, std::string_view detail,
                                std::string_view text, std::size_t line_number) {
    kind = kind.substr(0, kMaxKindBytes);
    auto found = std::find_if(list.begin(), list.end(), [&](const ImportWarning& w) {
        return w.issue == issue && w.kind == kind;
    });
    if (found == list.end() && list.size() >= kMaxKinds) {
        kind = "(other kinds)";
        found = std::find_if(list.begin(), list.end(), [&](const ImportWarning& w) {
            return w.issue == issue && w.kind == kind;
        });
    }
    if (found == list.end()) {
        ImportWarning warning;
        warning.issue = issue;
        warning.kind = std::string(kind);
        warning.detail = std::string(detail);
        warning.first_line = line_number;
        warning.example = std::string(text.substr(0, ImportWarning::kExampleBytes));
        list.push_back(std::move(warning));
        found = list.end() - 1;
    }
    ++found->count;
    if (issue == ImportIssue::skipped_line && found->lines.size() < ImportWarning::kListedLines) {
        found->lines.push_back(line_number);
    }
}

}  // namespace edgetop
