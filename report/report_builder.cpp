#include "report/report_builder.hpp"

#include <algorithm>

namespace edgetop::analysis {

SessionReportBuilder::SessionReportBuilder(std::string name, Board board,
                                           int64_t nominal_interval_ms, RuleConfig rules)
    : analyzer_(board, std::move(rules)) {
    report_.name = std::move(name);
    report_.board = std::move(board);
    report_.sampling.nominal_ms = nominal_interval_ms;
}

void SessionReportBuilder::add_sample(const Sample& sample) {
    ++report_.samples;
    if (last_t_s_ && sample.t_s > *last_t_s_) {
        double interval_ms = (sample.t_s - *last_t_s_) * 1000;
        report_.sampling.interval_ms.add(interval_ms);
        if (report_.sampling.nominal_ms > 0 && interval_ms > 1.5 * report_.sampling.nominal_ms) {
            ++report_.sampling.gaps;
            report_.sampling.gap_time_s += interval_ms / 1000;
        }
    }
    if (!first_t_s_) first_t_s_ = sample.t_s;
    last_t_s_ = last_t_s_ ? std::max(*last_t_s_, sample.t_s) : sample.t_s;
    metrics_.add(sample);
    energy_.add(sample);
    // Until the session shows it carries its own flag events, recompute them from the samples.
    if (!use_recorded_)
        for (const auto& event : analyzer_.update(sample)) {
            recomputed_.add(event);
            if (watch_events_) watch_events_(event, false);
        }
}

void SessionReportBuilder::add_event(const Event& event) {
    use_recorded_ = true;
    recorded_.add(event);
    if (watch_events_) watch_events_(event, true);
}

SessionReport SessionReportBuilder::finish() {
    double end = end_t_s_.value_or(last_t_s_.value_or(0));
    if (last_t_s_) end = std::max(end, *last_t_s_);
    if (starts_late_ && first_t_s_)
        report_.start_s = std::max(0.0, *first_t_s_ - report_.sampling.nominal_ms / 1000.0);
    report_.duration_s = end - report_.start_s;
    report_.metrics = metrics_.take();
    report_.rail_energy = energy_.rails();
    report_.total_energy = energy_.total();
    report_.flags_recomputed = !use_recorded_;
    report_.flags = use_recorded_ ? recorded_.finish(end) : recomputed_.finish(end);
    return std::move(report_);
}

SessionReport report_of_samples(std::string name, Board board, int64_t nominal_interval_ms,
                                const RuleConfig& rules, const std::function<bool(Sample&)>& next,
                                const SessionWatch& watch) {
    SessionReportBuilder builder(std::move(name), std::move(board), nominal_interval_ms, rules);
    if (watch.event) builder.watch_events(watch.event);
    Sample sample;
    while (next(sample)) {
        builder.add_sample(sample);
        if (watch.sample) watch.sample(sample);
    }
    return builder.finish();
}

}  // namespace edgetop::analysis
