// A 64 KiB tmpfs that a test mounts (it runs as root) and fills: a full disk of its own.
#pragma once

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace edgetop::testing {

// Mounted on dir (created) for the test, unmounted after it; mounted() is false where mounting
// is not permitted (why_not() says why: skip the test with it).
class SmallDisk {
  public:
    explicit SmallDisk(const std::string& dir) : dir_(dir) {
        ::mkdir(dir_.c_str(), 0755);
        if (::mount("tmpfs", dir_.c_str(), "tmpfs", 0, "size=64k") == 0)
            mounted_ = true;
        else
            why_not_ = std::strerror(errno);
    }
    ~SmallDisk() {
        if (mounted_) ::umount2(dir_.c_str(), MNT_DETACH);
    }
    bool mounted() const { return mounted_; }
    const std::string& why_not() const { return why_not_; }
    // Writes a file until the disk is full; returns its path.
    std::string fill() const {
        std::string path = dir_ + "/filler";
        int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        std::string block(4096, 'x');
        for (int i = 0; i < 1024 && ::write(fd, block.data(), block.size()) > 0; ++i) {
        }
        // The last bytes that fit in a block the file already has.
        while (::write(fd, "x", 1) == 1) {
        }
        ::close(fd);
        return path;
    }

  private:
    std::string dir_;
    bool mounted_ = false;
    std::string why_not_;
};

}  // namespace edgetop::testing
