// The groups source on fixture cgroup trees in the layouts the runtimes write (sources in
// tests/fixtures/notes/cgroup-layouts.md): each process's group and name, each group's values read
// from its own files, the rates between two polls, the bound on the number of groups, and a user
// who may not read the runtime's state.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>

#include "sensors/groups/cgroup_counters.hpp"
#include "sensors/groups/groups_sources.hpp"
#include "sensors/groups/rates_groups.hpp"
#include "support/fixture_tree.hpp"
#include "support/unprivileged.hpp"

namespace edgetop::testing::group_layouts {
namespace {

constexpr std::string_view kId = "9d2b7c4e1a3f5b6c8d0e2f4a6b8c0d1e3f5a7b9c1d3e5f7a9b0c2d4e6f8a0b1c";
const std::string kShort = "9d2b7c4e1a3f";

std::string id_path(std::string_view before, std::string_view after = "") {
    return std::string(before) + std::string(kId) + std::string(after);
}

// A unified hierarchy (JetPack 6 and 7) with one group's files as kernel 5.15 writes them.
void v2_root(const FixtureTree& tree) {
    tree.write("/sys/fs/cgroup/cgroup.controllers",
               "cpuset cpu io memory hugetlb pids rdma misc\n");
}

void v2_group(const FixtureTree& tree, const std::string& path,
              std::string_view cpu_max = "max 100000\n") {
    std::string dir = "/sys/fs/cgroup" + path;
    tree.write(dir + "/cpu.stat",
               "usage_usec 8123456\nuser_usec 6000000\nsystem_usec 2123456\nnr_periods 1500\n"
               "nr_throttled 300\nthrottled_usec 4500000\n");
    tree.write(dir + "/cpu.max", cpu_max);
    tree.write(dir + "/memory.current", "536870912\n");
    tree.write(dir + "/memory.max", "1073741824\n");
    tree.write(dir + "/memory.events",
               "low 0\nhigh 0\nmax 12\noom 2\noom_kill 2\noom_group_kill 0\n");
    tree.write(dir + "/io.stat",
               "259:0 rbytes=1048576 wbytes=4194304 rios=256 wios=1024 dbytes=0 dios=0\n"
               "179:0 rbytes=4096 wbytes=0 rios=1 wios=0 dbytes=0 dios=0\n");
    tree.write(dir + "/pids.current", "14\n");
    tree.write(dir + "/cpu.pressure",
               "some avg10=12.50 avg60=8.00 avg300=3.00 total=123456\n"
               "full avg10=4.00 avg60=2.00 avg300=1.00 total=23456\n");
    tree.write(dir + "/memory.pressure",
               "some avg10=1.20 avg60=0.50 avg300=0.10 total=3456\n"
               "full avg10=0.60 avg60=0.20 avg300=0.05 total=1234\n");
    tree.write(dir + "/io.pressure",
               "some avg10=3.00 avg60=1.00 avg300=0.30 total=9876\n"
               "full avg10=2.00 avg60=0.70 avg300=0.20 total=5432\n");
}

void member(const FixtureTree& tree, int pid, std::string_view proc_cgroup) {
    tree.write("/proc/" + std::to_string(pid) + "/cgroup", proc_cgroup);
}

// JetPack 4's v1 hierarchy as systemd 237 mounts it: cpu and cpuacct share "cpu,cpuacct", with
// a link of each name; no unified line in /proc/<pid>/cgroup (kernel 4.9).
void jetpack4_root(const FixtureTree& tree) {
    for (const char* controller : {"cpu,cpuacct", "memory", "blkio", "pids", "systemd"})
        tree.write(std::string("/sys/fs/cgroup/") + controller + "/cgroup.procs", "1\n");
    tree.symlink("/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct");
    tree.symlink("/sys/fs/cgroup/cpuacct", "/sys/fs/cgroup/cpu,cpuacct");
}

void jetpack4_group(const FixtureTree& tree, const std::string& path) {
    std::string cpu = "/sys/fs/cgroup/cpu,cpuacct" + path;
    tree.write(cpu + "/cpuacct.usage", "81234567890\n");
    tree.write(cpu + "/cpu.stat",
               "nr_periods 2000\nnr_throttled 500\nthrottled_time 61234567890\n");
    tree.write(cpu + "/cpu.cfs_quota_us", "50000\n");
    tree.write(cpu + "/cpu.cfs_period_us", "100000\n");
    std::string memory = "/sys/fs/cgroup/memory" + path;
    tree.write(memory + "/memory.usage_in_bytes", "268435456\n");
    tree.write(memory + "/memory.limit_in_bytes", "9223372036854771712\n");
    tree.write(memory + "/memory.oom_control", "oom_kill_disable 0\nunder_oom 0\n");
    tree.write("/sys/fs/cgroup/blkio" + path + "/blkio.throttle.io_service_bytes",
               "179:0 Read 2097152\n179:0 Write 1048576\n179:0 Sync 3145728\n179:0 Async 0\n"
               "179:0 Total 3145728\nTotal 3145728\n");
    tree.write("/sys/fs/cgroup/pids" + path + "/pids.current", "23\n");
}

std::string jetpack4_lines(const std::string& path) {
    return "11:pids:" + path + "\n10:cpu,cpuacct:" + path + "\n9:memory:" + path +
           "\n8:blkio:" + path + "\n1:name=systemd:" + path + "\n";
}

ProcessSample process(int pid, std::optional<int64_t> gpu_mem_kb = std::nullopt) {
    ProcessSample p;
    p.pid = pid;
    p.start_ticks = 1000 + static_cast<uint64_t>(pid);
    p.gpu_mem_kb = gpu_mem_kb;
    return p;
}

Sample poll_once(Source& source, std::vector<ProcessSample> processes) {
    Sample sample;
    sample.procs.emplace();
    sample.procs->all = std::move(processes);
    sample.procs->top = sample.procs->all;
    source.poll(sample);
    return sample;
}

Sample poll_tree(const FixtureTree& tree, std::vector<ProcessSample> processes) {
    SourcePtr source = make_groups_source();
    EXPECT_TRUE(source->discover(Root(tree.root())));
    return poll_once(*source, std::move(processes));
}

const GroupSample* find(const Sample& s, std::string_view path) {
    auto it = std::find_if(s.groups.begin(), s.groups.end(),
                           [&](const GroupSample& g) { return g.path == path; });
    return it == s.groups.end() ? nullptr : &*it;
}

void expect_v2_values(const GroupSample& g) {
    EXPECT_EQ(g.cpu_usage_ns_total, 8123456000u);
    EXPECT_EQ(g.periods, 1500);
    EXPECT_EQ(g.throttled_periods, 300);
    EXPECT_DOUBLE_EQ(g.throttled_s.value_or(-1), 4.5);
    EXPECT_EQ(g.memory_kb, 524288);
    EXPECT_EQ(g.memory_limit_kb, 1048576);
    EXPECT_EQ(g.oom_kills, 2);
    EXPECT_EQ(g.io_read_bytes_total, 1052672u);
    EXPECT_EQ(g.io_written_bytes_total, 4194304u);
    EXPECT_EQ(g.pids, 14);
    EXPECT_EQ(g.cpu_some_pct, 12.5);
    EXPECT_EQ(g.memory_some_pct, 1.2);
    EXPECT_EQ(g.memory_full_pct, 0.6);
    EXPECT_EQ(g.io_some_pct, 3.0);
    EXPECT_EQ(g.io_full_pct, 2.0);
}

TEST(GroupLayouts, JetPack4DockerCgroupfsV1) {
    FixtureTree tree;
    jetpack4_root(tree);
    const std::string docker = id_path("/docker/");
    jetpack4_group(tree, docker);
    jetpack4_group(tree, "/");
    member(tree, 1,
           "11:pids:/\n10:cpu,cpuacct:/\n9:memory:/\n8:blkio:/\n1:name=systemd:/init.scope\n");
    member(tree, 4100, jetpack4_lines(docker));
    member(tree, 4107, jetpack4_lines(docker));
    tree.write(id_path("/var/lib/docker/containers/", "/config.v2.json"),
               id_path(R"({"ID":")", R"(","Name":"/deepstream-app","Config":{"Labels":{}}})"));

    Sample s = poll_tree(tree, {process(1), process(4100, 20480), process(4107, 4096)});
    ASSERT_EQ(s.groups.size(), 2u);
    const GroupSample* g = find(s, docker);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->kind, "docker");
    EXPECT_EQ(g->name, "deepstream-app");
    EXPECT_EQ(g->id, kShort);
    EXPECT_EQ(g->processes, 2);
    EXPECT_EQ(g->gpu_mem_kb, 24576);
    EXPECT_EQ(g->cpu_usage_ns_total, 81234567890u);
    EXPECT_EQ(g->cpu_limit_pct, 50.0);
    EXPECT_EQ(g->periods, 2000);
    EXPECT_EQ(g->throttled_periods, 500);
    EXPECT_DOUBLE_EQ(g->throttled_s.value_or(-1), 61.23456789);
    EXPECT_EQ(g->memory_kb, 262144);
    EXPECT_FALSE(g->memory_limit_kb);  // v1's "no limit"
    EXPECT_FALSE(g->oom_kills);        // kernel 4.9's oom_control has no oom_kill line
    EXPECT_EQ(g->io_read_bytes_total, 2097152u);
    EXPECT_EQ(g->io_written_bytes_total, 1048576u);
    EXPECT_EQ(g->pids, 23);
    EXPECT_FALSE(g->cpu_some_pct);  // no PSI before 4.20
    const GroupSample* root = find(s, "/");
    ASSERT_NE(root, nullptr);
    EXPECT_EQ(root->kind, "cgroup");
    EXPECT_EQ(root->processes, 1);
    EXPECT_FALSE(root->gpu_mem_kb);
    EXPECT_EQ(s.procs->all[1].group, "deepstream-app");
    EXPECT_EQ(s.procs->top[2].group, "deepstream-app");
    EXPECT_EQ(s.procs->all[0].group, "/");
}

// A group made in the cpu controller alone (`cgcreate -g cpu,cpuacct:/capped`, or a quota set
// by hand as on JetPack 4): the process stays at "/" in memory and blkio and in its user slice
// in pids. Those are other groups' values (the root's is the whole machine's), never this one's.
TEST(GroupLayouts, AGroupOfTheCpuControllerAloneHasNoOtherControllersValues) {
    FixtureTree tree;
    jetpack4_root(tree);
    jetpack4_group(tree, "/");
    std::string cpu = "/sys/fs/cgroup/cpu,cpuacct/capped";
    tree.write(cpu + "/cpuacct.usage", "5123456789\n");
    tree.write(cpu + "/cpu.stat", "nr_periods 120\nnr_throttled 96\nthrottled_time 7012345678\n");
    tree.write(cpu + "/cpu.cfs_quota_us", "30000\n");
    tree.write(cpu + "/cpu.cfs_period_us", "100000\n");
    tree.write("/sys/fs/cgroup/pids/user.slice/user-1000.slice/pids.current", "87\n");
    member(tree, 5000,
           "11:pids:/user.slice/user-1000.slice\n10:cpu,cpuacct:/capped\n9:memory:/\n8:blkio:/\n"
           "1:name=systemd:/user.slice/user-1000.slice/session-2.scope\n");

    Sample s = poll_tree(tree, {process(5000)});
    const GroupSample* g = find(s, "/capped");
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->cpu_usage_ns_total, 5123456789u);
    EXPECT_EQ(g->cpu_limit_pct, 30.0);
    EXPECT_EQ(g->throttled_periods, 96);
    EXPECT_FALSE(g->memory_kb) << "the root's memory, not the group's";
    EXPECT_FALSE(g->io_read_bytes_total);
    EXPECT_FALSE(g->pids) << "the user slice's tasks, not the group's";
}

