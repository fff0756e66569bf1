// Control groups (containers, pods, services), named as cAdvisor names its container metrics
// (container_cpu_usage_seconds_total, container_cpu_cfs_throttled_periods_total...) so that
// their queries carry over. A host may run hundreds of groups: the `top` busiest by CPU get
// series of their own and the others are summed into one group "other" (gauges only: a sum of
// counters over a set that changes would go backwards). A container's name comes from its
// runtime's root-only state, so the `group` label is what any user can read, its short id,
// unless serve is asked for names (--group-names).
#include <algorithm>

#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"

namespace edgetop::exporter {
namespace {

constexpr std::string_view kOther = "other";

bool is_container(const GroupSample& g) {
    return g.kind == "docker" || g.kind == "containerd" || g.kind == "podman" ||
           g.kind == "kubernetes";
}

std::string label_of(const GroupSample& g, bool names) {
    return !names && is_container(g) && g.id ? *g.id : g.name;
}

struct GroupFamilies {
    MetricFamily processes =
        make_family("edgetop_group_processes",
                    "Processes of the process table in the control group.", MetricType::Gauge);
    MetricFamily tasks = make_family(
        "edgetop_group_tasks", "Tasks (threads included) in the control group (pids.current).",
        MetricType::Gauge);
    MetricFamily cpu = make_family(
        "edgetop_group_cpu_usage_seconds_total",
        "CPU time of the control group since it was made (cpu.stat usage_usec, v1 cpuacct.usage).",
        MetricType::Counter);
    MetricFamily quota = make_family(
        "edgetop_group_cpu_quota_cores",
        "The control group's CPU quota over its period, in cores (cpu.max; v1 cpu.cfs_quota_us).",
        MetricType::Gauge);
    MetricFamily periods = make_family(
        "edgetop_group_cpu_cfs_periods_total",
        "CFS enforcement periods of the control group since it was made (cpu.stat nr_periods).",
        MetricType::Counter);
    MetricFamily throttled_periods =
        make_family("edgetop_group_cpu_cfs_throttled_periods_total",
                    "CFS periods in which the control group was throttled (cpu.stat nr_throttled).",
                    MetricType::Counter);
    MetricFamily throttled_seconds = make_family(
        "edgetop_group_cpu_cfs_throttled_seconds_total",
        "Time the control group was throttled (cpu.stat throttled_usec, v1 throttled_time).",
        MetricType::Counter);
    MetricFamily memory = make_family(
        "edgetop_group_memory_usage_bytes",
        "Memory charged to the control group (memory.current, v1 memory.usage_in_bytes).",
        MetricType::Gauge);
    MetricFamily memory_limit = make_family(
        "edgetop_group_memory_limit_bytes",
        "The control group's memory limit (memory.max, v1 memory.limit_in_bytes); absent for none.",
        MetricType::Gauge);
    MetricFamily oom_kills = make_family(
        "edgetop_group_oom_kills_total",
        "Processes of the control group the OOM killer killed (memory.events oom_kill).",
        MetricType::Counter);
    MetricFamily read = make_family("edgetop_group_io_read_bytes_total",
                                    "Bytes the control group read (io.stat rbytes, v1 blkio).",
                                    MetricType::Counter);
    MetricFamily written = make_family("edgetop_group_io_written_bytes_total",
                                       "Bytes the control group wrote (io.stat wbytes, v1 blkio).",
                                       MetricType::Counter);
    MetricFamily gpu_memory = make_family(
        "edgetop_group_gpu_memory_bytes",
        "GPU memory of the control group's processes (nvmap or NVML), summed.", MetricType::Gauge);

    template <class T>
    static void add(MetricFamily& family, const std::optional<T>& value, const Labels& labels,
                    double factor = 1) {
        if (value) add_value(family, static_cast<double>(*value) * factor, labels);
    }

    void add_group(const GroupSample& g, const Labels& labels) {
        add_value(processes, static_cast<double>(g.processes), labels);
        add(tasks, g.pids, labels);
        if (g.cpu_usage_ns_total)
            add_value(cpu, static_cast<double>(*g.cpu_usage_ns_total) / 1e9, labels);
        add(quota, g.cpu_limit_pct, labels, 0.01);
        add(periods, g.periods, labels);
        add(throttled_periods, g.throttled_periods, labels);
        add(throttled_seconds, g.throttled_s, labels);
        add(memory, g.memory_kb, labels, 1024);
        add(memory_limit, g.memory_limit_kb, labels, 1024);
        add(oom_kills, g.oom_kills, labels);
        add(read, g.io_read_bytes_total, labels);
        add(written, g.io_written_bytes_total, labels);
        add(gpu_memory, g.gpu_mem_kb, labels, 1024);
    }

    // The gauges of the groups without series of their own, summed.
    void add_other(const std::vector<const GroupSample*>& rest) {
        if (rest.empty()) return;
        const Labels labels{{"group", std::string(kOther)}, {"kind", std::string(kOther)}};
        auto sum = [&](auto member) {
            std::optional<double> total;
            for (const GroupSample* g : rest)
                if (auto v = g->*member) total = total.value_or(0) + static_cast<double>(*v);
            return total;
        };
        double count = 0;
        for (const GroupSample* g : rest)
            count += static_cast<double>(g->processes);
        add_value(processes, count, labels);
        add(tasks, sum(&GroupSample::pids), labels);
        add(memory, sum(&GroupSample::memory_kb), labels, 1024);
        add(gpu_memory, sum(&GroupSample::gpu_mem_kb), labels, 1024);
    }

    void move_to(Families& out) {
        for (MetricFamily* f :
             {&processes, &tasks, &cpu, &quota, &periods, &throttled_periods, &throttled_seconds,
              &memory, &memory_limit, &oom_kills, &read, &written, &gpu_memory})
            out.push_back(std::move(*f));
    }
};

}  // namespace

void append_group_families(const FamilyInput& in, Families& out) {
    GroupFamilies families;
    std::vector<const GroupSample*> groups;
    for (const auto& g : in.sample.groups)
        groups.push_back(&g);
    std::stable_sort(groups.begin(), groups.end(), [](const GroupSample* a, const GroupSample* b) {
        return a->cpu_pct.value_or(-1) > b->cpu_pct.value_or(-1);
    });
    const size_t top = std::min(groups.size(), static_cast<size_t>(std::max(0, in.groups.top)));
    for (size_t i = 0; i < top; ++i)
        families.add_group(*groups[i], {{"group", label_of(*groups[i], in.groups.names)},
                                        {"kind", groups[i]->kind}});
    families.add_other({groups.begin() + static_cast<std::ptrdiff_t>(top), groups.end()});
    families.move_to(out);
}

}  // namespace edgetop::exporter
