// Real disk writes on this machine show in the disk rate: a child writes 64 MiB with fsync to a
// file on the filesystem of the build directory while `edgetop record` samples the live root, and
// the bytes the session says that filesystem's disk wrote over the recording add up to at least
// the file.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "e2e/edgetop_process.hpp"

namespace edgetop::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr double kFileBytes = 64.0 * 1048576;

// A directory under the working directory (the build tree: a real disk more often than /tmp,
// which may be tmpfs), removed at the end.
struct WorkDir {
    std::string path;
    WorkDir() {
        std::string pattern = (fs::current_path() / "disk-writes-XXXXXX").string();
        if (mkdtemp(pattern.data())) path = pattern;
    }
    ~WorkDir() {
        std::error_code ignored;
        if (!path.empty()) fs::remove_all(path, ignored);
    }
};

// The /sys/class/block name of a block device number ("vda2"), or empty.
std::string block_name(dev_t dev) {
    std::error_code ec;
    fs::path link = fs::path("/sys/dev/block") /
                    (std::to_string(major(dev)) + ":" + std::to_string(minor(dev)));
    fs::path real = fs::canonical(link, ec);
    return ec ? std::string() : real.filename().string();
}

// The device a path's filesystem was mounted from, as mountinfo names it ("/dev/nvme0n1p2"), for
// filesystems whose st_dev is an anonymous number (btrfs): the longest mount point holding it.
std::string mount_source(const std::string& path) {
    std::ifstream in("/proc/self/mountinfo");
    std::string line, best_point, best_source;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string id, parent, devno, root, point, word;
        fields >> id >> parent >> devno >> root >> point;
        while (fields >> word && word != "-") {
        }
        std::string type, source;
        fields >> type >> source;
        bool inside = path == point ||
                      (path.rfind(point, 0) == 0 && (point == "/" || path[point.size()] == '/'));
        if (inside && point.size() >= best_point.size()) best_point = point, best_source = source;
    }
    return best_source;
}

// The physical disk (as /proc/diskstats names it) beneath a block device: a partition's parent,
// and the first device beneath a device-mapper or md device (LVM, LUKS, RAID).
std::string physical_disk(std::string name) {
    for (int depth = 0; depth < 8 && !name.empty(); ++depth) {
        fs::path sys = fs::path("/sys/class/block") / name;
        std::error_code ec;
        if (fs::exists(sys / "partition", ec)) {
            name = fs::canonical(sys, ec).parent_path().filename().string();
            continue;
        }
        if (fs::exists(sys / "slaves", ec) && !fs::is_empty(sys / "slaves", ec)) {
            name = fs::directory_iterator(sys / "slaves")->path().filename().string();
            continue;
        }
        return name;
    }
    return {};
}

std::string disk_of(const std::string& path) {
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) return {};
    std::string name = major(st.st_dev) != 0 ? block_name(st.st_dev) : std::string();
    if (name.empty()) {
        std::string source = mount_source(fs::canonical(path).string());
        if (source.rfind("/dev/", 0) == 0) name = fs::canonical(source).filename().string();
    }
    return name.empty() ? name : physical_disk(name);
}

TEST(LiveDiskWrites, AChildsFsyncedWritesShowInItsDisksWriteRate) {
    WorkDir dir;
    ASSERT_FALSE(dir.path.empty()) << "cannot create a directory under " << fs::current_path();
    const std::string disk = disk_of(dir.path);
    if (disk.empty())
        GTEST_SKIP() << dir.path << " is on no block disk (overlay, tmpfs or a network "
                     << "filesystem): no disk to watch";
    const std::string session = dir.path + "/live.jsonl";
    const std::string file = dir.path + "/written.bin";
    // Random bytes, so that a compressing filesystem cannot shrink them; fsync so that they reach
    // the disk before dd exits; samples before and after the write.
    const std::string script = "sleep 0.6; dd if=/dev/urandom of=" + file +
                               " bs=1M count=64 conv=fsync status=none && sleep 1";
    RunResult run =
        run_edgetop({"record", "--interval", "200", "-o", session, "--", "sh", "-c", script});
    ASSERT_EQ(run.status, 0) << run.err;
    ASSERT_EQ(fs::file_size(file), static_cast<std::uintmax_t>(kFileBytes));

    double written = 0, busiest = 0;
    std::optional<double> previous_t;
    int with_rates = 0;
    for (const json& line : parse_lines(read_lines(session))) {
        if (line["type"] != "sample") continue;
        const double t = line["t"].get<double>();
        for (const json& d : line["disks"]) {
            if (d["name"] != disk || d["write_bytes_per_s"].is_null() || !previous_t) continue;
            ++with_rates;
            written += d["write_bytes_per_s"].get<double>() * (t - *previous_t);
            if (!d["busy_pct"].is_null()) busiest = std::max(busiest, d["busy_pct"].get<double>());
        }
        previous_t = t;
    }
    ASSERT_GE(with_rates, 5) << "disk " << disk << " has no write rates in " << session;
    // Everything dd wrote went to that disk during the recording (plus whatever else wrote).
    EXPECT_GE(written, 0.99 * kFileBytes) << disk;
    EXPECT_GT(busiest, 0) << disk;
}

}  // namespace
}  // namespace edgetop::testing
