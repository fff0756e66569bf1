// Reading every board of a fleet once: its sample, raised flags and board description from its
// serve's JSON API, a bounded number of boards at a time, each bounded in time and size, so
// that a board that hangs, answers garbage or sends a huge body costs the others nothing.
#pragma once

#include <atomic>
#include <vector>

#include "exporter/http_client.hpp"
#include "fleet/fleet_hosts.hpp"
#include "fleet/fleet_row.hpp"

namespace edgetop::fleet {

struct FetchOptions {
    exporter::HttpCredentials credentials;
    exporter::HttpClientLimits limits;  // per request
    int parallel = 32;                  // boards read at once
    double stale_s = 10;                // a sample older than this is stale
    // Once set, no further board is started (the page is closing); rows not read stay down.
    const std::atomic<bool>* cancel = nullptr;
};

// The body of one 200 answer of the board's API (path: "/api/v1/sample"). Throws
// std::runtime_error with one line: what the board answered instead, or the client's reason.
std::string get_body(const FleetHost& host, std::string_view path, const FetchOptions& options);

// One board: three GETs. Its row says down, with the reason, when any of them fails.
FleetRow fetch_row(const FleetHost& host, const FetchOptions& options);

// Every board, rows in the order of hosts.
std::vector<FleetRow> fetch_rows(const std::vector<FleetHost>& hosts, const FetchOptions& options);

}  // namespace edgetop::fleet
