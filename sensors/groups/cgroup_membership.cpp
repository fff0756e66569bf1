#include "sensors/groups/cgroup_membership.hpp"

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {

std::string clean_path(std::string_view path) {
    constexpr std::string_view kDeleted = " (deleted)";
    if (path.ends_with(kDeleted)) path.remove_suffix(kDeleted.size());
    return std::string(path);
}

bool lists(std::string_view list, std::string_view controller) {
    while (!list.empty()) {
        size_t comma = list.find(',');
        if (list.substr(0, comma) == controller) return true;
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
    return false;
}

}  // namespace

ProcessCgroups parse_proc_cgroup(std::string_view text) {
    ProcessCgroups out;
    while (!text.empty()) {
        std::string_view line = next_line(text);
        size_t first = line.find(':');
        if (first == std::string_view::npos) continue;
        size_t second = line.find(':', first + 1);
        if (second == std::string_view::npos) continue;
        std::string_view id = line.substr(0, first);
        std::string_view controllers = line.substr(first + 1, second - first - 1);
        std::string_view path = line.substr(second + 1);
        if (!path.starts_with('/')) continue;
        if (id == "0" && controllers.empty())
            out.unified = clean_path(path);
        else if (!controllers.empty())
            out.v1.push_back({std::string(controllers), clean_path(path)});
    }
    return out;
}

const CgroupLine* find_controller(const ProcessCgroups& cgroups, std::string_view controller) {
    for (const CgroupLine& line : cgroups.v1)
        if (lists(line.controllers, controller)) return &line;
    return nullptr;
}

std::optional<std::string> group_path(const ProcessCgroups& cgroups, bool v2) {
    if (v2) return cgroups.unified;
    if (const CgroupLine* cpu = find_controller(cgroups, "cpu")) return cpu->path;
    if (const CgroupLine* systemd = find_controller(cgroups, "name=systemd")) return systemd->path;
    return cgroups.unified;
}

}  // namespace edgetop