TEST(GroupLayouts, DockerSystemdDriverAndServicesOnV2) {
    FixtureTree tree;
    v2_root(tree);
    const std::string docker = id_path("/system.slice/docker-", ".scope");
    v2_group(tree, docker, "200000 100000\n");
    v2_group(tree, "/system.slice/nvargus-daemon.service");
    v2_group(tree, "/user.slice/user-1000.slice/session-2.scope");
    member(tree, 2300, "0::" + docker + "\n");
    member(tree, 812, "0::/system.slice/nvargus-daemon.service\n");
    member(tree, 1500, "0::/user.slice/user-1000.slice/session-2.scope\n");
    tree.write(id_path("/var/lib/docker/containers/", "/config.v2.json"),
               R"({"Name":"/isaac_ros_dev","Config":{"Labels":{"maintainer":"NVIDIA"}}})");

    Sample s = poll_tree(tree, {process(812), process(1500), process(2300)});
    ASSERT_EQ(s.groups.size(), 3u);
    const GroupSample* g = find(s, docker);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->kind, "docker");
    EXPECT_EQ(g->name, "isaac_ros_dev");
    EXPECT_EQ(g->cpu_limit_pct, 200.0);
    expect_v2_values(*g);
    const GroupSample* service = find(s, "/system.slice/nvargus-daemon.service");
    ASSERT_NE(service, nullptr);
    EXPECT_EQ(service->kind, "service");
    EXPECT_EQ(service->name, "nvargus-daemon.service");
    EXPECT_FALSE(service->cpu_limit_pct);  // "max"
    EXPECT_FALSE(service->id);
    const GroupSample* user = find(s, "/user.slice/user-1000.slice/session-2.scope");
    ASSERT_NE(user, nullptr);
    EXPECT_EQ(user->kind, "user");
    EXPECT_EQ(user->name, "user-1000/session-2.scope");
}

