// One board's line of the fleet: its state and the numbers a fleet owner compares across boards,
// taken from what its serve answers (/api/v1/sample, /api/v1/board, /api/v1/flags).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/rules_types.hpp"
#include "edgetop/board.hpp"
#include "fleet/fleet_hosts.hpp"

namespace edgetop::fleet {

enum class HostState { up, stale, down };
std::string_view to_string(HostState state);

struct FleetRow {
    const FleetHost* host = nullptr;
    HostState state = HostState::down;
    std::string reason;  // why down or stale; "" when up
    std::optional<double> t;
    std::optional<std::string> time;  // the sample's wall-clock time (ISO 8601, UTC)
    std::optional<double> age_s;      // how long before this fetch the sample was taken
    std::optional<std::string> model;
    std::optional<std::string> power_mode;
    std::optional<std::string> version;  // edgetop's on the board
    std::optional<double> cpu_pct;       // every core's busy time
    std::optional<double> gpu_pct;       // the busiest GPU's load
    std::optional<double> emc_pct;       // the memory controller's load
    std::optional<double> power_mw;      // the board's total input power
    std::optional<std::string> hottest_zone;
    std::optional<double> hottest_c;
    std::vector<TripPoint> hottest_trips;  // the hottest zone's, as the board describes them
    std::optional<double> trip_c;          // the lowest of them
    std::optional<double> mem_pct;
    std::optional<double> disk_bytes_per_s;  // read and written, every disk
    std::optional<double> net_bytes_per_s;   // received and sent, every interface
    int flags = 0;
    std::optional<std::string> worst_flag;  // the most severe raised, the newest among equals
    std::optional<analysis::Severity> worst_severity;
    std::optional<std::string> newest_flag;

    std::optional<double> headroom_c() const;
};

// The row of a board that answered: sample and flags as the API serves them, board its
// /api/v1/board object. Values a board does not have stay absent. now_unix_s: this machine's
// clock, for the sample's age; stale_s: the age from which the row is stale.
FleetRow row_from_answers(const FleetHost& host, const nlohmann::json& sample,
                          const nlohmann::json& board, const nlohmann::json& flags,
                          double now_unix_s, double stale_s);

FleetRow down_row(const FleetHost& host, std::string reason);

}  // namespace edgetop::fleet
