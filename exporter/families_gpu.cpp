#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"

namespace edgetop::exporter {

namespace {

void append_gpus(const FamilyInput& in, Families& out) {
    auto load = make_family("edgetop_gpu_load_ratio", "GPU load, 0 to 1 (devfreq load).",
                            MetricType::Gauge);
    auto freq =
        make_family("edgetop_gpu_frequency_hertz", "Current GPU frequency.", MetricType::Gauge);
    auto min = make_family("edgetop_gpu_frequency_min_hertz", "Lowest GPU frequency allowed now.",
                           MetricType::Gauge);
    auto max = make_family("edgetop_gpu_frequency_max_hertz", "Highest GPU frequency allowed now.",
                           MetricType::Gauge);
    for (const auto& gpu : in.sample.gpu) {
        Labels labels{{"gpu", gpu.name}};
        add_if(load, scaled(gpu.load_pct, 0.01), labels);
        add_if(freq, scaled(gpu.freq_hz), labels);
        add_if(min, scaled(gpu.min_hz), labels);
        add_if(max, scaled(gpu.max_hz), labels);
    }
    for (auto* family : {&load, &freq, &min, &max})
        out.push_back(std::move(*family));
}

void append_emc(const FamilyInput& in, Families& out) {
    auto util = make_family("edgetop_emc_utilization_ratio",
                            "External memory controller utilisation, 0 to 1.", MetricType::Gauge);
    auto freq = make_family("edgetop_emc_frequency_hertz", "External memory controller frequency.",
                            MetricType::Gauge);
    if (const auto& emc = in.sample.emc) {
        add_if(util, scaled(emc->util_pct, 0.01));
        add_if(freq, scaled(emc->freq_hz));
    }
    out.push_back(std::move(util));
    out.push_back(std::move(freq));
}

void append_engines(const FamilyInput& in, Families& out) {
    auto online = make_family("edgetop_engine_online",
                              "Whether the hardware engine (DLA, PVA, NVENC, ...) is clocked (1) "
                              "or gated (0).",
                              MetricType::Gauge);
    auto freq =
        make_family("edgetop_engine_frequency_hertz", "Hardware engine clock.", MetricType::Gauge);
    for (const auto& engine : in.sample.engines) {
        Labels labels{{"engine", engine.name}};
        if (engine.online) add_value(online, *engine.online ? 1 : 0, labels);
        add_if(freq, scaled(engine.freq_hz), labels);
    }
    out.push_back(std::move(online));
    out.push_back(std::move(freq));
}

}  // namespace

void append_gpu_families(const FamilyInput& in, Families& out) {
    append_gpus(in, out);
    append_emc(in, out);
    append_engines(in, out);
}

}  // namespace edgetop::exporter
