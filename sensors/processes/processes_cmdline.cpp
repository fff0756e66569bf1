// libproc2 can read the command line (PIDS_CMDLINE), but it reads the whole file on every refresh
// of every process, unbounded, and libprocps has another interface: one bounded read per new
// process, kept here, costs less and works the same on both backends.
#include "sensors/processes/processes_cmdline.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace edgetop {

std::string command_from_cmdline(std::string_view cmdline, std::string_view comm) {
    std::string text(cmdline.substr(0, kMaxCommandBytes));
    std::replace(text.begin(), text.end(), '\0', ' ');
    while (!text.empty() && text.back() == ' ')
        text.pop_back();
    if (text.empty()) return "[" + std::string(comm) + "]";
    return text;
}

const std::string& CommandLines::get(int pid, uint64_t start_ticks, std::string_view comm) {
    ++asked_;
    auto [it, inserted] = entries_.try_emplace(pid);
    Entry& entry = it->second;
    bool empty = false;
    if (inserted || entry.start_ticks != start_ticks || entry.comm != comm) {
        entry.start_ticks = start_ticks;
        entry.comm = comm;
        entry.command = read(pid, comm, empty);
        entry.confirmed = !empty;
    } else if (!entry.confirmed) {
        // An exec shows its new comm before the kernel sets the new arguments: a process caught
        // between the two reads an empty file. Read once more a poll later; a kernel thread or a
        // zombie is still empty then and is kept as it is.
        entry.command = read(pid, comm, empty);
        entry.confirmed = true;
    }
    entry.seen_poll = poll_;
    return entry.command;
}

void CommandLines::end_poll() {
    // Every process asked about this poll is in the map; anything beyond that count has exited.
    if (entries_.size() > asked_)
        std::erase_if(entries_, [this](const auto& e) { return e.second.seen_poll != poll_; });
    ++poll_;
    asked_ = 0;
}

std::string CommandLines::read(int pid, std::string_view comm, bool& empty) {
    empty = false;
    std::string path = proc_dir_ + "/" + std::to_string(pid) + "/cmdline";
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return {};
    ++files_read_;
    char buffer[kMaxCommandBytes];
    size_t used = 0;
    bool failed = false;
    while (used < sizeof(buffer)) {
        ssize_t n = ::read(fd, buffer + used, sizeof(buffer) - used);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) failed = true;
        if (n <= 0) break;
        used += static_cast<size_t>(n);
    }
    ::close(fd);
    if (failed) return {};
    empty = used == 0;
    return command_from_cmdline(std::string_view(buffer, used), comm);
}

}  // namespace edgetop
