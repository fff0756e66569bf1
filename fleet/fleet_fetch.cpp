#include "fleet/fleet_fetch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

namespace edgetop::fleet {

namespace {

using nlohmann::json;

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

}  // namespace

std::string get_body(const FleetHost& host, std::string_view path, const FetchOptions& options) {
    exporter::HttpTarget target = host.target;
    // A board behind a reverse proxy is reached under the path of its URL.
    std::string_view base = host.target.path;
    while (base.ends_with('/'))
        base.remove_suffix(1);
    target.path = std::string(base) + std::string(path);
    auto reply = exporter::http_get(target, options.limits, options.credentials);
    if (reply.status == 401)
        throw std::runtime_error(fmt::format("{}: 401: credentials refused", path));
    // serve answers 503 until its first sample (docs/api.md).
    if (reply.status == 503)
        throw std::runtime_error(fmt::format("{}: answered 503: no sample yet", path));
    if (reply.status != 200)
        throw std::runtime_error(fmt::format("{}: answered {}", path, reply.status));
    return std::move(reply.body);
}

FleetRow fetch_row(const FleetHost& host, const FetchOptions& options) {
    try {
        json sample = get_json(host, "/api/v1/sample", options);
        if (!sample.is_object() || !sample.contains("t"))
            return down_row(host, "/api/v1/sample: not a sample");
        json flags = get_json(host, "/api/v1/flags", options);
        json board = get_json(host, "/api/v1/board", options);
        return row_from_answers(host, sample, board, flags, unix_now(), options.stale_s);
    } catch (const std::exception& e) {
        // The client's messages start with the URL, which the row already names.
        std::string_view reason = e.what();
        if (reason.starts_with(host.target.text + ": "))
            reason.remove_prefix(host.target.text.size() + 2);
        return down_row(host, std::string(reason));
    }
}

std::vector<FleetRow> fetch_rows(const std::vector<FleetHost>& hosts, const FetchOptions& options) {
    std::vector<FleetRow> rows(hosts.size());
    std::atomic<std::size_t> next{0};
    for (std::size_t i = 0; i < hosts.size(); ++i)
        rows[i] = down_row(hosts[i], "not read");
    auto cancelled = [&] { return options.cancel && options.cancel->load(); };
    auto work = [&] {
        for (std::size_t i = next++; i < hosts.size() && !cancelled(); i = next++)
            rows[i] = fetch_row(hosts[i], options);
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
