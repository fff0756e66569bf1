// The read capability as edgetop holds it (privilege.hpp): each case runs in a child process that
// becomes "nobody" the way an installed edgetop would start (file capability, setuid root), and
// checks the kernel's own account of its sets in /proc/thread-self/status and what it can open:
// a root-only sysfs file through the capability, a root-only file on disk never, not even through
// a /proc link that leads there.
#include "sensors/core/privilege.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <functional>
#include <string>

#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/sysfs_root.hpp"
#include "support/child_process.hpp"
#include "support/temp_dir.hpp"

namespace edgetop {
namespace {

constexpr uid_t kNobody = 65534;
constexpr uint64_t kReadSearch = uint64_t{1} << CAP_DAC_READ_SEARCH;
constexpr uint64_t kOverride = uint64_t{1} << CAP_DAC_OVERRIDE;

// A capability set of this thread as the kernel reports it ("CapEff", "CapPrm", "CapAmb").
uint64_t kernel_set(const std::string& name) {
    std::ifstream status("/proc/thread-self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.starts_with(name + ":"))
            return std::stoull(line.substr(name.size() + 1), nullptr, 16);
    return ~uint64_t{0};
}

bool set_kernel_sets(uint64_t effective, uint64_t permitted) {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2]{};
    data[0] = {static_cast<uint32_t>(effective), static_cast<uint32_t>(permitted), 0};
    data[1] = {static_cast<uint32_t>(effective >> 32), static_cast<uint32_t>(permitted >> 32), 0};
    return syscall(SYS_capset, &header, data) == 0;
}

// Becomes nobody with `effective` and `permitted` as a file capability would leave them.
bool become_nobody_with(uint64_t effective, uint64_t permitted) {
    if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) != 0) return false;
    if (setresgid(kNobody, kNobody, kNobody) != 0 || setresuid(kNobody, kNobody, kNobody) != 0)
        return false;
    prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0);
    return set_kernel_sets(effective, permitted);
}

// Runs `body` in a child; its return value is the failure message ("" when it passed).
std::string in_child(const std::function<std::string()>& body) {
    auto child = testing::text_of_child(body);
    if (!child) return "cannot start a child";
    if (child->status != 0) return "child ended with status " + std::to_string(child->status);
    return child->text;
}

// A sysfs file only root may read (SLUB's per-cache counters are 0400), or "" where none is.
std::string root_only_sysfs_file() {
    for (const auto& path : Root("/").glob("/sys/kernel/slab/*/objects")) {
        struct stat info {};
        if (stat(path.c_str(), &info) == 0 && info.st_uid == 0 && !(info.st_mode & S_IROTH))
            return path;
    }
    return "";
}

class Privileges : public ::testing::Test {
  protected:
    void SetUp() override {
        if (geteuid() != 0) GTEST_SKIP() << "needs root to become nobody with a capability";
        sysfs_secret_ = root_only_sysfs_file();
        // A root-only file on disk, in a directory nobody may enter (0711 lets the /proc link
        // below be followed only with the capability).
        chmod(dir_.path().c_str(), 0711);
        disk_secret_ = dir_.path() + "/secret";
        std::ofstream(disk_secret_) << "root-only\n";
        chmod(disk_secret_.c_str(), 0600);
    }
    edgetop::testing::TempDir dir_;
    std::string sysfs_secret_;
    std::string disk_secret_;
};

TEST_F(Privileges, AFileCapabilityIsKeptPermittedButOutOfEffect) {
    EXPECT_EQ(in_child([&]() -> std::string {
                  if (!become_nobody_with(kReadSearch | kOverride, kReadSearch | kOverride))
                      return "cannot become nobody with capabilities";
                  if (lower_privilege() != Privilege::capability) return "not reported as held";
                  if (kernel_set("CapEff") != 0) return "a capability is still in effect";
                  if (kernel_set("CapPrm") != kReadSearch) return "more than the read one kept";
                  return "";
              }),
              "");
}

TEST_F(Privileges, SetuidRootBecomesTheRealUserWithTheReadCapabilityOnly) {
    EXPECT_EQ(in_child([&]() -> std::string {
                  if (setresgid(kNobody, 0, 0) != 0 || setresuid(kNobody, 0, 0) != 0)
                      return "cannot act as a setuid program";
                  if (lower_privilege() != Privilege::capability) return "not reported as held";
                  uid_t r, e, s;
                  getresuid(&r, &e, &s);
                  gid_t rg, eg, sg;
                  getresgid(&rg, &eg, &sg);
                  if (r != kNobody || e != kNobody || s != kNobody) return "still root somewhere";
                  if (rg != kNobody || eg != kNobody || sg != kNobody) return "root's group kept";
                  if (kernel_set("CapEff") != 0) return "a capability is in effect";
                  if (kernel_set("CapPrm") != kReadSearch) return "more than the read one kept";
                  return "";
              }),
              "");
}

TEST_F(Privileges, OnlyLiveSensorFilesAreOpenedThroughTheCapability) {
    if (sysfs_secret_.empty()) GTEST_SKIP() << "no root-only sysfs file here (/sys/kernel/slab)";
    EXPECT_EQ(
        in_child([&]() -> std::string {
            if (!become_nobody_with(kReadSearch, kReadSearch)) return "cannot become nobody";
            lower_privilege();
            SysFile sensor(sysfs_secret_);
            if (!sensor.read()) return "the root-only sysfs file was not read";
            if (kernel_set("CapEff") != 0) return "the capability stayed in effect";
            if (SysFile(sysfs_secret_, FileAccess::user).open_result() != OpenResult::needs_root)
                return "a path the user named was opened with the capability";
            if (SysFile(disk_secret_).open_result() != OpenResult::needs_root)
                return "a file on disk was opened with the capability";
            // A /proc magic link leads to the disk: opened, then refused as not procfs.
            std::string through_proc = "/proc/self/root" + disk_secret_;
            if (SysFile(through_proc).open_result() != OpenResult::needs_root)
                return "a link out of procfs was followed with the capability";
            if (kernel_set("CapEff") != 0) return "the capability stayed in effect";
            return "";
        }),
        "");
}

TEST_F(Privileges, DroppedForGoodNothingRootOnlyIsRead) {
    if (sysfs_secret_.empty()) GTEST_SKIP() << "no root-only sysfs file here (/sys/kernel/slab)";
    EXPECT_EQ(in_child([&]() -> std::string {
                  if (!become_nobody_with(kReadSearch, kReadSearch)) return "cannot become nobody";
                  lower_privilege();
                  drop_privilege();
                  if (holds_read_capability() || kernel_set("CapPrm") != 0)
                      return "the capability is still held";
                  if (SysFile(sysfs_secret_).open_result() != OpenResult::needs_root)
                      return "the root-only sysfs file was read without a capability";
                  return "";
              }),
              "");
}

TEST_F(Privileges, RootIsLeftAlone) {
    EXPECT_EQ(in_child([&]() -> std::string {
                  uint64_t before = kernel_set("CapEff");
                  if (lower_privilege() != Privilege::real_root) return "root not recognised";
                  if (kernel_set("CapEff") != before) return "root's capabilities changed";
                  return "";
              }),
              "");
}

}  // namespace
}  // namespace edgetop
