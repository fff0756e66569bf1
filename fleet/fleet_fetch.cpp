#include "fleet/fleet_fetch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "fleet/fleet_prometheus.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop::fleet {

namespace {

using nlohmann::json;

// A GET answered with a status other than 200 (401 and 503 have messages of their own).
struct AnswerStatus : std::runtime_error {
    AnswerStatus(const std::string& what, int code) : std::runtime_error(what), status(code) {}
    int status;
};

// A JSON document of the API, or an error naming the path and what came instead.
json get_json(const FleetHost& host, std::string_view path, const FetchOptions& options) {
    auto document = json::parse(get_body(host, path, options), nullptr, false);
    if (document.is_discarded()) throw std::runtime_error(fmt::format("{}: not JSON", path));
    return document;
}

double unix_now() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// Of a board description, the parts a row reads: a thousand boards' whole descriptions (their
// sources, engines, rails) would be most of the fleet's memory.
json what_a_row_reads(const json& answer) {
    json slim = json::object();
    if (!answer.is_object()) return slim;
    if (auto version = answer.find("edgetop_version"); version != answer.end())
        slim["edgetop_version"] = *version;
    auto board = answer.find("board");
    if (board == answer.end() || !board->is_object()) return slim;
    json& part = slim["board"] = json::object();
    for (const char* key : {"model", "power_mode", "thermal_trips"})
        if (auto value = board->find(key); value != board->end()) part[key] = *value;
    return slim;
}

// The board's /api/v1/board, read again only when its serve restarted (the sample's t went back)
// or a minute passed.
json board_of(const FleetHost& host, const json& sample, const FetchOptions& options) {
    if (!host.memo) return get_json(host, "/api/v1/board", options);
    auto now = std::chrono::steady_clock::now();
    std::optional<double> t;
    if (auto found = sample.find("t"); found != sample.end() && found->is_number())
        t = found->get<double>();
    BoardMemo& memo = *host.memo;
    std::lock_guard lock(memo.mutex);
    bool fresh = !memo.board.is_null() && now - memo.read_at < std::chrono::minutes(1) && t &&
                 memo.t && *t >= *memo.t;
    if (!fresh) {
        memo.board = what_a_row_reads(get_json(host, "/api/v1/board", options));
        memo.read_at = now;
    }
    memo.t = t;
    return memo.board;
}

std::string url_encoded(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (ascii::is_alnum(c) || c == '-' || c == '_' || c == '.' || c == '~')
            out += c;
        else
            out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    }
    return out;
}

// The client's messages start with the URL, which the row already names.
std::string without_url(const FleetHost& host, std::string_view reason) {
    if (reason.starts_with(host.target.text + ": "))
        reason.remove_prefix(host.target.text.size() + 2);
    return std::string(reason);
}

// One GET of a Prometheus' API, parsed: its error answers (400, 422, 503) carry JSON too.
json prometheus_get(const FleetHost& host, const std::string& path, const FetchOptions& options) {
    auto reply = exporter::http_get(target_for(host, path), options.limits, options.credentials);
    if (reply.status == 401) throw std::runtime_error("401: credentials refused");
    auto answer = json::parse(reply.body, nullptr, false);
    if (answer.is_discarded())
        throw std::runtime_error(fmt::format("answered {}, not JSON", reply.status));
    return answer;
}

std::vector<FleetRow> fetch_prometheus(const FleetHost& host, const FetchOptions& options) {
    auto queries = prometheus_queries(host.matchers);
    PrometheusRound round;
    round.now_unix_s = unix_now();
    std::vector<std::vector<PromSeries>> vectors(queries.size());
    std::vector<std::string> problems(queries.size());
    // Each query waits one round trip: sent together, a round costs one, not twenty.
    std::vector<std::thread> threads;
    threads.reserve(queries.size());
    for (std::size_t i = 0; i < queries.size(); ++i)
        threads.emplace_back([&, i] {
            try {
                vectors[i] = parse_prometheus_vector(
                    prometheus_get(host,
                                   fmt::format("/api/v1/query?query={}&time={:.3f}",
                                               url_encoded(queries[i].promql), round.now_unix_s),
                                   options));
            } catch (const std::exception& e) {
                problems[i] = without_url(host, e.what());
            }
        });
    try {
        round.targets = prometheus_get(host, "/api/v1/targets?state=active", options);
    } catch (const std::exception&) {
        // The reasons of failing scrapes are left out; the rows still come from the queries.
    }
    for (auto& thread : threads)
        thread.join();
    for (const auto& problem : problems)
        if (!problem.empty()) return {down_row(host, problem)};
    for (std::size_t i = 0; i < queries.size(); ++i)
        round.vectors[queries[i].key] = std::move(vectors[i]);
    auto rows = rows_from_prometheus(host, round, options.stale_s);
    if (rows.empty()) return {down_row(host, "no board matches on this Prometheus")};
    return rows;
}

}  // namespace

