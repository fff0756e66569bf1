// What the export tests share: sessions written from hand-built samples or recorded from a
// fixture tree, the export run into a string, and a CSV reader that follows RFC 4180 (quoted
// cells with commas, doubled quotes and line breaks) as pandas.read_csv does.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "e2e/edgetop_process.hpp"
#include "edgetop/sample.hpp"
#include "export/export_sessions.hpp"
#include "session/session_records_json.hpp"
#include "session/session_sample_line.hpp"
#include "session/session_types.hpp"
#include "support/temp_dir.hpp"

namespace edgetop::testing {

inline std::chrono::system_clock::time_point at_ms(int64_t ms) {
    return std::chrono::system_clock::time_point(std::chrono::milliseconds(ms));
}

// A session file: header, the samples' lines, and the end line when given.
inline std::string write_session(const TempDir& tmp, const std::string& name,
                                 const std::vector<Sample>& samples,
                                 std::optional<SessionEnd> end = std::nullopt) {
    SessionHeader header;
    header.started = samples.empty() ? at_ms(0) : samples.front().time;
    header.host = "test-host";
    std::string path = tmp.file(name);
    std::ofstream out(path, std::ios::binary);
    out << header_to_json(header).dump() << "\n";
    for (const auto& s : samples)
        out << sample_line(s) << "\n";
    if (end) out << end_to_json(*end).dump() << "\n";
    return path;
}

// A short recording of a fixture board by the real binary.
inline std::string record_fixture(const TempDir& tmp, const std::string& name,
                                  const std::string& board, int count) {
    std::string out = tmp.file(name);
    auto run = run_edgetop({"record", "--root", std::string(EDGETOP_FIXTURES) + "/" + board, "-i",
                            "100", "-n", std::to_string(count), "-o", out});
    EXPECT_EQ(run.status, 0) << run.err;
    return out;
}

struct Exported {
    std::string text;
    std::vector<std::string> warnings;
};

inline Exported export_files(const std::vector<std::string>& paths, session_export::Format format) {
    Exported out;
    session_export::export_sessions(
        paths, format, [&](std::string_view piece) { out.text += piece; },
        [&](const std::string& warning) { out.warnings.push_back(warning); });
    return out;
}

// RFC 4180 records; a record's line break inside quotes belongs to the cell.
inline std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string cell;
    bool quoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            EXPECT_TRUE(cell.empty()) << "a quote inside an unquoted cell at byte " << i;
            quoted = true;
        } else if (c == ',') {
            row.push_back(cell);
            cell.clear();
        } else if (c == '\n') {
            row.push_back(cell);
            cell.clear();
            rows.push_back(row);
            row.clear();
        } else {
            cell += c;
        }
    }
    EXPECT_FALSE(quoted) << "unterminated quoted cell";
    EXPECT_TRUE(cell.empty() && row.empty()) << "no line break after the last record";
    return rows;
}

// The index of a column by name, or fails.
inline size_t column(const std::vector<std::string>& header, const std::string& name) {
    for (size_t i = 0; i < header.size(); ++i)
        if (header[i] == name) return i;
    ADD_FAILURE() << "no column " << name;
    return header.size();
}

}  // namespace edgetop::testing
