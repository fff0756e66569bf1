// A group's kind and name from its cgroup path, in the layouts each runtime writes
// (tests/fixtures/notes/cgroup-layouts.md), and /proc/<pid>/cgroup in its v2, v1 and hybrid forms.
#include <gtest/gtest.h>

#include "sensors/groups/cgroup_membership.hpp"
#include "sensors/groups/group_naming.hpp"

namespace edgetop::testing::group_naming {
namespace {

constexpr std::string_view kId = "3f9c1b2a7d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8";

std::string with_id(std::string_view before, std::string_view after = "") {
    return std::string(before) + std::string(kId) + std::string(after);
}

struct Expected {
    std::string kind, name;
    std::optional<std::string> short_id;
    std::string runtime;
};

void expect_identity(const std::string& path, const Expected& want) {
    GroupIdentity got = identify_group(path);
    EXPECT_EQ(got.kind, want.kind) << path;
    EXPECT_EQ(got.name, want.name) << path;
    EXPECT_EQ(got.short_id, want.short_id) << path;
    EXPECT_EQ(got.runtime, want.runtime) << path;
}

TEST(GroupNaming, DockerBothDrivers) {
    expect_identity(with_id("/docker/"), {"docker", "3f9c1b2a7d4e", "3f9c1b2a7d4e", "docker"});
    expect_identity(with_id("/system.slice/docker-", ".scope"),
                    {"docker", "3f9c1b2a7d4e", "3f9c1b2a7d4e", "docker"});
    EXPECT_EQ(identify_group(with_id("/docker/")).container_id, kId);
}

TEST(GroupNaming, ContainerdAndPodman) {
    GroupIdentity ctr = identify_group(with_id("/default/"));
    EXPECT_EQ(ctr.kind, "containerd");
    EXPECT_EQ(ctr.containerd_namespace, "default");
    expect_identity(with_id("/system.slice/nerdctl-", ".scope"),
                    {"containerd", "3f9c1b2a7d4e", "3f9c1b2a7d4e", "containerd"});
    expect_identity(with_id("/machine.slice/libpod-", ".scope"),
                    {"podman", "3f9c1b2a7d4e", "3f9c1b2a7d4e", "podman"});
    expect_identity(with_id("/user.slice/user-1000.slice/user@1000.service/user.slice/libpod-",
                            ".scope/container"),
                    {"podman", "3f9c1b2a7d4e", "3f9c1b2a7d4e", "podman"});
    expect_identity(with_id("/machine.slice/libpod-conmon-", ".scope"),
                    {"podman", "3f9c1b2a7d4e conmon", "3f9c1b2a7d4e", "podman"});
}

TEST(GroupNaming, KubernetesPodsBothDrivers) {
    const std::string uid = "0f3e9a52-8c1d-4b7a-9e2f-5d6c7b8a9f01";
    const std::string uid_ = "0f3e9a52_8c1d_4b7a_9e2f_5d6c7b8a9f01";
    expect_identity(with_id("/kubepods/besteffort/pod" + uid + "/"),
                    {"kubernetes", "pod" + uid + "/3f9c1b2a7d4e", "3f9c1b2a7d4e", "containerd"});
    expect_identity(with_id("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" +
                                uid_ + ".slice/cri-containerd-",
                            ".scope"),
                    {"kubernetes", "pod" + uid + "/3f9c1b2a7d4e", "3f9c1b2a7d4e", "containerd"});
    expect_identity("/kubepods.slice/kubepods-pod" + uid_ + ".slice",
                    {"kubernetes", "pod" + uid, std::nullopt, ""});
}

TEST(GroupNaming, SystemdUnitsUserSlicesAndOtherPaths) {
    expect_identity("/system.slice/nvargus-daemon.service",
                    {"service", "nvargus-daemon.service", std::nullopt, ""});
    expect_identity("/init.scope", {"service", "init.scope", std::nullopt, ""});
    expect_identity("/user.slice/user-1000.slice/session-2.scope",
                    {"user", "user-1000/session-2.scope", std::nullopt, ""});
    expect_identity("/user.slice/user-1000.slice", {"user", "user-1000.slice", std::nullopt, ""});
    expect_identity("/", {"cgroup", "/", std::nullopt, ""});
    expect_identity("/edge/inference", {"cgroup", "/edge/inference", std::nullopt, ""});
    // Not quite an id (63 digits, an upper-case digit): a path, not a container.
    expect_identity("/docker/" + std::string(kId.substr(1)),
                    {"cgroup", "/docker/" + std::string(kId.substr(1)), std::nullopt, ""});
}

TEST(ProcCgroup, UnifiedHybridAndV1Lines) {
    ProcessCgroups v2 = parse_proc_cgroup("0::/system.slice/ssh.service\n");
    EXPECT_EQ(group_path(v2, true), "/system.slice/ssh.service");
    EXPECT_TRUE(v2.v1.empty());

    // JetPack 4 (kernel 4.9, systemd 237): no unified line; cpu and cpuacct share a hierarchy.
    ProcessCgroups jp4 = parse_proc_cgroup(
        "11:pids:/docker/abc\n10:cpu,cpuacct:/docker/abc\n9:memory:/docker/abc\n"
        "1:name=systemd:/docker/abc\n");
    EXPECT_EQ(group_path(jp4, false), "/docker/abc");
    ASSERT_NE(find_controller(jp4, "cpuacct"), nullptr);
    EXPECT_EQ(find_controller(jp4, "cpuacct")->controllers, "cpu,cpuacct");
    EXPECT_EQ(find_controller(jp4, "blkio"), nullptr);
    EXPECT_FALSE(jp4.unified);

    // Hybrid without a cpu line falls back to name=systemd; a removed group loses " (deleted)".
    ProcessCgroups hybrid =
        parse_proc_cgroup("4:memory:/a\n1:name=systemd:/user.slice (deleted)\n0::/user.slice\n");
    EXPECT_EQ(group_path(hybrid, false), "/user.slice");
    EXPECT_EQ(hybrid.unified, "/user.slice");

    // Garbage and half lines are skipped, never a crash.
    ProcessCgroups bad = parse_proc_cgroup("garbage\n3:cpu\n::\n7:cpu:relative\n\n");
    EXPECT_FALSE(group_path(bad, false));
    EXPECT_FALSE(group_path(bad, true));
}

}  // namespace
}  // namespace edgetop::testing::group_naming
