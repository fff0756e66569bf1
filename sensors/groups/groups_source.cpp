// The control groups of the process table's processes. Each process's /proc/<pid>/cgroup is
// read when its pid first appears and again every kRereadPolls polls (a process can be moved to
// another group); each group's own files are read on every poll, opened and closed then, so that
// hundreds of containers hold no descriptors between polls.
#include <sys/stat.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "sensors/core/source.hpp"
#include "sensors/groups/cgroup_counters.hpp"
#include "sensors/groups/cgroup_membership.hpp"
#include "sensors/groups/container_names.hpp"
#include "sensors/groups/group_naming.hpp"
#include "sensors/groups/groups_sources.hpp"
#include "sensors/groups/rates_groups.hpp"

namespace edgetop {

namespace {

constexpr uint64_t kRereadPolls = 8;
constexpr const char* kCgroupRoot = "/sys/fs/cgroup";

bool is_directory(const std::string& real_path) {
    struct stat st {};
    return ::stat(real_path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

class GroupsSource final : public Source {
  public:
    std::string name() const override { return "groups"; }

    bool discover(const Root& root) override {
        root_ = root;
        names_.emplace(root);
        v2_ = is_directory(root.path(kCgroupRoot)) &&
              probe_file(root.path(std::string(kCgroupRoot) + "/cgroup.controllers")) ==
                  OpenResult::ok;
        v1_ = !v2_ && (is_directory(root.path(std::string(kCgroupRoot) + "/cpu")) ||
                       is_directory(root.path(std::string(kCgroupRoot) + "/cpuacct")) ||
                       is_directory(root.path(std::string(kCgroupRoot) + "/cpu,cpuacct")));
        return v2_ || v1_;
    }

    void poll(Sample& sample) override {
        if (!sample.procs || (!v2_ && !v1_)) return;
        ++poll_;
        for (auto& [path, group] : groups_) {
            group.processes = 0;
            group.gpu_mem_kb.reset();
        }
        std::vector<Group*> of_process(sample.procs->all.size(), nullptr);
        for (size_t i = 0; i < sample.procs->all.size(); ++i) {
            const ProcessSample& process = sample.procs->all[i];
            Group* group = group_of(process);
            if (!group) continue;
            of_process[i] = group;
            ++group->processes;
            if (process.gpu_mem_kb)
                group->gpu_mem_kb = group->gpu_mem_kb.value_or(0) + *process.gpu_mem_kb;
        }
        forget_unused();
        std::vector<Group*> shown = busiest();
        sample.groups.clear();
        sample.groups.reserve(shown.size());
        for (Group* group : shown) {
            group->shown_poll = poll_;
            GroupSample& out = sample.groups.emplace_back();
            out.path = group->path;
            out.name = group->identity.name;
            out.kind = group->identity.kind;
            out.id = group->identity.short_id;
            out.processes = group->processes;
            out.gpu_mem_kb = group->gpu_mem_kb;
            read_cgroup(group->dirs, out);
        }
        for (size_t i = 0; i < of_process.size(); ++i)
            if (of_process[i] && of_process[i]->shown_poll == poll_)
                sample.procs->all[i].group = of_process[i]->identity.name;
        name_top(*sample.procs);
    }

    std::vector<SourceStatus> status() const override {
        using State = SourceStatus::State;
        if (v2_) return {{"groups", State::found, std::string(kCgroupRoot), "cgroup v2"}};
        if (v1_) return {{"groups", State::found, std::string(kCgroupRoot), "cgroup v1"}};
        return {{"groups", State::absent, std::string(kCgroupRoot), "no cgroup hierarchy"}};
    }

  private:
    struct Group {
        std::string path;
        GroupIdentity identity;
        CgroupDirs dirs;
        int64_t processes = 0;
        std::optional<int64_t> gpu_mem_kb;
        uint64_t shown_poll = 0;
    };
    struct Member {
        uint64_t start_ticks = 0;
        uint64_t read_poll = 0;
        uint64_t seen_poll = 0;
        Group* group = nullptr;
    };

    Group* group_of(const ProcessSample& process) {
        Member& member = members_[process.pid];
        uint64_t start = process.start_ticks.value_or(0);
        bool stale = member.read_poll == 0 || member.start_ticks != start ||
                     poll_ - member.read_poll >= kRereadPolls;
        member.seen_poll = poll_;
        if (!stale) return member.group;
        member.start_ticks = start;
        member.read_poll = poll_;
        member.group = nullptr;
        auto text = read_text_file(root_.path("/proc/" + std::to_string(process.pid) + "/cgroup"));
        if (!text) return nullptr;
        ProcessCgroups cgroups = parse_proc_cgroup(*text);
        auto path = group_path(cgroups, v2_);
        if (!path) return nullptr;
        auto [it, inserted] = groups_.try_emplace(*path);
        if (inserted) {
            it->second.path = *path;
            it->second.identity = identify_group(*path);
            names_->name(it->second.identity);
            it->second.dirs = directories(cgroups, *path);
        }
        member.group = &it->second;
        return member.group;
    }

    // Members of this poll point only at groups that hold a process now, so erasing the others
    // leaves no dangling pointer.
    void forget_unused() {
        std::erase_if(members_, [&](const auto& entry) { return entry.second.seen_poll != poll_; });
        std::erase_if(groups_, [](const auto& entry) { return entry.second.processes == 0; });
    }

    std::vector<Group*> busiest() {
        std::vector<Group*> all;
        all.reserve(groups_.size());
        for (auto& [path, group] : groups_)
            all.push_back(&group);
        auto more_processes = [](const Group* a, const Group* b) {
            if (a->processes != b->processes) return a->processes > b->processes;
            return a->path < b->path;
        };
        size_t count = std::min(all.size(), kMaxGroups);
        std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(count), all.end(),
                          more_processes);
        all.resize(count);
        std::sort(all.begin(), all.end(),
                  [](const Group* a, const Group* b) { return a->path < b->path; });
        return all;
    }

    // The top list was copied from the whole table before the groups were known.
    static void name_top(ProcsSample& procs) {
        for (ProcessSample& top : procs.top) {
            auto it = std::lower_bound(procs.all.begin(), procs.all.end(), top.pid,
                                       [](const ProcessSample& p, int pid) { return p.pid < pid; });
            if (it != procs.all.end() && it->pid == top.pid) top.group = it->group;
        }
    }

    std::string mount_of(const CgroupLine& line, std::string_view controller) const {
        for (const std::string& name : {line.controllers, std::string(controller)}) {
            std::string dir = root_.path(std::string(kCgroupRoot) + "/" + name);
            if (is_directory(dir)) return dir;
        }
        return {};
    }

    // The controller's directory of the group at `group`; none where the controller holds the
    // process in another group of its own hierarchy (a group made in the cpu controller alone
    // leaves memory at "/", the whole machine's): those values are not this group's.
    std::string v1_dir(const ProcessCgroups& cgroups, std::string_view controller,
                       const std::string& group) const {
        const CgroupLine* line = find_controller(cgroups, controller);
        if (!line || line->path != group) return {};
        std::string mount = mount_of(*line, controller);
        if (mount.empty()) return {};
        return line->path == "/" ? mount : mount + line->path;
    }

    // The directories of the group at `group` (group_path() of cgroups).
    CgroupDirs directories(const ProcessCgroups& cgroups, const std::string& group) const {
        CgroupDirs dirs;
        dirs.v2 = v2_;
        std::string unified_root =
            root_.path(v2_ ? std::string(kCgroupRoot) : std::string(kCgroupRoot) + "/unified");
        if (cgroups.unified && *cgroups.unified == group && (v2_ || is_directory(unified_root)))
            dirs.unified = *cgroups.unified == "/" ? unified_root : unified_root + *cgroups.unified;
        if (v2_) return dirs;
        dirs.cpu = v1_dir(cgroups, "cpu", group);
        dirs.cpuacct = v1_dir(cgroups, "cpuacct", group);
        dirs.memory = v1_dir(cgroups, "memory", group);
        dirs.blkio = v1_dir(cgroups, "blkio", group);
        dirs.pids = v1_dir(cgroups, "pids", group);
        return dirs;
    }

    Root root_;
    std::optional<ContainerNames> names_;
    bool v2_ = false, v1_ = false;
    uint64_t poll_ = 0;
    std::unordered_map<std::string, Group> groups_;
    std::unordered_map<int, Member> members_;
};

}  // namespace

SourcePtr make_groups_source() {
    return std::make_unique<GroupsSource>();
}

}  // namespace edgetop
