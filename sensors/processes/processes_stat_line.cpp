// /proc/<pid>/stat is a fixed kernel format (one line, space-separated, unchanged since 2.6 apart
// from fields appended at the end). libproc2 reads it, but only by opening the file anew on every
// refresh (stat() of /proc/<pid>, open, read, close, sscanf per process): it cannot re-read a
// descriptor that is already open, which is what makes a poll of ~1000 processes cheap. So the
// handful of fields a poll needs are parsed here from the pread of that open descriptor.
#include "sensors/processes/processes_stat_line.hpp"

#include <charconv>

namespace edgetop {

namespace {

// Token numbers counted from the state field (field 3 of proc(5)).
constexpr int kPpid = 1;         // field 4
constexpr int kUtime = 11;       // field 14
constexpr int kStime = 12;       // field 15
constexpr int kNumThreads = 17;  // field 20
constexpr int kStartTime = 19;   // field 22
constexpr int kRss = 21;         // field 24

constexpr size_t kCommSearchBytes = 128;

template <typename T>
bool to_number(std::string_view token, T& out) {
    if (token.empty()) return false;
    auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), out);
    return ec == std::errc() && ptr == token.data() + token.size();
}

}  // namespace

std::optional<StatLine> parse_stat_line(std::string_view text) {
    size_t open = text.find(" (");
    // After the comm come only numbers: its closing ')' is the last one within the pid, the
    // comm (64 bytes at most, a kernel worker's longest name) and a few bytes more. Searching
    // that prefix, not the whole line backwards, halves the parse.
    size_t close = text.substr(0, kCommSearchBytes).rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open + 1)
        return std::nullopt;
    StatLine line;
    if (!to_number(text.substr(0, open), line.pid) || line.pid <= 0) return std::nullopt;
    line.comm = text.substr(open + 2, close - open - 2);
    std::string_view rest = text.substr(close + 1);

    int index = 0;
    uint64_t utime = 0, stime = 0;
    bool have_rss = false;
    size_t pos = 0;
    while (index <= kRss) {
        if (pos >= rest.size() || rest[pos] != ' ') return std::nullopt;
        ++pos;
        // A plain loop: find_first_of(" \n") calls memchr once per character, which made this
        // parse cost as much as the kernel's formatting of the line.
        size_t end = pos;
        while (end < rest.size() && rest[end] != ' ' && rest[end] != '\n')
            ++end;
        std::string_view token = rest.substr(pos, end - pos);
        pos = end;
        bool ok = true;
        switch (index) {
            case 0:
                ok = token.size() == 1 && token[0] > ' ' && token[0] < 0x7f;
                line.state = token.empty() ? 0 : token[0];
                break;
            case kPpid:
                ok = to_number(token, line.ppid) && line.ppid >= 0;
                break;
            case kUtime:
                ok = to_number(token, utime);
                break;
            case kStime:
                ok = to_number(token, stime);
                break;
            case kNumThreads:
                ok = to_number(token, line.threads) && line.threads >= 0;
                break;
            case kStartTime:
                ok = to_number(token, line.start_ticks);
                break;
            case kRss:
                ok = to_number(token, line.rss_pages) && line.rss_pages >= 0;
                have_rss = ok;
                break;
            default:
                ok = !token.empty();
                break;
        }
        if (!ok) return std::nullopt;
        ++index;
    }
    if (!have_rss || utime > UINT64_MAX - stime) return std::nullopt;
    line.cpu_ticks = utime + stime;
    return line;
}

}  // namespace edgetop
