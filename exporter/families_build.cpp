#include <algorithm>

#include "exporter/families.hpp"

namespace edgetop::exporter {

Families build_all_families(const FamilyInput& in) {
    Families out;
    out.reserve(64);
    append_cpu_families(in, out);
    append_gpu_families(in, out);
    append_power_families(in, out);
    append_thermal_families(in, out);
    append_memory_families(in, out);
    append_board_families(in, out);
    append_io_families(in, out);
    append_group_families(in, out);
    return out;
}

Families build_families(const FamilyInput& in) {
    Families out = build_all_families(in);
    // A family without series would still print HELP and TYPE lines for a sensor that is absent.
    std::erase_if(out, [](const MetricFamily& f) { return f.series.empty(); });
    return out;
}

}  // namespace edgetop::exporter
