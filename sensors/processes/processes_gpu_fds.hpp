// Whether a process holds a GPU device node open, from the targets of /proc/<pid>/fd/*.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace edgetop {

// GPU device nodes, by the path a /proc/<pid>/fd link points to:
//   /dev/nvgpu/<gpu>/*, /dev/nvgpu-pci/*    nvgpu, JetPack 5 and later
//   /dev/nvhost-*-gpu, /dev/nvhost-gpu      nvgpu, JetPack 4 (other nvhost-* nodes are the
//                                            multimedia engines or syncpoint control)
//   /dev/nvidia<N>, /dev/nvidiactl, /dev/nvidia-uvm*   OpenRM (Thor) and discrete GPUs
//   /dev/dri/renderD*                       DRM render nodes
// Not counted: /dev/nvmap (every graphics, camera and codec client allocates through it,
// the desktop included), /dev/dri/card* and /dev/nvidia-modeset (display, held by compositors).
bool is_gpu_device_path(std::string_view target);

enum class FdScan {
    holds_gpu,  // at least one descriptor points to a GPU device node
    no_gpu,     // every descriptor was read and none does
    denied,     // another user's process: its descriptors are not readable
    gone,       // the process exited
};

// Descriptors of this process that the process table holds on its own /proc files, so that a
// scan of this process skips them instead of reading back the link of each (with 1,000
// processes, 1,000 kept-open stat files).
class OwnDescriptors {
  public:
    void add(int fd);
    void remove(int fd);
    bool contains(int fd) const {
        return fd >= 0 && static_cast<size_t>(fd) < held_.size() && held_[static_cast<size_t>(fd)];
    }

  private:
    std::vector<bool> held_;
};

// Scans /proc/<pid>/fd; stops at the first GPU node. When `pid` is this process, the descriptors
// in `own` are skipped. `links_read`, when given, counts the links read back.
FdScan scan_gpu_fds(int pid, const OwnDescriptors* own = nullptr, size_t* links_read = nullptr);

}  // namespace edgetop
