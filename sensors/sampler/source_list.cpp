// Every source the sampler polls, in one table and in the order it polls them: a new sensor is
// its factory (declared in its family's *_sources.hpp) and one line here.
#include "sensors/board/board_sources.hpp"
#include "sensors/cpu/cpu_sources.hpp"
#include "sensors/gpu/gpu_sources.hpp"
#include "sensors/groups/groups_sources.hpp"
#include "sensors/io/io_sources.hpp"
#include "sensors/memory/memory_sources.hpp"
#include "sensors/power/power_sources.hpp"
#include "sensors/processes/processes_sources.hpp"
#include "sensors/sampler/sampler.hpp"
#include "sensors/thermal/thermal_sources.hpp"

namespace edgetop {
namespace {

struct SourceEntry {
    SourcePtr (*make)();
    bool live_only;  // reads the running system, not a tree: only on the live root
};

constexpr SourceEntry kSources[] = {
    {make_board_source, false},
    {make_cpu_freq_source, false},
    {make_cpu_stat_source, false},
    {make_system_source, false},
    {make_memory_source, false},
    {make_gpu_source, false},
    {make_emc_source, false},
    {make_engines_source, false},
    {make_power_source, false},
    {make_oc_events_source, false},
    {make_thermal_source, false},
    {make_fan_source, false},
    {make_pressure_source, false},
    {make_vmstat_source, false},
    {make_cooling_source, false},
    {make_disk_source, false},
    {make_net_source, false},
    {make_processes_source, true},
    // NVML reads the running driver: after the devfreq GPUs (which it may complete) and the
    // process table (whose GPU memory it fills).
    {make_nvml_source, true},
    // The groups of the process table's processes, with the GPU memory both sources above gave.
    {make_groups_source, true},
};

}  // namespace

std::vector<SourcePtr> make_all_sources(const Root& root) {
    std::vector<SourcePtr> sources;
    for (const SourceEntry& entry : kSources)
        if (!entry.live_only || root.is_live()) sources.push_back(entry.make());
    return sources;
}

}  // namespace edgetop