TEST(GroupLayouts, ContainerdNerdctlAndKubernetesPodNamedFromTheirTaskState) {
    FixtureTree tree;
    v2_root(tree);
    const std::string nerdctl = id_path("/system.slice/nerdctl-", ".scope");
    const std::string other_id(kId.rbegin(), kId.rend());
    const std::string pod =
        "/kubepods.slice/kubepods-burstable.slice/"
        "kubepods-burstable-pod0f3e9a52_8c1d_4b7a_9e2f_5d6c7b8a9f01.slice/"
        "cri-containerd-" +
        other_id + ".scope";
    v2_group(tree, nerdctl);
    v2_group(tree, pod);
    member(tree, 3001, "0::" + nerdctl + "\n");
    member(tree, 3050, "0::" + pod + "\n");
    const std::string task = "/run/containerd/io.containerd.runtime.v2.task/";
    tree.write(task + "default/" + std::string(kId) + "/config.json",
               R"({"ociVersion":"1.1.0","annotations":{"nerdctl/name":"triton-server"}})");
    tree.write(task + "k8s.io/" + other_id + "/config.json",
               R"({"annotations":{"io.kubernetes.cri.container-type":"container",)"
               R"("io.kubernetes.cri.sandbox-namespace":"vision",)"
               R"("io.kubernetes.cri.sandbox-name":"detector-7d9f",)"
               R"("io.kubernetes.cri.container-name":"infer"}})");

    Sample s = poll_tree(tree, {process(3001), process(3050)});
    const GroupSample* n = find(s, nerdctl);
    ASSERT_NE(n, nullptr);
    EXPECT_EQ(n->kind, "containerd");
    EXPECT_EQ(n->name, "triton-server");
    const GroupSample* k = find(s, pod);
    ASSERT_NE(k, nullptr);
    EXPECT_EQ(k->kind, "kubernetes");
    EXPECT_EQ(k->name, "vision/detector-7d9f/infer");
    EXPECT_EQ(k->id, other_id.substr(0, 12));
    expect_v2_values(*k);
}

