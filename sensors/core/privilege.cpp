#include "sensors/core/privilege.hpp"

#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

// The kernel's capability sets are read and written with capget/capset directly: two system
// calls with a fixed kernel ABI, where libcap would add a library (and its static form in every
// target's sysroot) for them. The raw calls also act on the calling thread alone, which is what
// ReadCapabilityScope needs: another thread (serve's HTTP server, a session reader) never sees
// the capability in effect.
namespace edgetop {
namespace {

constexpr uint64_t kReadSearch = uint64_t{1} << CAP_DAC_READ_SEARCH;

// statfs(2) magic numbers (linux/magic.h), spelled here because older kernel headers lack some.
constexpr long kSysfsMagic = 0x62656572;
constexpr long kProcMagic = 0x9fa0;
constexpr long kDebugfsMagic = 0x64626720;
constexpr long kTracefsMagic = 0x74726163;

struct CapabilitySets {
    uint64_t effective = 0;
    uint64_t permitted = 0;
    uint64_t inheritable = 0;
};

bool get_capabilities(CapabilitySets& sets) {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2]{};
    if (syscall(SYS_capget, &header, data) != 0) return false;
    auto join = [](uint32_t low, uint32_t high) { return uint64_t{high} << 32 | low; };
    sets.effective = join(data[0].effective, data[1].effective);
    sets.permitted = join(data[0].permitted, data[1].permitted);
    sets.inheritable = join(data[0].inheritable, data[1].inheritable);
    return true;
}

bool set_capabilities(const CapabilitySets& sets) {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2]{};
    auto low = [](uint64_t set) { return static_cast<uint32_t>(set); };
    auto high = [](uint64_t set) { return static_cast<uint32_t>(set >> 32); };
    data[0] = {low(sets.effective), low(sets.permitted), low(sets.inheritable)};
    data[1] = {high(sets.effective), high(sets.permitted), high(sets.inheritable)};
    return syscall(SYS_capset, &header, data) == 0;
}

// Keeps at most the read capability, none of it in effect; false when the kernel refused.
bool keep_read_capability_only(uint64_t keep) {
    CapabilitySets sets;
    if (!get_capabilities(sets)) return false;
    // Nothing more than `keep` is held and nothing is in effect: no change to ask for (and none
    // that a sandbox refusing capset could fail).
    if ((sets.permitted & ~keep) == 0 && sets.effective == 0 && sets.inheritable == 0) return true;
    sets.permitted &= keep;
    sets.effective = 0;
    sets.inheritable = 0;
    // Ambient capabilities would pass to every child (record -- CMD); EINVAL before Linux 4.3.
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    return set_capabilities(sets);
}

[[noreturn]] void refuse_to_run(const char* what) {
    // Running on with more rights than intended is the one thing worse than not running.
    const char prefix[] = "edgetop: cannot lower privileges: ";
    (void)!write(STDERR_FILENO, prefix, sizeof prefix - 1);
    (void)!write(STDERR_FILENO, what, std::strlen(what));
    (void)!write(STDERR_FILENO, "\n", 1);
    _exit(1);
}

}  // namespace

Privilege lower_privilege() {
    uid_t ruid = getuid(), euid = geteuid();
    gid_t rgid = getgid(), egid = getegid();
    if (ruid == 0 && euid == 0) return Privilege::real_root;
    if (egid != rgid && setresgid(rgid, rgid, rgid) != 0) refuse_to_run("setresgid");
    if (euid != ruid) {
        // setuid root keeps the read capability across the change of user; any other setuid
        // identity is simply given up.
        bool was_root = euid == 0;
        if (was_root && prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) != 0) refuse_to_run("PR_SET_KEEPCAPS");
        if (setresuid(ruid, ruid, ruid) != 0) refuse_to_run("setresuid");
        if (was_root) prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0);
    }
    if (!keep_read_capability_only(kReadSearch)) refuse_to_run("capset");
    return holds_read_capability() ? Privilege::capability : Privilege::none;
}

void drop_privilege() {
    if (getuid() == 0 && geteuid() == 0) return;
    if (!keep_read_capability_only(0)) refuse_to_run("capset");
}

bool holds_read_capability() {
    CapabilitySets sets;
    return get_capabilities(sets) && (sets.permitted & kReadSearch);
}

ReadCapabilityScope::ReadCapabilityScope() {
    CapabilitySets sets;
    if (!get_capabilities(sets)) return;
    if (!(sets.permitted & kReadSearch) || (sets.effective & kReadSearch)) return;
    sets.effective |= kReadSearch;
    raised_ = set_capabilities(sets);
}

ReadCapabilityScope::~ReadCapabilityScope() {
    if (!raised_) return;
    CapabilitySets sets;
    if (get_capabilities(sets)) {
        sets.effective &= ~kReadSearch;
        if (set_capabilities(sets)) return;
    }
    refuse_to_run("capset");
}

bool on_kernel_filesystem(int fd) {
    struct statfs info {};
    if (fstatfs(fd, &info) != 0) return false;
    long type = static_cast<long>(info.f_type);
    return type == kSysfsMagic || type == kProcMagic || type == kDebugfsMagic ||
           type == kTracefsMagic;
}

bool is_live_sensor_path(const char* path) {
    return std::strncmp(path, "/sys/", 5) == 0 || std::strncmp(path, "/proc/", 6) == 0;
}

}  // namespace edgetop
