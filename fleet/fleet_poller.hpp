// The fleet read again and again for the fleet page: a thread of its own reads every board due
// each interval (fetch_hosts' bounded workers), so that the page never waits on a board. A board
// that is down is tried again after 1, 2, 4... intervals, at most a minute apart, and keeps its
// last row (with the reason) meanwhile.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "fleet/fleet_fetch.hpp"

namespace edgetop::fleet {

struct FleetSnapshot {
    std::size_t boards = 0;      // in the fleet
    std::vector<FleetRow> rows;  // in the order of the hosts; empty until the first round ends
    std::uint64_t round = 0;     // rounds finished
    std::chrono::milliseconds last_round{0};  // how long the last round took
};

class FleetPoller {
  public:
    FleetPoller(const std::vector<FleetHost>& hosts, FetchOptions options,
                std::chrono::milliseconds interval);
    ~FleetPoller();
    FleetPoller(const FleetPoller&) = delete;
    FleetPoller& operator=(const FleetPoller&) = delete;

    FleetSnapshot snapshot() const;
    // The round number of the latest snapshot, cheaply, to tell whether to draw again.
    std::uint64_t round() const;

  private:
    void run();

    const std::vector<FleetHost>& hosts_;
    FetchOptions options_;
    std::chrono::milliseconds interval_;
    std::vector<int> failures_;  // consecutive rounds each board was down
    std::vector<std::chrono::steady_clock::time_point> due_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    std::atomic<bool> cancel_{false};  // stop_ for the round's workers, which take no lock
    FleetSnapshot latest_;
    std::thread thread_;
};

}  // namespace edgetop::fleet
