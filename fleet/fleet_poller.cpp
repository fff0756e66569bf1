#include "fleet/fleet_poller.hpp"

#include <algorithm>

namespace edgetop::fleet {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::seconds kMaxBackoff{60};

FetchOptions with_cancel(FetchOptions options, const std::atomic<bool>* cancel) {
    options.cancel = cancel;
    return options;
}

}  // namespace

FleetPoller::FleetPoller(const std::vector<FleetHost>& hosts, FetchOptions options,
                         std::chrono::milliseconds interval)
    : hosts_(hosts),
      options_(with_cancel(std::move(options), &cancel_)),
      interval_(interval),
      failures_(hosts.size(), 0),
      due_(hosts.size(), Clock::now()),
      latest_{hosts.size(), {}, 0, {}},
      thread_([this] { run(); }) {}

FleetPoller::~FleetPoller() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    cancel_ = true;  // a round under way starts no further board: leaving waits one request
    wake_.notify_all();
    thread_.join();
}

FleetSnapshot FleetPoller::snapshot() const {
    std::lock_guard lock(mutex_);
    return latest_;
}

std::uint64_t FleetPoller::round() const {
    std::lock_guard lock(mutex_);
    return latest_.round;
}

void FleetPoller::run() {
    std::vector<std::vector<FleetRow>> rows(hosts_.size());
    for (std::size_t i = 0; i < hosts_.size(); ++i)
        rows[i] = {down_row(hosts_[i], "not read yet")};
    for (;;) {
        auto started = Clock::now();
        std::vector<const FleetHost*> due;
        std::vector<std::size_t> index;
        for (std::size_t i = 0; i < hosts_.size(); ++i)
            if (due_[i] <= started) {
                due.push_back(&hosts_[i]);
                index.push_back(i);
            }
        auto fetched = fetch_hosts(due, options_);
        if (cancel_) return;
        for (std::size_t k = 0; k < index.size(); ++k) {
            std::size_t i = index[k];
            // Down: the host's own row (a Prometheus' boards have rows of their own).
            bool down = fetched[k].size() == 1 && fetched[k][0].host == &hosts_[i] &&
                        fetched[k][0].state == HostState::down;
            failures_[i] = down ? failures_[i] + 1 : 0;
            auto wait = down ? std::min<Clock::duration>(
                                   interval_ * (1 << std::min(failures_[i] - 1, 10)), kMaxBackoff)
                             : Clock::duration(interval_);
            due_[i] = started + std::max<Clock::duration>(wait, interval_);
            rows[i] = std::move(fetched[k]);
        }
        auto took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
        std::vector<FleetRow> all;
        for (const auto& host_rows : rows)
            all.insert(all.end(), host_rows.begin(), host_rows.end());
        std::unique_lock lock(mutex_);
        latest_.rows = std::move(all);
        latest_.round += 1;
        latest_.last_round = took;
        if (wake_.wait_until(lock, started + interval_, [this] { return stop_; })) return;
    }
}

}  // namespace edgetop::fleet
