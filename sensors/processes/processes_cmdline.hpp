// The command line of each process, read from /proc/<pid>/cmdline once: when the process is first
// seen, and again only when its pid shows another process (start time) or it exec'd (comm); an
// empty file is read once more at the next poll (a process caught in the middle of an exec).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace edgetop {

// The arguments separated by spaces, cut at kMaxCommandBytes.
inline constexpr size_t kMaxCommandBytes = 512;

// The text of a cmdline file: NUL separators turned to spaces, trailing ones dropped; an empty
// file (a kernel thread, a zombie) gives "[comm]", as top and ps show them.
std::string command_from_cmdline(std::string_view cmdline, std::string_view comm);

class CommandLines {
  public:
    explicit CommandLines(std::string proc_dir = "/proc") : proc_dir_(std::move(proc_dir)) {}

    // The command line of the process `pid` that started at `start_ticks` and whose stat shows
    // `comm`; empty when the file cannot be read (the process left, or /proc is mounted with
    // hidepid). Read from the file only when this (pid, start, comm) is new.
    const std::string& get(int pid, uint64_t start_ticks, std::string_view comm);
    // Forgets the processes not asked about since the last call (they exited).
    void end_poll();
    // How many cmdline files were opened: what the cache spares.
    size_t files_read() const { return files_read_; }

  private:
    struct Entry {
        uint64_t start_ticks = 0;
        std::string comm;
        std::string command;
        uint64_t seen_poll = 0;
        bool confirmed = false;
    };
    std::string read(int pid, std::string_view comm, bool& empty);

    std::string proc_dir_;
    std::unordered_map<int, Entry> entries_;
    uint64_t poll_ = 1;
    size_t asked_ = 0;
    size_t files_read_ = 0;
};

}  // namespace edgetop
