#include "commands/prometheus_feed.hpp"

#include <chrono>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "exporter/metric_reading.hpp"

namespace edgetop {

PrometheusFeed::PrometheusFeed(const fleet::FleetHost& board, const fleet::FetchOptions& options)
    : board_host_(board), options_(options) {
    if (!read())
        throw std::runtime_error(problem_.empty() ? "Prometheus has no sample of it now"
                                                  : problem_);
}

bool PrometheusFeed::read() {
    std::vector<exporter::NamedSeries> series;
    try {
        series = fleet::board_series(board_host_, options_);
    } catch (const std::runtime_error& e) {
        problem_ = e.what();
        return false;
    }
    problem_.clear();
    std::optional<double> unix_s;
    for (const auto& s : series)
        if (s.name == "edgetop_last_sample_timestamp_seconds") unix_s = s.value;
    if (!unix_s || (last_unix_s_ && *unix_s <= *last_unix_s_)) return false;
    if (!first_unix_s_) first_unix_s_ = unix_s;
    last_unix_s_ = unix_s;
    board_ = exporter::board_from_series(series);
    last_ = exporter::sample_from_series(series);
    last_.t_s = *unix_s - *first_unix_s_;
    // The metric carries microseconds, which the double holds to within a fraction of one.
    last_.time = std::chrono::system_clock::time_point(
        std::chrono::microseconds(std::llround(*unix_s * 1e6)));
    return true;
}

std::size_t PrometheusFeed::ready() {
    return read() ? 1 : 0;
}

std::vector<tui::FlagDetail> PrometheusFeed::flag_details() const {
    std::vector<tui::FlagDetail> details;
    for (const auto& id : last_.flags) {
        tui::FlagDetail detail;
        detail.id = id;
        detail.message =
            "raised on the board (read through Prometheus: its message and evidence "
            "are in the board's own serve and session)";
        details.push_back(std::move(detail));
    }
    return details;
}

}  // namespace edgetop
