// Streaming import: memory stays bounded by the longest accepted line, whatever the file size.
#include <istream>
#include <limits>
#include <string>

#include "import/tegrastats/tegrastats_importer.hpp"

namespace edgetop {

ImportStats import_tegrastats(std::istream& in, TegrastatsImporter& importer,
                              const std::function<void(Sample&&)>& sink) {
    ImportStats stats;
    const std::size_t max_bytes = importer.options().max_line_bytes;
    // getline stores at most size - 1 characters: a line of exactly max_bytes still fits.
    std::string buffer(max_bytes + 1, '\0');
    const auto capacity = static_cast<std::streamsize>(buffer.size());
    while (!importer.failed()) {
        in.getline(buffer.data(), capacity);
        const std::streamsize got = in.gcount();
        if (in.bad()) {
            stats.ok = false;
            break;
        }
        if (got == 0 && in.eof()) break;
        ++stats.lines;
        if (in.fail() && !in.eof()) {
            // No newline within max_bytes: the rest of the line is thrown away unread.
            in.clear();
            in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
            importer.skip_line(stats.lines, "line too long",
                               std::string_view(buffer.data(), static_cast<std::size_t>(got)));
            continue;
        }
        // gcount counts the newline it consumed; the last line of a file may have none.
        auto length = static_cast<std::size_t>(in.eof() ? got : got - 1);
        std::string_view line(buffer.data(), length);
        if (auto sample = importer.parse_line(line, stats.lines)) {
            ++stats.samples;
            sink(std::move(*sample));
        } else if (line.find_first_not_of(" \t\r") == std::string_view::npos) {
            ++stats.blank;
        }
        if (in.eof()) break;
    }
    for (const auto& w : importer.warnings())
        if (w.issue == ImportIssue::skipped_line) stats.skipped += w.count;
    if (importer.failed()) stats.ok = false;
    return stats;
}

}  // namespace edgetop
