#include "sensors/processes/processes_gpu_fds.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace edgetop {

namespace {

bool all_digits(std::string_view text) {
    if (text.empty()) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

class DirCloser {
  public:
    explicit DirCloser(DIR* dir) : dir_(dir) {}
    DirCloser(const DirCloser&) = delete;
    DirCloser& operator=(const DirCloser&) = delete;
    ~DirCloser() { closedir(dir_); }

  private:
    DIR* dir_;
};

}  // namespace

bool is_gpu_device_path(std::string_view target) {
    if (target.starts_with("/dev/nvgpu/") || target.starts_with("/dev/nvgpu-pci/")) return true;
    if (target.starts_with("/dev/nvhost-") && target.ends_with("-gpu")) return true;
    if (target.starts_with("/dev/dri/renderD")) return all_digits(target.substr(16));
    if (target == "/dev/nvidiactl" || target == "/dev/nvidia-uvm" ||
        target == "/dev/nvidia-uvm-tools")
        return true;
    if (target.starts_with("/dev/nvidia")) return all_digits(target.substr(11));
    return false;
}

void OwnDescriptors::add(int fd) {
    if (fd < 0) return;
    if (static_cast<size_t>(fd) >= held_.size()) held_.resize(static_cast<size_t>(fd) + 1);
    held_[static_cast<size_t>(fd)] = true;
}

void OwnDescriptors::remove(int fd) {
    if (contains(fd)) held_[static_cast<size_t>(fd)] = false;
}

FdScan scan_gpu_fds(int pid, const OwnDescriptors* own, size_t* links_read) {
    char path[48];
    std::snprintf(path, sizeof(path), "/proc/%d/fd", pid);
    DIR* dir = opendir(path);
    if (!dir) return (errno == EACCES || errno == EPERM) ? FdScan::denied : FdScan::gone;
    DirCloser closer(dir);
    int dir_fd = dirfd(dir);
    if (own && pid != getpid()) own = nullptr;
    char target[256];
    bool denied = false;
    while (const dirent* entry = readdir(dir)) {
        if (entry->d_name[0] == '.') continue;
        if (own && own->contains(std::atoi(entry->d_name))) continue;
        if (links_read) ++*links_read;
        ssize_t n = readlinkat(dir_fd, entry->d_name, target, sizeof(target) - 1);
        if (n < 0) {
            // The descriptor was closed meanwhile (ENOENT) or the process is not ours (EACCES).
            denied = denied || errno == EACCES || errno == EPERM;
            continue;
        }
        if (is_gpu_device_path(std::string_view(target, static_cast<size_t>(n))))
            return FdScan::holds_gpu;
    }
    return denied ? FdScan::denied : FdScan::no_gpu;
}

}  // namespace edgetop
