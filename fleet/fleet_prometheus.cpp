#include "fleet/fleet_prometheus.hpp"

#include <time.h>

#include <cmath>
#include <cstdlib>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "sensors/core/text_scan.hpp"
#include "tui/flag_severity.hpp"

namespace edgetop::fleet {

namespace {

using nlohmann::json;

// The labels of edgetop_board_info that describe the board rather than where it is.
const std::set<std::string> kBoardInfoLabels{"__name__", "instance", "model",
                                             "soc",      "l4t",      "jetpack"};

std::string selector(const std::string& metric, const std::string& matchers,
                     const std::string& more = "") {
    std::string inside = matchers;
    if (!more.empty()) inside += (inside.empty() ? "" : ",") + more;
    return inside.empty() ? metric : fmt::format("{}{{{}}}", metric, inside);
}

// PromQL's string literal: within double quotes, with \\, \" and \n escaped.
std::string promql_string(std::string_view value) {
    std::string out = "\"";
    for (char c : value) {
        if (c == '\\' || c == '"') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + '"';
}

// matchers and one more: name="value".
std::string selector_matchers(const std::string& matchers, std::string_view name,
                              std::string_view value) {
    return fmt::format("{}{}{}={}", matchers, matchers.empty() ? "" : ",", name,
                       promql_string(value));
}

// As a sample's "time": milliseconds, cut rather than rounded (the metric carries microseconds,
// which the double holds to within a fraction of one).
std::string iso_time(double unix_s) {
    auto micros = std::llround(unix_s * 1e6);
    auto whole = static_cast<time_t>(micros / 1'000'000);
    int millis = static_cast<int>(micros % 1'000'000 / 1000);
    tm parts{};
    gmtime_r(&whole, &parts);
    return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", parts.tm_year + 1900,
                       parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec,
                       millis);
}

std::string label(const PromSeries& series, const std::string& name) {
    auto it = series.labels.find(name);
    return it == series.labels.end() ? std::string() : it->second;
}

// How a column's query reads its metric (the query and the one scrape of /metrics alike).
enum class QueryShape {
    latest,       // the latest sample
    busiest,      // the highest of the instance's series (GPUs, memory controllers)
    within_hour,  // the highest within the last hour (a board that went away stays listed)
    scrape_time,  // when Prometheus took the latest sample
    raised,       // the series at 1 (a flag up)
    rate_sum,     // the instance's per-second rate of metric plus that of other
};

struct QueryColumn {
    const char* key;
    QueryShape shape;
    const char* metric;
    const char* other = nullptr;  // rate_sum's second metric
};

// What a row reads of a board, one entry per value (board_row reads them by key).
constexpr QueryColumn kQueryColumns[] = {
    {"boards", QueryShape::within_hour, "edgetop_board_info"},
    {"up", QueryShape::latest, "up"},
    {"time", QueryShape::latest, "edgetop_last_sample_timestamp_seconds"},
    {"scraped", QueryShape::scrape_time, "edgetop_last_sample_timestamp_seconds"},
    {"last", QueryShape::within_hour, "edgetop_last_sample_timestamp_seconds"},
    {"mode", QueryShape::latest, "edgetop_power_mode_info"},
    {"build", QueryShape::latest, "edgetop_build_info"},
    {"cpu", QueryShape::latest, "edgetop_cpu_utilization_ratio"},
    {"gpu", QueryShape::busiest, "edgetop_gpu_load_ratio"},
    {"emc", QueryShape::busiest, "edgetop_emc_utilization_ratio"},
    {"power", QueryShape::latest, "edgetop_power_watts"},
    {"temp", QueryShape::latest, "edgetop_temperature_celsius"},
    {"trip", QueryShape::latest, "edgetop_temperature_trip_celsius"},
    {"mem_used", QueryShape::latest, "edgetop_memory_used_bytes"},
    {"mem_total", QueryShape::latest, "edgetop_memory_total_bytes"},
    {"disk", QueryShape::rate_sum, "edgetop_disk_read_bytes_total",
     "edgetop_disk_written_bytes_total"},
    {"net", QueryShape::rate_sum, "edgetop_network_receive_bytes_total",
     "edgetop_network_transmit_bytes_total"},
    {"flags", QueryShape::raised, "edgetop_flag_raised"},
};

// Each query's series by instance.
class ByInstance {
  public:
    explicit ByInstance(const PrometheusRound& round) {
        for (const auto& [key, series_list] : round.vectors)
            for (const auto& series : series_list)
                if (auto instance = label(series, "instance"); !instance.empty())
                    index_[key][instance].push_back(&series);
    }

