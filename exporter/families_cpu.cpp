#include <string>

#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"

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
    auto online = make_family("edgetop_cpu_online",
                              "Whether the CPU core is online (1) or not (0).", MetricType::Gauge);
    auto freq = make_family("edgetop_cpu_frequency_hertz", "Current CPU core frequency.",
                            MetricType::Gauge);
    auto min =
        make_family("edgetop_cpu_frequency_min_hertz",
                    "Lowest frequency the governor may set (scaling_min_freq).", MetricType::Gauge);
    auto max = make_family("edgetop_cpu_frequency_max_hertz",
                           "Highest frequency the governor may set (scaling_max_freq).",
                           MetricType::Gauge);
    for (const auto& core : in.sample.cpu.cores) {
        std::string cpu = std::to_string(core.id);
        Labels labels{{"cpu", cpu}};
        if (core.ticks) add_cpu_seconds(seconds, cpu, *core.ticks, in.ticks_per_s);
        add_value(online, core.online ? 1 : 0, labels);
        add_if(freq, scaled(core.freq_khz, 1000), labels);
        add_if(min, scaled(core.min_khz, 1000), labels);
        add_if(max, scaled(core.max_khz, 1000), labels);
    }

    const auto& system = in.sample.system;
    auto ctxt = make_family("edgetop_context_switches_total",
                            "Context switches since boot (/proc/stat ctxt).", MetricType::Counter);
    if (system.ctxt_total) add_value(ctxt, static_cast<double>(*system.ctxt_total));
    auto running =
        make_family("edgetop_procs_running", "Processes in runnable state.", MetricType::Gauge);
    add_if(running, scaled(system.procs_running));
    auto blocked = make_family("edgetop_procs_blocked", "Processes blocked waiting for I/O.",
                               MetricType::Gauge);
    add_if(blocked, scaled(system.procs_blocked));
    auto load1 = make_family("edgetop_load1", "1-minute load average.", MetricType::Gauge);
    add_if(load1, system.load_1);
    auto load5 = make_family("edgetop_load5", "5-minute load average.", MetricType::Gauge);
    add_if(load5, system.load_5);
    auto load15 = make_family("edgetop_load15", "15-minute load average.", MetricType::Gauge);
    add_if(load15, system.load_15);
    auto uptime =
        make_family("edgetop_uptime_seconds", "Time since boot (/proc/uptime).", MetricType::Gauge);
    add_if(uptime, system.uptime_s);

    for (auto* family : {&seconds, &online, &freq, &min, &max, &ctxt, &running, &blocked, &load1,
                         &load5, &load15, &uptime})
        out.push_back(std::move(*family));
}

}  // namespace edgetop::exporter
