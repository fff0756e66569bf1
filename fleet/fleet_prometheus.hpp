// The boards a Prometheus has (scraped, or received by remote write): one instant query per
// column for all of them at once, evaluated at one instant, so that a fleet of any size costs
// the same twenty requests a round and the counting is done by the engine built for it. A board
// is told apart by its `instance` label; its other target labels (job, site...) become its
// labels. CPU %, GPU %, EMC %, power, temperatures and memory are the gauges of the board's
// latest scraped sample, as its own serve computed them; disk and network rates are Prometheus'
// irate over the last two scrapes.
#pragma once

#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "exporter/metric_reading.hpp"
#include "fleet/fleet_hosts.hpp"
#include "fleet/fleet_row.hpp"

namespace edgetop::fleet {

// The boards of one Prometheus host, kept for the life of the fleet: rows point at them, so an
// entry once made is never moved or changed (a board whose labels change gets a new entry).
class DiscoveredBoards {
  public:
    // Past this many, further boards are left out (a Prometheus that names endless instances
    // would otherwise grow this without bound).
    static constexpr std::size_t kMaxBoards = 10'000;

    // The board's host, made on first sight; null once kMaxBoards are kept.
    const FleetHost* board(const FleetHost& source, const std::string& instance,
                           std::vector<std::pair<std::string, std::string>> labels,
                           const std::string& scrape_url);

  private:
    std::mutex mutex_;
    std::deque<FleetHost> boards_;
    std::map<std::string, const FleetHost*> by_key_;
};

// One instant query of a round: a key, and its PromQL for the host's matchers.
struct PrometheusQuery {
    std::string key;
    std::string promql;
};
std::vector<PrometheusQuery> prometheus_queries(const std::string& matchers);

// One series of an instant query's vector: its labels and its value (NaN and infinities are
// kept as they come; the row leaves them absent).
struct PromSeries {
    std::map<std::string, std::string> labels;
    double value = 0;
};

// The result vector of a /api/v1/query answer. Throws std::runtime_error with one line when the
// answer is not a success with a vector (Prometheus' own error text when it has one).
std::vector<PromSeries> parse_prometheus_vector(const nlohmann::json& answer);

// What a round read: each query's vector by key, and the scrape targets of /api/v1/targets
// (instance -> {health, lastError, scrapeUrl}).
struct PrometheusRound {
    std::map<std::string, std::vector<PromSeries>> vectors;
    nlohmann::json targets;  // the answer of /api/v1/targets, or null
    double now_unix_s = 0;   // the instant every query was evaluated at
};

// The samples of a /metrics answer in Prometheus' text exposition format (or OpenMetrics'): each
// sample line's metric name and series; comments and lines it cannot read are skipped. Written
// here: the C++ client library Debian packages (prometheus-cpp) writes the format but reads none.
std::vector<std::pair<std::string, PromSeries>> parse_exposition(std::string_view text);

// The row of a board whose serve has no JSON API (an edgetop older than it): its /metrics read
// now, as one scrape. Disk and network rates, which need two scrapes, stay absent.
FleetRow row_from_metrics(const FleetHost& host, std::string_view exposition, double now_unix_s,
                          double stale_s);

// A row per board the round names (the instances of edgetop_board_info within the last hour, and
// the scrape targets of their jobs), in the order of their instance names. A board is down when
// its scrape fails (with Prometheus' reason) or Prometheus has no current sample of it; stale
// when its sample was older than stale_s when Prometheus took it.
std::vector<FleetRow> rows_from_prometheus(const FleetHost& source, const PrometheusRound& round,
                                           double stale_s);

// The query of every edgetop series of one board read through a Prometheus (board.matchers), and
// its answer's series as the exporter reads them back into a sample (exporter/metric_reading.hpp).
std::string board_series_query(const FleetHost& board);
std::vector<exporter::NamedSeries> named_series(const std::vector<PromSeries>& series);

}  // namespace edgetop::fleet
