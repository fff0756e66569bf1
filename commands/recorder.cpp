#include "commands/recorder.hpp"

#include <poll.h>

#include <cerrno>

#include <fmt/format.h>

#include "commands/commands.hpp"
#include "commands/monotonic_timer.hpp"
#include "edgetop/number_text.hpp"
#include "report/report_event_json.hpp"
#include "session/session_records_json.hpp"

namespace edgetop {

namespace {

// Blocks until the timer or a signal descriptor is readable.
void wait_for(const MonotonicTimer& timer, const SignalWatch& signals) {
    pollfd fds[2] = {{timer.fd(), POLLIN, 0}, {signals.fd(), POLLIN, 0}};
    while (::poll(fds, 2, -1) < 0 && errno == EINTR) {
    }
}

}  // namespace

bool Recorder::write_sample() {
    Sample sample = sampler_.sample();
    sample.t_s += t_offset_s_;
    auto events = analyzer_.update(sample);
    analyzer_.annotate(sample);
    // A log (serve --log) outlives write errors: the sample is served whether written or not.
    bool outlives = files_.outlives_write_errors();
    bool ok = !outlives || files_.ready();
    SessionWriter& writer = files_.writer();  // after ready(), which may open the next part
    ok = ok && writer.write_sample(sample);
    for (const auto& event : events)
        ok = ok && writer.write_line(analysis::event_to_line(event));
    if (!ok && !outlives) {
        outcome_.write_failed = true;
        return false;
    }
    ++outcome_.samples;
    if (!files_.rotate_if_full(sample.t_s)) {
        outcome_.write_failed = true;
        return false;
    }
    if (outlives) report_log_state();
    if (observer_) {
        observer_->on_sample(sample);
        for (const auto& event : events)
            observer_->on_event(event);
    }
    return true;
}

void Recorder::report_log_state() {
    bool failing = files_.failing();
    if (failing && !log_failing_)
        print_error(files_.failure() +
                    "; sampling and serving go on, the log resumes once the file can be written");
    else if (!failing && log_failing_)
        print_error(fmt::format("{} is written again ({} had failed)", files_.display_name(),
                                plural(static_cast<int64_t>(files_.failed_writes()), "write")));
    log_failing_ = failing;
    if (observer_) observer_->on_log_state(files_.failed_writes(), files_.bytes_written());
}

std::optional<EndReason> Recorder::handle_signals() {
    std::optional<EndReason> stop;
    while (auto info = signals_.take()) {
        int signo = static_cast<int>(info->ssi_signo);
        if (signo == SIGCHLD) {
            if (child_ && child_->running() && child_->try_wait()) {
                // A last sample closes the command's run, which rarely ends on a tick.
                write_sample();
                stop = EndReason::command_exited;
            }
            continue;
        }
        outcome_.signal = signo;
        if (child_ && child_->running()) {
            // The command decides when the recording ends. A terminal's Ctrl-C already reached
            // it through edgetop's process group (SI_KERNEL); a kill(1) aimed at edgetop is passed
            // on, to all of the command's own process group where it has one.
            if (info->ssi_code != SI_KERNEL || child_->own_group()) child_->send(signo);
            continue;
        }
        stop = EndReason::signal;
    }
    return stop;
}

void Recorder::write_end(EndReason reason) {
    using namespace std::chrono;
    double t = duration<double>(steady_clock::now() - start_).count() + t_offset_s_;
    // The samples of this file: all of them unless the set rotated.
    // A log's rotation that could not finish: its file ended with the rotated end line.
    if (files_.outlives_write_errors() && !files_.ready()) {
        outcome_.write_failed = true;
        return;
    }
    SessionEnd end{t, files_.part_samples(), reason};
    if (!outcome_.write_failed) {
        if (!files_.writer().write_line(end_to_json(end))) outcome_.write_failed = true;
        return;
    }
    end.reason = EndReason::write_error;
    files_.writer().write_closing_line(end_to_json(end));
}

RecordOutcome Recorder::run(const RecordPlan& plan) {
    using namespace std::chrono;
    t_offset_s_ = plan.t_offset_s;
    MonotonicTimer timer;
    const auto origin = steady_clock::now();
    std::optional<steady_clock::time_point> stop_at;
    if (plan.duration) stop_at = origin + *plan.duration;

    int64_t tick = 0;
    std::optional<EndReason> reason;
    while (!reason && !outcome_.write_failed) {
        auto due = origin + tick * plan.interval;
        bool due_is_stop = stop_at && due > *stop_at;
        timer.arm_at(due_is_stop ? *stop_at : due);
        wait_for(timer, signals_);
        reason = handle_signals();
        if (reason || !timer.consume()) continue;
        if (due_is_stop) {
            reason = EndReason::duration;
            continue;
        }
        if (!write_sample()) break;
        if (plan.count && outcome_.samples >= *plan.count) {
            reason = EndReason::count;
            continue;
        }
        // After a slow sample (or a suspended process) skip the missed ticks instead of bursting.
        int64_t elapsed_ticks = (steady_clock::now() - origin) / plan.interval;
        tick = std::max(tick + 1, elapsed_ticks + 1);
    }
    if (reason) outcome_.reason = *reason;
    write_end(outcome_.reason);
    return outcome_;
}

}  // namespace edgetop
