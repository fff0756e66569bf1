// edgetop export: session files as CSV or as a Perfetto (Chrome trace-event JSON) trace, written
// as they are read: memory does not grow with the length of a session.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace edgetop::session_export {

enum class Format { csv, perfetto };

std::optional<Format> parse_format(std::string_view text);

// A file that cannot be exported; what() is one line naming it.
class ExportError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Receives the output in pieces (about 256 KiB each), in order.
using Write = std::function<void(std::string_view)>;
// Receives each warning (a corrupt line skipped, a truncated last line, an element the first
// sample lacked), one line naming the file.
using Warn = std::function<void(const std::string&)>;

// Exports the sessions at `paths` ("-" is standard input) one after the other. CSV: one header,
// then the rows of every session, which must have the same columns; Perfetto: one process per
// session. Every file but standard input is opened and its columns checked before anything is
// written. Throws ExportError or SessionError (a file that cannot be read or is not a session).
void export_sessions(const std::vector<std::string>& paths, Format format, const Write& write,
                     const Warn& warn);

}  // namespace edgetop::session_export