TEST(GroupLayouts, RootlessPodmanKeepsItsShortId) {
    FixtureTree tree;
    v2_root(tree);
    const std::string podman = id_path(
        "/user.slice/user-1000.slice/user@1000.service/user.slice/libpod-", ".scope/container");
    v2_group(tree, podman);
    member(tree, 7001, "0::" + podman + "\n");
    Sample s = poll_tree(tree, {process(7001)});
    ASSERT_EQ(s.groups.size(), 1u);
    EXPECT_EQ(s.groups[0].kind, "podman");
    EXPECT_EQ(s.groups[0].name, kShort);
    EXPECT_EQ(s.procs->all[0].group, kShort);
}

TEST(GroupLayouts, RatesBetweenTwoPolls) {
    FixtureTree tree;
    v2_root(tree);
    const std::string docker = id_path("/docker/");
    v2_group(tree, docker, "50000 100000\n");
    member(tree, 2300, "0::" + docker + "\n");
    SourcePtr source = make_groups_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    Sample before = poll_once(*source, {process(2300)});
    tree.write("/sys/fs/cgroup" + docker + "/cpu.stat",
               "usage_usec 8623456\nnr_periods 1520\nnr_throttled 305\nthrottled_usec 4600000\n");
    tree.write("/sys/fs/cgroup" + docker + "/io.stat",
               "259:0 rbytes=3145728 wbytes=4194304\n179:0 rbytes=4096 wbytes=1048576\n");
    Sample after = poll_once(*source, {process(2300)});
    after.t_s = before.t_s + 2.0;
    derive_group_rates(before, after);
    ASSERT_EQ(after.groups.size(), 1u);
    const GroupSample& g = after.groups[0];
    EXPECT_DOUBLE_EQ(g.cpu_pct.value_or(-1), 25.0);        // 0.5 s of CPU in 2 s
    EXPECT_DOUBLE_EQ(g.throttled_pct.value_or(-1), 25.0);  // 5 of 20 periods
    EXPECT_DOUBLE_EQ(g.io_read_bytes_per_s.value_or(-1), 1048576.0);
    EXPECT_DOUBLE_EQ(g.io_write_bytes_per_s.value_or(-1), 524288.0);
    EXPECT_FALSE(before.groups[0].cpu_pct);

    // A counter that went back (the group was recreated) gives no rate, not a negative one.
    tree.write("/sys/fs/cgroup" + docker + "/cpu.stat",
               "usage_usec 10\nnr_periods 1\nnr_throttled 0\n");
    Sample reset = poll_once(*source, {process(2300)});
    reset.t_s = after.t_s + 1.0;
    derive_group_rates(after, reset);
    EXPECT_FALSE(reset.groups[0].cpu_pct);
    EXPECT_FALSE(reset.groups[0].throttled_pct);
}

