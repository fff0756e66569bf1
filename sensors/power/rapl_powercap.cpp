#include "sensors/power/rapl_powercap.hpp"

namespace edgetop {
namespace {

constexpr const char* kRaplGlob = "/sys/class/powercap/intel-rapl:*";

std::optional<RaplZone> open_zone(const Root& root, const std::string& dir,
                                  const std::string& parent_name) {
    auto name = read_text_file(root.path(dir + "/name"));
    if (!name || name->empty()) return std::nullopt;
    RaplZone zone;
    zone.name = parent_name.empty() ? *name : parent_name + "/" + *name;
    zone.path = dir;
    zone.energy_uj = SysFile(root.path(dir + "/energy_uj"));
    auto range = read_int_file(root.path(dir + "/max_energy_range_uj"));
    if (range && *range > 0) zone.max_energy_range_uj = static_cast<uint64_t>(*range);
    return zone;
}

// "intel-rapl:0" is a top-level zone, "intel-rapl:0:1" a subzone of it.
bool is_subzone(const std::string& dir) {
    auto slash = dir.rfind('/');
    auto base = dir.substr(slash + 1);
    return base.find(':') != base.rfind(':');
}

}  // namespace

std::vector<RaplZone> discover_rapl(const Root& root) {
    std::vector<RaplZone> zones;
    for (const auto& dir : root.glob(kRaplGlob)) {
        if (is_subzone(dir)) continue;
        auto top = open_zone(root, dir, "");
        if (!top) continue;
        std::string top_name = top->name;
        zones.push_back(std::move(*top));
        for (const auto& sub : root.glob(dir + ":*")) {
            if (auto zone = open_zone(root, sub, top_name)) zones.push_back(std::move(*zone));
        }
    }
    return zones;
}

void read_rapl(std::vector<RaplZone>& zones, std::vector<RailSample>& rails) {
    for (auto& zone : zones) {
        RailSample rail;
        rail.name = zone.name;
        auto energy = zone.energy_uj.read_int();
        if (energy && *energy >= 0) rail.energy_uj = static_cast<uint64_t>(*energy);
        rail.energy_max_uj = zone.max_energy_range_uj;
        rails.push_back(std::move(rail));
    }
}

SourceStatus rapl_status(const std::vector<RaplZone>& zones) {
    SourceStatus status{"power.rapl", SourceStatus::State::absent, kRaplGlob,
                        "no RAPL powercap zones (not an Intel/AMD x86 machine or no intel_rapl "
                        "driver)"};
    if (zones.empty()) return status;
    status.path = zones.front().path;
    status.hint.clear();
    status.state = SourceStatus::State::found;
    for (const auto& zone : zones) {
        if (zone.energy_uj.open_result() == OpenResult::needs_root) {
            status.state = SourceStatus::State::needs_root;
            status.path = zone.path + "/energy_uj";
            status.hint =
                "energy_uj is root-only since Linux 5.10: run as root, or grant read access "
                "with a udev rule (chmod 0444 on /sys/class/powercap/intel-rapl:*/energy_uj)";
            break;
        }
    }
    return status;
}

}  // namespace edgetop
