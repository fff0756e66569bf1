#include "report/html/session_plots.hpp"

#include <fmt/format.h>

namespace edgetop::html {

namespace {
enum PlotIndex : std::size_t { kCores, kUtil, kPower, kThermal };
}  // namespace

SessionPlots::SessionPlots(std::size_t columns)
    : columns_(columns), recorded_(columns), recomputed_(columns) {
    plots_.push_back({"cores", "CPU cores", "%", {}, 0});
    plots_.push_back({"util", "CPU, GPU and EMC", "%", {}, 0});
    plots_.push_back({"power", "Power per rail and total", "W", {}, 0});
    plots_.push_back({"thermal", "Zone temperatures", "°C", {}, 0});
}

MinMaxDecimator* SessionPlots::series(TimePlot& plot, std::size_t position, std::string_view name) {
    // A unit usually sits at the same position in every sample: look there first.
    if (position < plot.series.size() && plot.series[position].name == name)
        return &plot.series[position].data;
    for (auto& s : plot.series)
        if (s.name == name) return &s.data;
    if (plot.series.size() >= kMaxSeries) {
        ++plot.dropped_series;
        return nullptr;
    }
    plot.series.push_back({std::string(name), MinMaxDecimator(columns_)});
    return &plot.series.back().data;
}

void SessionPlots::add(const Sample& sample) {
    const double t = sample.t_s;
    auto put = [&](TimePlot& plot, std::size_t position, std::string_view name,
                   std::optional<double> value) {
        if (auto* s = series(plot, position, name)) s->add(t, value);
    };
    for (std::size_t i = 0; i < sample.cpu.cores.size(); ++i) {
        const auto& core = sample.cpu.cores[i];
        char name[24];
        auto written = fmt::format_to_n(name, sizeof name, "cpu{}", core.id);
        // An offline core has no reading: its line breaks, it does not drop to 0 %.
        put(plots_[kCores], i, std::string_view(name, written.out - name),
            core.online ? core.util_pct : std::nullopt);
    }
    auto& util = plots_[kUtil];
    put(util, 0, "cpu", sample.cpu.util_pct);
    for (std::size_t i = 0; i < sample.gpu.size(); ++i)
        put(util, i + 1, sample.gpu[i].name.empty() ? "gpu" : sample.gpu[i].name,
            sample.gpu[i].load_pct);
    if (sample.emc) put(util, sample.gpu.size() + 1, "emc", sample.emc->util_pct);
    auto watts = [](std::optional<double> mw) {
        return mw ? std::optional<double>(*mw / 1000) : std::nullopt;
    };
    for (std::size_t i = 0; i < sample.rails.size(); ++i)
        put(plots_[kPower], i, sample.rails[i].name, watts(sample.rails[i].power_mw));
    if (sample.power_total_mw)
        put(plots_[kPower], sample.rails.size(), "total", watts(sample.power_total_mw));
    for (std::size_t i = 0; i < sample.thermal.size(); ++i)
        put(plots_[kThermal], i, sample.thermal[i].name, sample.thermal[i].temp_c);
}

void SessionPlots::add_event(const analysis::Event& event, bool recorded) {
    FlagSpans& spans = recorded ? recorded_ : recomputed_;
    if (event.state == analysis::EventState::raised)
        spans.raise(event.flag, event.t_s);
    else
        spans.clear(event.flag, event.t_s);
}

std::vector<FlagTimeline> SessionPlots::flags(bool recomputed, double end_s) const {
    return (recomputed ? recomputed_ : recorded_).finish(end_s);
}

std::size_t SessionPlots::dropped_flags(bool recomputed) const {
    return (recomputed ? recomputed_ : recorded_).dropped_flags();
}

}  // namespace edgetop::html
