// One series of a plot, reduced in one pass to a bounded number of points: up to 2 x columns
// samples are kept as they are; beyond, the samples are grouped in time buckets no wider than
// one column of the plot (the width doubles whenever there are more than 2 x columns buckets)
// and each bucket keeps its lowest and its highest sample, so no peak or dip is lost however
// long the session. Memory: at most 2 x columns + 1 buckets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace edgetop::html {

struct PlotPoint {
    double t_s = 0;
    double value = 0;
    bool starts_segment = false;  // a missing reading came before: the line breaks here
};

class MinMaxDecimator {
  public:
    explicit MinMaxDecimator(std::size_t columns);

    // Samples in time order; an absent or non-finite value breaks the line.
    void add(double t_s, std::optional<double> value);

    // In time order: one point per sample while there are few, else each bucket's lowest and
    // highest sample (one point when they are the same sample).
    std::vector<PlotPoint> points() const;
    uint64_t values() const { return values_; }  // the samples with a value
    std::optional<double> min() const { return min_; }
    std::optional<double> max() const { return max_; }
    std::size_t buckets() const { return buckets_.size(); }

  private:
    struct Bucket {
        int64_t index = 0;
        double first_t_s = 0;
        PlotPoint low, high;
        uint64_t count = 0;
        bool starts_segment = false;
    };
    int64_t index_of(double t_s) const;
    void merge(Bucket& into, const Bucket& from) const;
    void regroup();

    std::size_t columns_;
    double width_s_ = 0;  // 0: one bucket per sample
    double origin_s_ = 0;
    std::vector<Bucket> buckets_;
    bool pending_break_ = false;
    uint64_t values_ = 0;
    std::optional<double> min_, max_;
};

}  // namespace edgetop::html
