// The edgetop_group_* families: the busiest control groups' values in base units, the others'
// gauges summed as group "other", and a container labelled by its short id unless names were
// asked for (a container's name is read from root-only runtime state).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "analysis/energy_integrator.hpp"
#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"

namespace edgetop::exporter {
// Named: unity batches put this file beside export_model_test.cpp's helpers of the same names.
namespace group_families_test {

// A JetPack 5 host's groups, as the groups source reads them: a DeepStream container capped at
// 2 cores and throttled, a Triton container, and services.
GroupSample deepstream() {
    GroupSample g;
    g.path = "/docker/3f4e2b1a9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f";
    g.name = "deepstream-app";
    g.kind = "docker";
    g.id = "3f4e2b1a9c8d";
    g.processes = 3;
    g.pids = 41;
    g.cpu_pct = 187.5;
    g.cpu_limit_pct = 200;
    g.cpu_usage_ns_total = 81234567890;
    g.periods = 2000;
    g.throttled_periods = 500;
    g.throttled_s = 61.23456789;
    g.memory_kb = 262144;
    g.memory_limit_kb = 4194304;
    g.oom_kills = 1;
    g.io_read_bytes_total = 2097152;
    g.io_written_bytes_total = 1048576;
    g.gpu_mem_kb = 24576;
    return g;
}

GroupSample service(int i, double cpu_pct) {
    GroupSample g;
    g.path = "/system.slice/svc-" + std::to_string(i) + ".service";
    g.name = "svc-" + std::to_string(i) + ".service";
    g.kind = "service";
    g.processes = 2;
    g.pids = 5;
    g.cpu_pct = cpu_pct;
    g.memory_kb = 1024 * (i + 1);
    return g;
}

const MetricFamily* find(const Families& families, std::string_view name) {
    for (const auto& f : families)
        if (f.name == name) return &f;
    return nullptr;
}

std::optional<double> value(const Families& families, std::string_view name,
                            const std::string& group) {
    const MetricFamily* family = find(families, name);
    if (!family) return std::nullopt;
    for (const auto& series : family->series)
        for (const auto& label : series.labels)
            if (label.name == "group" && label.value == group) return series.value;
    return std::nullopt;
}

Families families_for(const Sample& sample, GroupSeries groups) {
    Board board;
    std::vector<FlagCounter> flags;
    analysis::SessionEnergy energy;
    FamilyInput in{board, sample, flags, energy};
    in.groups = groups;
    Families out;
    append_group_families(in, out);
    return out;
}

TEST(GroupFamilies, ValuesInBaseUnitsLabelledByShortIdUnlessNamesAreAsked) {
    Sample sample;
    sample.groups = {service(0, 0.5), deepstream()};
    Families families = families_for(sample, {});
    const std::string id = "3f4e2b1a9c8d";
    EXPECT_EQ(value(families, "edgetop_group_processes", id), 3);
    EXPECT_EQ(value(families, "edgetop_group_tasks", id), 41);
    EXPECT_DOUBLE_EQ(*value(families, "edgetop_group_cpu_usage_seconds_total", id), 81.23456789);
    EXPECT_DOUBLE_EQ(*value(families, "edgetop_group_cpu_quota_cores", id), 2.0);
    EXPECT_EQ(value(families, "edgetop_group_cpu_cfs_periods_total", id), 2000);
    EXPECT_EQ(value(families, "edgetop_group_cpu_cfs_throttled_periods_total", id), 500);
    EXPECT_DOUBLE_EQ(*value(families, "edgetop_group_cpu_cfs_throttled_seconds_total", id),
                     61.23456789);
    EXPECT_EQ(value(families, "edgetop_group_memory_usage_bytes", id), 268435456);
    EXPECT_EQ(value(families, "edgetop_group_memory_limit_bytes", id), 4294967296);
    EXPECT_EQ(value(families, "edgetop_group_oom_kills_total", id), 1);
    EXPECT_EQ(value(families, "edgetop_group_io_read_bytes_total", id), 2097152);
    EXPECT_EQ(value(families, "edgetop_group_io_written_bytes_total", id), 1048576);
    EXPECT_EQ(value(families, "edgetop_group_gpu_memory_bytes", id), 25165824);
    EXPECT_FALSE(value(families, "edgetop_group_processes", "deepstream-app"));
    // A service's name is its path's, which every user reads: kept. Absent values, no series.
    EXPECT_EQ(value(families, "edgetop_group_processes", "svc-0.service"), 2);
    EXPECT_FALSE(value(families, "edgetop_group_cpu_quota_cores", "svc-0.service"));
    EXPECT_FALSE(value(families, "edgetop_group_memory_limit_bytes", "svc-0.service"));

    Families named = families_for(sample, {.top = 20, .names = true});
    EXPECT_EQ(value(named, "edgetop_group_processes", "deepstream-app"), 3);
    EXPECT_FALSE(value(named, "edgetop_group_processes", id));
    for (const auto& family : named)
        EXPECT_EQ(family.type == MetricType::Counter, family.name.ends_with("_total"))
            << family.name;
}

TEST(GroupFamilies, TheBusiestGetSeriesAndTheOthersGaugesAreSummed) {
    Sample sample;
    for (int i = 0; i < 25; ++i)
        sample.groups.push_back(service(i, i));  // svc-24 the busiest
    Families families = families_for(sample, {.top = 20});
    EXPECT_EQ(find(families, "edgetop_group_processes")->series.size(), 21u);
    EXPECT_TRUE(value(families, "edgetop_group_processes", "svc-24.service"));
    EXPECT_TRUE(value(families, "edgetop_group_processes", "svc-5.service"));
    EXPECT_FALSE(value(families, "edgetop_group_processes", "svc-4.service"));
    // svc-0 to svc-4: 5 groups of 2 processes, 5 tasks and 1 to 5 MiB.
    EXPECT_EQ(value(families, "edgetop_group_processes", "other"), 10);
    EXPECT_EQ(value(families, "edgetop_group_tasks", "other"), 25);
    EXPECT_EQ(value(families, "edgetop_group_memory_usage_bytes", "other"), 15 * 1048576);
    EXPECT_FALSE(value(families, "edgetop_group_gpu_memory_bytes", "other"));  // none known
    EXPECT_FALSE(value(families, "edgetop_group_cpu_usage_seconds_total", "other"));

    Families none = families_for(sample, {.top = 0});
    EXPECT_EQ(find(none, "edgetop_group_processes")->series.size(), 1u);
    EXPECT_EQ(value(none, "edgetop_group_processes", "other"), 50);
    Families empty = families_for(Sample{}, {});
    EXPECT_TRUE(find(empty, "edgetop_group_processes")->series.empty());
}

}  // namespace group_families_test
}  // namespace edgetop::exporter
