#include <string>

#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"
#include "exporter/schema_metrics.hpp"

namespace edgetop::exporter {

namespace {

void add_cpu_seconds(MetricFamily& family, const std::string& cpu, const CpuTicks& ticks,
                     double ticks_per_s) {
    const std::pair<const char*, uint64_t> modes[] = {
        {"user", ticks.user},       {"nice", ticks.nice},     {"system", ticks.system},
        {"idle", ticks.idle},       {"iowait", ticks.iowait}, {"irq", ticks.irq},
        {"softirq", ticks.softirq}, {"steal", ticks.steal}};
    for (const auto& [mode, count] : modes)
        add_value(family, static_cast<double>(count) / ticks_per_s, {{"cpu", cpu}, {"mode", mode}});
}

}  // namespace

void append_cpu_families(const FamilyInput& in, Families& out) {
    auto seconds =
        make_family("edgetop_cpu_seconds_total",
                    "Seconds each CPU spent in each mode (/proc/stat).", MetricType::Counter);
    for (const auto& core : in.sample.cpu.cores)
        if (core.ticks)
            add_cpu_seconds(seconds, std::to_string(core.id), *core.ticks, in.ticks_per_s);
    out.push_back(std::move(seconds));
    append_schema_families(&in.sample.cpu, out);
    append_schema_families(in.sample.cpu.cores, out);

    const auto& system = in.sample.system;
    auto ctxt = make_family("edgetop_context_switches_total",
                            "Context switches since boot (/proc/stat ctxt).", MetricType::Counter);
    if (system.ctxt_total) add_value(ctxt, static_cast<double>(*system.ctxt_total));
    out.push_back(std::move(ctxt));
    append_schema_families(&system, out);
}

}  // namespace edgetop::exporter
