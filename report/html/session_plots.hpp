// Everything the HTML report plots over time for one session, gathered in one pass over its
// samples and flag events, in memory that does not grow with the number of samples: utilisation
// of the CPU cores, of the CPU as a whole, the GPUs and EMC, power per rail and in total (W),
// zone temperatures and the flags' active spans.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/rules_types.hpp"
#include "edgetop/sample.hpp"
#include "report/html/flag_spans.hpp"
#include "report/html/min_max_decimator.hpp"

namespace edgetop::html {

struct PlotSeries {
    std::string name;
    MinMaxDecimator data;
};

struct TimePlot {
    std::string id;     // "cores", "util", "power", "thermal": the chart's id in the page
    std::string title;  // "CPU cores"
    std::string unit;   // "%", "W", "°C"
    std::vector<PlotSeries> series;
    std::size_t dropped_series = 0;  // names beyond kMaxSeries
};

class SessionPlots {
  public:
    // A hostile or odd file could name a new rail in every sample: beyond this many series a
    // plot counts the names instead of drawing them.
    static constexpr std::size_t kMaxSeries = 48;

    // columns: the width of the plotting area in pixels.
    explicit SessionPlots(std::size_t columns);

    void add(const Sample& sample);
    void add_event(const analysis::Event& event, bool recorded);

    const std::vector<TimePlot>& plots() const { return plots_; }
    // The flags' spans: the recorded ones when the session has event lines, else the recomputed.
    std::vector<FlagTimeline> flags(bool recomputed, double end_s) const;
    std::size_t dropped_flags(bool recomputed) const;
    std::size_t columns() const { return columns_; }

  private:
    MinMaxDecimator* series(TimePlot& plot, std::size_t position, std::string_view name);

    std::size_t columns_;
    std::vector<TimePlot> plots_;
    FlagSpans recorded_, recomputed_;
};

}  // namespace edgetop::html
