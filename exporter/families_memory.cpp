#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"
#include "exporter/schema_metrics.hpp"

namespace edgetop::exporter {

void append_memory_families(const FamilyInput& in, Families& out) {
    const auto& mem = in.sample.mem;
    append_schema_families(&mem, out);
    auto faults =
        make_family("edgetop_memory_major_faults_total",
                    "Major page faults since boot (/proc/vmstat pgmajfault).", MetricType::Counter);
    if (mem.major_faults_total) add_value(faults, static_cast<double>(*mem.major_faults_total));
    out.push_back(std::move(faults));
    auto kills = make_family("edgetop_memory_oom_kills_total",
                             "Processes the OOM killer killed since boot (/proc/vmstat oom_kill).",
                             MetricType::Counter);
    if (mem.oom_kills) add_value(kills, static_cast<double>(*mem.oom_kills));
    out.push_back(std::move(kills));
    append_schema_families(in.sample.psi ? &*in.sample.psi : nullptr, out);
}

}  // namespace edgetop::exporter
