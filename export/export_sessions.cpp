#include "export/export_sessions.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <memory>

#include "export/csv_output.hpp"
#include "export/export_columns.hpp"
#include "export/perfetto_output.hpp"
#include "session/session_reader.hpp"

namespace edgetop::session_export {

namespace {

constexpr std::size_t kChunkBytes = 256 * 1024;

// The first sample of a session, if it has one.
bool read_first_sample(SessionReader& reader, SessionRecord& record) {
    while (reader.next(record))
        if (record.kind == SessionRecord::Kind::sample) return true;
    return false;
}

std::string display(const std::string& path) {
    return path == "-" ? "standard input" : path;
}

// One line saying how the columns of `path` differ from the first session's.
std::string column_mismatch(const std::string& path, const std::string& first_path,
                            const std::vector<std::string>& first,
                            const std::vector<std::string>& names) {
    for (std::size_t i = 0; i < first.size() && i < names.size(); ++i)
        if (first[i] != names[i])
            return fmt::format(
                "{}: its columns differ from those of {} (column {} is '{}', not '{}'): CSV "
                "needs the same columns in every session",
                display(path), display(first_path), i + 1, names[i], first[i]);
    return fmt::format(
        "{}: its columns differ from those of {} ({} columns, not {}): CSV needs the same "
        "columns in every session",
        display(path), display(first_path), names.size(), first.size());
}

class Exporter {
  public:
    Exporter(Format format, const Write& write, const Warn& warn)
        : format_(format), write_(write), warn_(warn) {
        if (format_ == Format::perfetto) perfetto_ = std::make_unique<PerfettoOutput>(out_);
    }

    // Opens every file but standard input once, up to its first sample, so that a file that is
    // not a session or (CSV) has other columns stops the export before anything is written.
    void check(const std::vector<std::string>& paths) {
        for (const auto& path : paths) {
            if (path == "-") continue;
            SessionReader reader(path);
            reader.set_workers(0);
            SessionRecord record;
            if (format_ == Format::csv && read_first_sample(reader, record))
                match_columns(path, column_names(columns_of(record.sample)));
        }
    }

    void session(const std::string& path) {
        SessionReader reader(path, [this](const SessionProblem& p) { warn_(p.message); });
        SessionRecord record;
        if (!read_first_sample(reader, record)) {
            warn_(fmt::format("{}: no samples", display(path)));
            return;
        }
        Columns columns = columns_of(record.sample);
        ++sessions_;
        if (format_ == Format::csv) {
            match_columns(path, column_names(columns));
            if (!header_written_) append_csv_header(out_, reference_);
            header_written_ = true;
        } else {
            const auto& header = reader.header();
            std::string label = fmt::format("edgetop {}", display(path));
            if (!header.host.empty()) label += fmt::format(" ({})", header.host);
            perfetto_->begin_session(sessions_, label, columns);
        }
        Located located;
        bool warned = false;
        std::optional<double> last_t, end_t;
        do {
            if (record.kind == SessionRecord::Kind::end) end_t = record.end.t_s;
            if (record.kind != SessionRecord::Kind::sample) continue;
            locate(columns, record.sample, located);
            if (located.list_with_new_element && !warned) {
                warned = true;
                warn_(fmt::format(
                    "{}: line {}: {} has an element the first sample lacks; its values are left "
                    "out (the columns are those of the first sample)",
                    display(path), reader.line_number(),
                    columns.lists[*located.list_with_new_element].name));
            }
            if (format_ == Format::csv)
                append_csv_row(out_, columns, located);
            else
                perfetto_->sample(record.sample, located);
            last_t = record.sample.t_s;
            flush_if_full();
        } while (reader.next(record));
        if (format_ == Format::perfetto) {
            auto end_us = perfetto_->last_sample_us();
            if (end_us && end_t && last_t && *end_t > *last_t)
                *end_us += std::llround((*end_t - *last_t) * 1e6);
            perfetto_->end_session(end_us);
        }
        flush_if_full();
    }

    void finish() {
        if (perfetto_) perfetto_->finish();
        if (!out_.empty()) write_(out_);
        out_.clear();
    }

  private:
    void match_columns(const std::string& path, std::vector<std::string> names) {
        if (!reference_path_) {
            reference_path_ = path;
            reference_ = std::move(names);
        } else if (names != reference_) {
            throw ExportError(column_mismatch(path, *reference_path_, reference_, names));
        }
    }

    void flush_if_full() {
        if (out_.size() < kChunkBytes) return;
        write_(out_);
        out_.clear();
    }

    Format format_;
    const Write& write_;
    const Warn& warn_;
    std::string out_;
    std::unique_ptr<PerfettoOutput> perfetto_;
    std::optional<std::string> reference_path_;
    std::vector<std::string> reference_;
    bool header_written_ = false;
    int sessions_ = 0;
};

}  // namespace

std::optional<Format> parse_format(std::string_view text) {
    if (text == "csv") return Format::csv;
    if (text == "perfetto") return Format::perfetto;
    return std::nullopt;
}

void export_sessions(const std::vector<std::string>& paths, Format format, const Write& write,
                     const Warn& warn) {
    Exporter exporter(format, write, warn);
    exporter.check(paths);
    for (const auto& path : paths)
        exporter.session(path);
    exporter.finish();
}

}  // namespace edgetop::session_export
