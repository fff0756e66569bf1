// libproc2 4.0 has no PIDS_* item for voluntary_ctxt_switches / nonvoluntary_ctxt_switches (see
// <libproc2/pids.h>), so these two lines of the fixed-format /proc/<pid>/status are parsed here,
// with VmRSS from the same read (libproc2 would read the whole file again for PIDS_VM_RSS). The
// source reads status only for processes that ran recently or are shown, never the whole table.
#include "sensors/processes/processes_status.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>

namespace edgetop {

namespace {

std::string_view trim_right(std::string_view text) {
    size_t last = text.find_last_not_of(" \t");
    return last == std::string_view::npos ? std::string_view{} : text.substr(0, last + 1);
}

constexpr size_t kReadChunk = 4096;
constexpr size_t kMaxStatusBytes = 256 * 1024;  // a status with a huge Groups: line still fits

// The value of "key:\t<digits>[ <unit>]" at the start of a line. The key is searched for in the
// whole text (one memchr-driven search), not line by line: status has about 55 lines.
std::optional<uint64_t> field(std::string_view text, std::string_view key,
                              std::string_view unit = {}) {
    size_t at = 0;
    while ((at = text.find(key, at)) != std::string_view::npos) {
        size_t start = at;
        at += key.size();
        if ((start > 0 && text[start - 1] != '\n') || at >= text.size() || text[at] != ':')
            continue;
        size_t end = text.find('\n', at);
        std::string_view line =
            text.substr(start, end == std::string_view::npos ? end : end - start);
        std::string_view value = line.substr(key.size() + 1);
        size_t first = value.find_first_not_of(" \t");
        size_t last = value.find_last_not_of(" \t\r");
        if (first == std::string_view::npos) return std::nullopt;
        value = value.substr(first, last - first + 1);
        if (!unit.empty()) {
            if (!value.ends_with(unit)) return std::nullopt;
            value = trim_right(value.substr(0, value.size() - unit.size()));
        }
        uint64_t number = 0;
        auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
        if (ec != std::errc() || ptr != value.data() + value.size()) return std::nullopt;
        return number;
    }
    return std::nullopt;
}

}  // namespace

std::optional<StatusFields> parse_status(std::string_view status_text) {
    auto ctxt = parse_ctxt_switches(status_text);
    if (!ctxt) return std::nullopt;
    StatusFields fields{*ctxt, std::nullopt};
    if (auto rss = field(status_text, "VmRSS", " kB"); rss && *rss <= INT64_MAX)
        fields.vm_rss_kb = static_cast<int64_t>(*rss);
    return fields;
}

std::optional<CtxtSwitches> parse_ctxt_switches(std::string_view status_text) {
    auto voluntary = field(status_text, "voluntary_ctxt_switches");
    auto nonvoluntary = field(status_text, "nonvoluntary_ctxt_switches");
    if (!voluntary || !nonvoluntary) return std::nullopt;
    return CtxtSwitches{*voluntary, *nonvoluntary};
}

std::optional<StatusFields> StatusReader::read(int pid) {
    int fd = -1;
    auto fields = read(pid, fd);
    if (fd >= 0) ::close(fd);
    return fields;
}

int StatusReader::open_status(int pid) {
    char path[48];
    std::snprintf(path, sizeof(path), "/proc/%d/status", pid);
    return ::open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
}

// The kernel prints status whole at the first read of a file position, so a pread into a buffer
// larger than the text returns all of it in one call: a short read is the end. Only a text that
// fills the buffer (a huge Groups: line) is read on.
std::optional<StatusFields> StatusReader::read(int pid, int& fd) {
    if (fd < 0) fd = open_status(pid);
    if (fd < 0) return std::nullopt;  // ENOENT / ESRCH: the process has exited
    size_t used = 0;
    while (true) {
        if (buffer_.size() < used + kReadChunk) buffer_.resize(used + kReadChunk);
        size_t room = buffer_.size() - used;
        ssize_t n = ::pread(fd, buffer_.data() + used, room, static_cast<off_t>(used));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return std::nullopt;  // ESRCH through a kept descriptor: exited
        used += static_cast<size_t>(n);
        if (static_cast<size_t>(n) < room || used >= kMaxStatusBytes) break;
    }
    return parse_status(std::string_view(buffer_.data(), used));
}

}  // namespace edgetop
