// Reading every board of a fleet once: its sample, raised flags and board description from its
// serve's JSON API (through an ssh tunnel for ssh:// hosts), or every board of a Prometheus with
// its instant queries; a bounded number of hosts at a time, each request bounded in time and
// size, so that a board that hangs, answers garbage or sends a huge body costs the others
// nothing.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "exporter/http_client.hpp"
#include "exporter/metric_reading.hpp"
#include "fleet/fleet_hosts.hpp"
#include "fleet/fleet_row.hpp"

namespace edgetop::fleet {

// A board's description as last read: /api/v1/board changes only when its serve restarts.
struct BoardMemo {
    std::mutex mutex;
    nlohmann::json board;
    std::optional<double> t;  // the sample's t when it was read (t restarts with the serve)
    std::chrono::steady_clock::time_point read_at;
};

struct FetchOptions {
    exporter::HttpCredentials credentials;
    exporter::HttpClientLimits limits;  // per request
    int parallel = 32;                  // boards read at once
    double stale_s = 10;                // a sample older than this is stale
    // Once set, no further board is started (the page is closing); rows not read stay down.
    const std::atomic<bool>* cancel = nullptr;
    // ssh hosts: makes the way to the board's serve (the local end of target) ready; "" once it
    // is, else why not. Null: ssh hosts are down.
    std::function<std::string(const FleetHost&, const FetchOptions&)> connect;
};

// The request target of path (a serve's "/api/v1/stream") on host, under its URL's prefix.
exporter::HttpTarget target_for(const FleetHost& host, std::string_view path);

// The body of one 200 answer of the board's API (path: "/api/v1/sample"). Throws
// std::runtime_error with one line: what the board answered instead, or the client's reason.
std::string get_body(const FleetHost& host, std::string_view path, const FetchOptions& options);

// Every edgetop series of a board read through a Prometheus (board.prometheus), as it has them
// now. Throws std::runtime_error with one line.
std::vector<exporter::NamedSeries> board_series(const FleetHost& board,
                                                const FetchOptions& options);

// One board: three GETs. Its row says down, with the reason, when any of them fails.
FleetRow fetch_row(const FleetHost& host, const FetchOptions& options);

// The rows of one host: its board's, or a Prometheus' boards (one down row naming the
// Prometheus when it cannot be read).
std::vector<FleetRow> fetch_host(const FleetHost& host, const FetchOptions& options);

// Every host, rows in the order of hosts.
std::vector<FleetRow> fetch_rows(const std::vector<FleetHost>& hosts, const FetchOptions& options);
// The given hosts, each host's rows apart (rows point at the hosts given).
std::vector<std::vector<FleetRow>> fetch_hosts(const std::vector<const FleetHost*>& hosts,
                                               const FetchOptions& options);

}  // namespace edgetop::fleet
