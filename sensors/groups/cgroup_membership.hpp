// A process's control groups: /proc/<pid>/cgroup, one line per hierarchy,
// "hierarchy-ID:controller-list:path" (man 7 cgroups). cgroup v2 has the one line "0::/path";
// a v1 or hybrid system (JetPack 4 and 5) lists each v1 hierarchy by its controllers
// ("4:cpu,cpuacct:/docker/<id>", "1:name=systemd:/...") and, hybrid, also "0::/...".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace edgetop {

struct CgroupLine {
    std::string controllers;  // "cpu,cpuacct", "memory", "name=systemd"
    std::string path;         // "/docker/<id>", with a trailing " (deleted)" removed
};

struct ProcessCgroups {
    std::optional<std::string> unified;  // the "0::" line's path
    std::vector<CgroupLine> v1;
};

ProcessCgroups parse_proc_cgroup(std::string_view text);

// The v1 line whose controller list names `controller` ("cpu", "memory", "name=systemd").
const CgroupLine* find_controller(const ProcessCgroups& cgroups, std::string_view controller);

// The path a process's group is known by: the unified path on cgroup v2; on v1 the cpu
// controller's (where the quota and throttling are), else name=systemd's, else the unified one.
std::optional<std::string> group_path(const ProcessCgroups& cgroups, bool v2);

}  // namespace edgetop