    const std::vector<const PromSeries*>& all(const std::string& key,
                                              const std::string& instance) const {
        static const std::vector<const PromSeries*> kNone;
        auto query = index_.find(key);
        if (query == index_.end()) return kNone;
        auto found = query->second.find(instance);
        return found == query->second.end() ? kNone : found->second;
    }
    const PromSeries* first(const std::string& key, const std::string& instance) const {
        const auto& list = all(key, instance);
        return list.empty() ? nullptr : list.front();
    }
    std::optional<double> value(const std::string& key, const std::string& instance,
                                double factor = 1) const {
        const PromSeries* series = first(key, instance);
        if (!series || !std::isfinite(series->value)) return std::nullopt;
        return series->value * factor;
    }
    std::set<std::string> instances(const std::string& key) const {
        std::set<std::string> out;
        if (auto query = index_.find(key); query != index_.end())
            for (const auto& [instance, series] : query->second)
                out.insert(instance);
        return out;
    }

  private:
    std::map<std::string, std::map<std::string, std::vector<const PromSeries*>>> index_;
};

struct TargetState {
    std::string health;
    std::string last_error;
    std::string scrape_url;
};

std::map<std::string, TargetState> targets_by_instance(const json& answer) {
    std::map<std::string, TargetState> out;
    if (!answer.is_object()) return out;
    auto data = answer.find("data");
    if (data == answer.end() || !data->is_object()) return out;
    auto active = data->find("activeTargets");
    if (active == data->end() || !active->is_array()) return out;
    auto text = [](const json& object, const char* key) {
        auto it = object.find(key);
        return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    for (const auto& target : *active) {
        if (!target.is_object()) continue;
        auto labels = target.find("labels");
        if (labels == target.end() || !labels->is_object()) continue;
        auto instance = text(*labels, "instance");
        if (instance.empty()) continue;
        out[instance] = {text(target, "health"), text(target, "lastError"),
                         text(target, "scrapeUrl")};
    }
    return out;
}

// The scrape URL without its /metrics: where the board's own serve answers.
std::string serve_url(const std::string& scrape_url) {
    std::string_view url = scrape_url;
    url = url.substr(0, url.find('?'));
    if (url.ends_with("/metrics")) url.remove_suffix(std::string_view("metrics").size());
    return std::string(url);
}

void set_state(FleetRow& row, const ByInstance& by, const std::string& instance,
               const std::map<std::string, TargetState>& targets, const PrometheusRound& round,
               double stale_s) {
    auto up = by.value("up", instance);
    auto taken = by.value("time", instance);
    if (up && *up == 0) {
        auto target = targets.find(instance);
        std::string why = target == targets.end() || target->second.last_error.empty()
                              ? "its scrape fails"
                              : target->second.last_error;
        row.reason = "Prometheus: " + why;
    } else if (!taken) {
        auto last = by.value("last", instance);
        row.reason = last ? "Prometheus has no sample of it since " + iso_time(*last)
                          : "Prometheus has no edgetop sample of it";
    } else {
        row.state = HostState::up;
    }
    auto time = taken ? taken : by.value("last", instance);
    if (!time) return;
    row.time = iso_time(*time);
    row.age_s = std::max(0.0, round.now_unix_s - *time);
    // The board's sampler is judged by how old its sample was when Prometheus took it; how long
    // ago that was is Prometheus' scrape interval, and a failing scrape is `up`.
    auto scraped = by.value("scraped", instance);
    if (row.state == HostState::up && scraped && *scraped - *time > stale_s) {
        row.state = HostState::stale;
        row.reason = fmt::format(
            "sample {:.0f} s old when Prometheus took it (a stopped sampler or clock skew)",
            *scraped - *time);
    }
}

void set_hottest(FleetRow& row, const ByInstance& by, const std::string& instance) {
    const PromSeries* hottest = nullptr;
    for (const auto* zone : by.all("temp", instance))
        if (std::isfinite(zone->value) && (!hottest || zone->value > hottest->value))
            hottest = zone;
    if (!hottest) return;
    row.hottest_zone = label(*hottest, "zone");
    row.hottest_c = hottest->value;
    for (const auto* trip : by.all("trip", instance)) {
        if (label(*trip, "zone") != *row.hottest_zone || !std::isfinite(trip->value)) continue;
        row.hottest_trips.push_back({label(*trip, "type"), trip->value});
        if (!row.trip_c || trip->value < *row.trip_c) row.trip_c = trip->value;
    }
}

void set_flags(FleetRow& row, const ByInstance& by, const std::string& instance) {
    for (const auto* flag : by.all("flags", instance)) {
        auto id = label(*flag, "flag");
        if (id.empty()) continue;
        ++row.flags;
        auto severity = tui::flag_severity(id);
        if (!row.worst_severity || severity > *row.worst_severity) {
            row.worst_flag = id;
            row.worst_severity = severity;
        }
    }
}

FleetRow board_row(const FleetHost& host, const ByInstance& by, const std::string& instance,
                   const std::map<std::string, TargetState>& targets, const PrometheusRound& round,
                   double stale_s) {
    FleetRow row;
    row.host = &host;
    set_state(row, by, instance, targets, round, stale_s);
    const PromSeries* info = by.first("boards", instance);
    if (info && !label(*info, "model").empty()) row.model = label(*info, "model");
    if (const auto* mode = by.first("mode", instance)) row.power_mode = label(*mode, "name");
    if (const auto* build = by.first("build", instance)) row.version = label(*build, "version");
    if (row.state == HostState::down) return row;
    row.cpu_pct = by.value("cpu", instance, 100);
    row.gpu_pct = by.value("gpu", instance, 100);
    row.emc_pct = by.value("emc", instance, 100);
    row.power_mw = by.value("power", instance, 1000);
    set_hottest(row, by, instance);
    auto used = by.value("mem_used", instance);
    auto total = by.value("mem_total", instance);
    if (used && total && *total > 0) row.mem_pct = 100 * *used / *total;
    row.disk_bytes_per_s = by.value("disk", instance);
    row.net_bytes_per_s = by.value("net", instance);
    set_flags(row, by, instance);
    return row;
}

// NAME[{LABEL="VALUE",...}] VALUE [TIMESTAMP], the exposition format's sample line (label values
// with \\, \" and \n escapes). False for anything else.
bool read_sample_line(std::string_view line, std::string& name, PromSeries& series) {
    auto is_name_char = [](char c, bool first) {
        return ascii::is_alpha(c) || c == '_' || c == ':' || (!first && ascii::is_digit(c));
    };
    std::size_t at = 0;
    while (at < line.size() && is_name_char(line[at], at == 0))
        ++at;
    if (at == 0) return false;
    name = line.substr(0, at);
    if (at < line.size() && line[at] == '{') {
        ++at;
        for (;;) {
            while (at < line.size() && (line[at] == ' ' || line[at] == ','))
                ++at;
            if (at < line.size() && line[at] == '}') {
                ++at;
                break;
            }
            std::size_t start = at;
            while (at < line.size() && is_name_char(line[at], at == start))
                ++at;
            if (at == start || at + 1 >= line.size() || line[at] != '=' || line[at + 1] != '"')
                return false;
            std::string label_name(line.substr(start, at - start));
            std::string value;
            for (at += 2; at < line.size() && line[at] != '"'; ++at) {
                if (line[at] != '\\') {
                    value += line[at];
                    continue;
                }
                if (++at >= line.size()) return false;
                value += line[at] == 'n' ? '\n' : line[at];
            }
            if (at >= line.size()) return false;
            ++at;  // the closing quote
            series.labels[std::move(label_name)] = std::move(value);
        }
    }
    std::string_view rest = line.substr(at);
    std::string number(next_token(rest));
    if (number.empty()) return false;
    char* end = nullptr;
    series.value = std::strtod(number.c_str(), &end);
    return end == number.c_str() + number.size();
}

}  // namespace

const FleetHost* DiscoveredBoards::board(const FleetHost& source, const std::string& instance,
                                         std::vector<std::pair<std::string, std::string>> labels,
                                         const std::string& scrape_url) {
    std::string key = instance + '\n' + scrape_url;
    for (const auto& [name, value] : labels)
        key += '\n' + name + '=' + value;
    std::lock_guard lock(mutex_);
    if (auto found = by_key_.find(key); found != by_key_.end()) return found->second;
    if (boards_.size() >= kMaxBoards) return nullptr;
    FleetHost host;
    host.name = instance;
    host.via = source.name;
    host.prometheus = &source;
    host.matchers = selector_matchers(source.matchers, "instance", instance);
    for (const auto& [name, value] : labels)
        if (name == "job") host.matchers = selector_matchers(host.matchers, name, value);
    host.labels = std::move(labels);
    std::string url = serve_url(scrape_url);
    if (auto target = exporter::parse_http_target(url, "/")) host.target = std::move(*target);
    host.target.text = url;
    boards_.push_back(std::move(host));
    by_key_.emplace(std::move(key), &boards_.back());
    return &boards_.back();
}

std::vector<PrometheusQuery> prometheus_queries(const std::string& m) {
    std::vector<PrometheusQuery> out;
    for (const auto& column : kQueryColumns) {
        std::string series = selector(column.metric, m);
        switch (column.shape) {
            case QueryShape::latest:
                out.push_back({column.key, series});
                break;
            case QueryShape::busiest:
                out.push_back({column.key, fmt::format("max by (instance) ({})", series)});
                break;
            case QueryShape::within_hour:
                out.push_back({column.key, fmt::format("max_over_time({}[1h])", series)});
                break;
            case QueryShape::scrape_time:
                out.push_back({column.key, fmt::format("timestamp({})", series)});
                break;
            case QueryShape::raised:
                out.push_back({column.key, series + " == 1"});
                break;
            case QueryShape::rate_sum:
                out.push_back({column.key,
                               fmt::format("sum by (instance) (irate({}[5m])) + sum by (instance) "
                                           "(irate({}[5m]))",
                                           series, selector(column.other, m))});
                break;
        }
    }
    return out;
}

std::vector<PromSeries> parse_prometheus_vector(const json& answer) {
    auto text_of = [&](const char* key) {
        auto it = answer.find(key);
        return it != answer.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    if (!answer.is_object()) throw std::runtime_error("not a Prometheus API answer");
    if (text_of("status") != "success") {
        auto error = text_of("error");
        throw std::runtime_error(error.empty() ? "not a Prometheus API answer"
                                               : text_of("errorType") + ": " + error);
    }
    auto data = answer.find("data");
    if (data == answer.end() || !data->is_object() || data->value("resultType", "") != "vector")
        throw std::runtime_error("a Prometheus answer without a vector");
    std::vector<PromSeries> out;
    auto result = data->find("result");
    if (result == data->end() || !result->is_array()) return out;
    for (const auto& element : *result) {
        if (!element.is_object()) continue;
        auto metric = element.find("metric");
        auto value = element.find("value");
        if (metric == element.end() || !metric->is_object() || value == element.end() ||
            !value->is_array() || value->size() != 2 || !(*value)[1].is_string())
            continue;
        PromSeries series;
        for (const auto& [name, label_value] : metric->items())
            if (label_value.is_string()) series.labels[name] = label_value.get<std::string>();
        const auto& number = (*value)[1].get_ref<const std::string&>();
        char* end = nullptr;
        series.value = std::strtod(number.c_str(), &end);
        if (end == number.c_str()) continue;
        out.push_back(std::move(series));
    }
    return out;
}

std::vector<FleetRow> rows_from_prometheus(const FleetHost& source, const PrometheusRound& round,
                                           double stale_s) {
    ByInstance by(round);
    auto targets = targets_by_instance(round.targets);
    std::set<std::string> instances = by.instances("boards");
    // A target that never served a sample is a board when its job has boards (a board down since
    // before the last hour); the other targets of the Prometheus (node_exporter...) are not.
    std::set<std::string> jobs;
    for (const auto& instance : instances)
        jobs.insert(label(*by.first("boards", instance), "job"));
    for (const auto& instance : by.instances("up"))
        if (jobs.count(label(*by.first("up", instance), "job"))) instances.insert(instance);
    std::vector<FleetRow> rows;
    rows.reserve(instances.size());
    for (const auto& instance : instances) {
        std::vector<std::pair<std::string, std::string>> labels = source.labels;
        const PromSeries* info = by.first("boards", instance);
        const PromSeries* identity = info ? info : by.first("up", instance);
        for (const auto& [name, value] : identity->labels)
            if (!kBoardInfoLabels.count(name)) labels.emplace_back(name, value);
        auto target = targets.find(instance);
        const FleetHost* host = source.boards->board(
            source, instance, std::move(labels),
            target == targets.end() ? std::string() : target->second.scrape_url);
        if (!host) break;
        rows.push_back(board_row(*host, by, instance, targets, round, stale_s));
    }
    return rows;
}

std::vector<std::pair<std::string, PromSeries>> parse_exposition(std::string_view text) {
    std::vector<std::pair<std::string, PromSeries>> out;
    while (!text.empty()) {
        std::string_view line = next_line(text);
        if (line.empty() || line.front() == '#') continue;
        std::string name;
        PromSeries series;
        if (read_sample_line(line, name, series))
            out.emplace_back(std::move(name), std::move(series));
    }
    return out;
}

FleetRow row_from_metrics(const FleetHost& host, std::string_view exposition, double now_unix_s,
                          double stale_s) {
    // One scrape taken now, as each column's query would see it for one instance.
    const std::string instance = "metrics";
    PrometheusRound round;
    round.now_unix_s = now_unix_s;
    for (auto& [name, series] : parse_exposition(exposition)) {
        series.labels["instance"] = instance;
        for (const auto& column : kQueryColumns) {
            if (name != column.metric) continue;
            auto& list = round.vectors[column.key];
            switch (column.shape) {
                case QueryShape::latest:
                case QueryShape::within_hour:
                    list.push_back(series);
                    break;
                case QueryShape::busiest:
                    if (list.empty() || series.value > list.front().value) list = {series};
                    break;
                case QueryShape::raised:
                    if (series.value == 1) list.push_back(series);
                    break;
                case QueryShape::scrape_time: {
                    PromSeries taken = series;
                    taken.value = now_unix_s;
                    list.push_back(std::move(taken));
                    break;
                }
                case QueryShape::rate_sum:
                    break;  // a rate needs two scrapes
            }
        }
    }
    ByInstance by(round);
    FleetRow row = board_row(host, by, instance, {}, round, stale_s);
    if (row.state == HostState::down) row.reason = "/metrics: no edgetop sample in it";
    return row;
}

std::string board_series_query(const FleetHost& board) {
    return selector("", board.matchers, "__name__=~\"edgetop_.+\"");
}

std::vector<exporter::NamedSeries> named_series(const std::vector<PromSeries>& series) {
    std::vector<exporter::NamedSeries> out;
    out.reserve(series.size());
    for (const auto& s : series) {
        exporter::NamedSeries named;
        named.labels = s.labels;
        auto name = named.labels.find("__name__");
        if (name == named.labels.end()) continue;
        named.name = name->second;
        named.labels.erase(name);
        named.value = s.value;
        out.push_back(std::move(named));
    }
    return out;
}

}  // namespace edgetop::fleet