TEST(GroupLayouts, AProcessMovedToAnotherGroupFollowsWithinAFewPolls) {
    FixtureTree tree;
    v2_root(tree);
    v2_group(tree, "/system.slice/a.service");
    v2_group(tree, "/system.slice/b.service");
    member(tree, 42, "0::/system.slice/a.service\n");
    SourcePtr source = make_groups_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    EXPECT_EQ(poll_once(*source, {process(42)}).groups.at(0).name, "a.service");
    member(tree, 42, "0::/system.slice/b.service\n");
    std::string last;
    for (int i = 0; i < 10 && last != "b.service"; ++i)
        last = poll_once(*source, {process(42)}).groups.at(0).name;
    EXPECT_EQ(last, "b.service");
}

TEST(GroupLayouts, AtMostTheBoundOfGroupsThoseWithMostProcessesFirst) {
    FixtureTree tree;
    v2_root(tree);
    std::vector<ProcessSample> processes;
    for (int i = 0; i < static_cast<int>(kMaxGroups) + 5; ++i) {
        member(tree, 100 + i, "0::/jobs/job" + std::to_string(i) + "\n");
        processes.push_back(process(100 + i));
    }
    member(tree, 99, "0::/jobs/job" + std::to_string(kMaxGroups + 4) + "\n");
    processes.insert(processes.begin(), process(99));
    Sample s = poll_tree(tree, processes);
    EXPECT_EQ(s.groups.size(), kMaxGroups);
    const GroupSample* busiest = find(s, "/jobs/job" + std::to_string(kMaxGroups + 4));
    ASSERT_NE(busiest, nullptr);
    EXPECT_EQ(busiest->processes, 2);
    // A process whose group is left out has no group rather than a wrong one.
    size_t named = std::count_if(s.procs->all.begin(), s.procs->all.end(),
                                 [](const ProcessSample& p) { return p.group.has_value(); });
    EXPECT_EQ(named, kMaxGroups + 1);
}

TEST(GroupLayouts, BadFilesLeaveValuesAbsentAndNoHierarchyFindsNothing) {
    FixtureTree tree;
    v2_root(tree);
    tree.write("/sys/fs/cgroup/bad/cpu.stat", "usage_usec -5\nnr_periods x\n");
    tree.write("/sys/fs/cgroup/bad/cpu.max", "garbage\n");
    tree.write("/sys/fs/cgroup/bad/memory.max", "max\n");
    tree.write("/sys/fs/cgroup/bad/io.stat", "8:0 rbytes=zz wbytes\n");
    member(tree, 5, "0::/bad\n");
    Sample s = poll_tree(tree, {process(5), process(6)});  // 6 has no cgroup file: exited
    ASSERT_EQ(s.groups.size(), 1u);
    const GroupSample& g = s.groups[0];
    EXPECT_FALSE(g.cpu_usage_ns_total);
    EXPECT_FALSE(g.periods);
    EXPECT_FALSE(g.cpu_limit_pct);
    EXPECT_FALSE(g.memory_limit_kb);
    EXPECT_EQ(g.io_read_bytes_total, 0u);
    EXPECT_FALSE(g.memory_kb);
    EXPECT_FALSE(s.procs->all[1].group);

    FixtureTree empty;
    SourcePtr source = make_groups_source();
    EXPECT_FALSE(source->discover(Root(empty.root())));
}

TEST(GroupLayouts, AUserWhoMayNotReadDockersStateGetsTheShortId) {
    FixtureTree tree;
    v2_root(tree);
    const std::string docker = id_path("/system.slice/docker-", ".scope");
    v2_group(tree, docker);
    member(tree, 2300, "0::" + docker + "\n");
    std::string containers = tree.path("/var/lib/docker/containers");
    tree.write(id_path("/var/lib/docker/containers/", "/config.v2.json"), R"({"Name":"/secret"})");
    ASSERT_EQ(chmod(containers.c_str(), 0700), 0);
    auto name = run_unprivileged(tree.root(), [&] {
        Sample s = poll_tree(tree, {process(2300)});
        return s.groups.size() == 1 ? s.groups[0].name + " " + std::to_string(*s.groups[0].pids)
                                    : std::string("no group");
    });
    if (!name) GTEST_SKIP() << "no unprivileged user to switch to";
    EXPECT_EQ(*name, kShort + " 14");
}

}  // namespace
}  // namespace edgetop::testing::group_layouts
