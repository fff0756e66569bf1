// GPU memory per process on the nvgpu stack (Jetson up to Orin), from nvmap's debugfs table
// /sys/kernel/debug/nvmap/iovmm/maps: root only, absent on Thor and off Jetson. Opened once at
// discovery; where it cannot be opened the processes keep gpu_mem_kb absent ("n/a").
#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "edgetop/sample.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

inline constexpr std::string_view kNvmapClientsPath = "/sys/kernel/debug/nvmap/iovmm/maps";

// kB per PID, summed over the PID's clients. The table is a header line, one line per client,
// "<user> <process> <PID> <size><unit>" (the process name may hold spaces, so the PID and size
// are taken from the end; unit K, M or G), and a "total <size><unit>" line. Lines that do not
// parse are skipped. Hand-written: a whitespace table of four columns needs no library.
std::unordered_map<int, int64_t> parse_nvmap_clients(std::string_view text);

class NvmapClients {
  public:
    // Opens the table once; false where it is absent or needs root.
    bool open(const Root& root);
    bool is_open() const { return file_.is_open(); }
    // Sets gpu_mem_kb of the listed processes.
    void fill(std::vector<ProcessSample>& processes);

  private:
    SysFile file_;
};

}  // namespace edgetop