// A board behind a reverse proxy (or a Prometheus behind a prefix) is reached under the path of
// its URL.
exporter::HttpTarget target_for(const FleetHost& host, std::string_view path) {
    exporter::HttpTarget target = host.target;
    std::string_view base = host.target.path;
    while (base.ends_with('/'))
        base.remove_suffix(1);
    target.path = std::string(base) + std::string(path);
    return target;
}

std::vector<exporter::NamedSeries> board_series(const FleetHost& board,
                                                const FetchOptions& options) {
    if (!board.prometheus) throw std::runtime_error(board.name + ": not read through Prometheus");
    const FleetHost& prometheus = *board.prometheus;
    try {
        return named_series(parse_prometheus_vector(prometheus_get(
            prometheus,
            fmt::format("/api/v1/query?query={}", url_encoded(board_series_query(board))),
            options)));
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(
            fmt::format("Prometheus {}: {}", prometheus.name, without_url(prometheus, e.what())));
    }
}

std::string get_body(const FleetHost& host, std::string_view path, const FetchOptions& options) {
    auto reply = exporter::http_get(target_for(host, path), options.limits, options.credentials);
    if (reply.status == 401)
        throw std::runtime_error(fmt::format("{}: 401: credentials refused", path));
    // serve answers 503 until its first sample (docs/api.md).
    if (reply.status == 503)
        throw std::runtime_error(fmt::format("{}: answered 503: no sample yet", path));
    if (reply.status != 200)
        throw AnswerStatus(fmt::format("{}: answered {}", path, reply.status), reply.status);
    return std::move(reply.body);
}

FleetRow fetch_row(const FleetHost& host, const FetchOptions& options) {
    try {
        json sample;
        try {
            sample = get_json(host, "/api/v1/sample", options);
        } catch (const AnswerStatus& e) {
            // A serve older than the JSON API: what its /metrics says.
            if (e.status != 404) throw;
            return row_from_metrics(host, get_body(host, "/metrics", options), unix_now(),
                                    options.stale_s);
        }
        if (!sample.is_object() || !sample.contains("t"))
            return down_row(host, "/api/v1/sample: not a sample");
        json flags = get_json(host, "/api/v1/flags", options);
        json board = board_of(host, sample, options);
        return row_from_answers(host, sample, board, flags, unix_now(), options.stale_s);
    } catch (const std::exception& e) {
        return down_row(host, without_url(host, e.what()));
    }
}

std::vector<FleetRow> fetch_host(const FleetHost& host, const FetchOptions& options) {
    switch (host.kind) {
        case HostKind::prometheus:
            return fetch_prometheus(host, options);
        case HostKind::ssh:
            if (!options.connect) return {down_row(host, "ssh hosts are not read here")};
            if (auto problem = options.connect(host, options); !problem.empty())
                return {down_row(host, problem)};
            return {fetch_row(host, options)};
        case HostKind::serve:
            break;
    }
    return {fetch_row(host, options)};
}

std::vector<FleetRow> fetch_rows(const std::vector<FleetHost>& hosts, const FetchOptions& options) {
    std::vector<const FleetHost*> all;
    for (const auto& host : hosts)
        all.push_back(&host);
    std::vector<FleetRow> rows;
    for (auto& host_rows : fetch_hosts(all, options))
        for (auto& row : host_rows)
            rows.push_back(std::move(row));
    return rows;
}

std::vector<std::vector<FleetRow>> fetch_hosts(const std::vector<const FleetHost*>& hosts,
                                               const FetchOptions& options) {
    std::vector<std::vector<FleetRow>> rows(hosts.size());
    std::atomic<std::size_t> next{0};
    for (std::size_t i = 0; i < hosts.size(); ++i)
        rows[i] = {down_row(*hosts[i], "not read")};
    auto cancelled = [&] { return options.cancel && options.cancel->load(); };
    auto work = [&] {
        for (std::size_t i = next++; i < hosts.size() && !cancelled(); i = next++)
            rows[i] = fetch_host(*hosts[i], options);
    };
    auto workers = std::min<std::size_t>(static_cast<std::size_t>(std::max(options.parallel, 1)),
                                         hosts.size());
    std::vector<std::thread> threads;
    threads.reserve(workers);
    for (std::size_t i = 1; i < workers; ++i)
        threads.emplace_back(work);
    work();
    for (auto& thread : threads)
        thread.join();
    return rows;
}

}  // namespace edgetop::fleet
