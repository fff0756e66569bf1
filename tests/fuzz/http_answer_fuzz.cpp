// libFuzzer target: arbitrary bytes as the answer of the server `edgetop query --from` and
// `edgetop fleet` read, taken in pieces of the sizes the first byte picks (as the network brings
// them) within the client's bounds; a 200 answer read whole is then the sample query prints:
// every key path of the sample schema (lists at their first element) looked up and written as
// CSV and JSON, and nvidia-smi's lines of every --query-gpu field; and the JSON, whatever its
// shape, as each answer of a fleet board (sample, flags, board) made into its row, its line of
// the table and its JSON object; and as a Prometheus' answer to each of fleet's instant queries
// and its targets, made into the rows of that Prometheus' boards; and the body, whatever it is,
// as the /metrics exposition of a serve without the JSON API made into its row; a query vector
// also as one board's series read back into its sample and board (its view through Prometheus).
// The same bytes, in the same pieces, are also read as a serve's event stream (/api/v1/stream:
// the board view's feed), each event within the bound, a sample event's data as the sample query
// prints. Built and run by run_fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands/query_fields.hpp"
#include "commands/query_smi.hpp"
#include "exporter/http_answer.hpp"
#include "exporter/metric_reading.hpp"
#include "exporter/sse_reader.hpp"
#include "fleet/fleet_hosts.hpp"
#include "fleet/fleet_output.hpp"
#include "fleet/fleet_prometheus.hpp"
#include "fleet/fleet_row.hpp"

namespace {

using edgetop::query::FieldPath;
using edgetop::query::KeyNode;
using edgetop::schema::Unit;

constexpr std::size_t kMaxBody = 1 << 16;

void add_paths(const KeyNode& node, const std::string& prefix, const KeyNode& root,
               std::vector<FieldPath>& out) {
    for (const auto& field : node.fields) {
        std::string path = prefix + std::string(field.key);
        if (field.unit == Unit::object) {
            add_paths(field, path + ".", root, out);
        } else if (field.unit == Unit::objects) {
            add_paths(field, path + ".0.", root, out);
        } else if (auto parsed = edgetop::query::parse_field(path, root); parsed.path) {
            out.push_back(std::move(*parsed.path));
        } else {
            std::abort();  // a path of the schema's own keys must be accepted
        }
    }
}

void print_sample(const nlohmann::ordered_json& sample) {
    static const KeyNode keys = edgetop::query::sample_keys();
    static const std::vector<FieldPath> paths = [] {
        std::vector<FieldPath> out;
        add_paths(keys, "", keys, out);
        return out;
    }();
    static const auto smi = edgetop::query::all_smi_fields();
    std::vector<nlohmann::ordered_json> values;
    for (const auto& path : paths)
        values.push_back(edgetop::query::lookup(sample, path, keys));
    (void)edgetop::query::csv_line(values, paths, {});
    (void)edgetop::query::json_line(values, paths);
    (void)edgetop::query::smi_lines(sample, smi, true);
}

void show_fleet_row(const nlohmann::json& answer) {
    static const edgetop::fleet::HostList hosts = [] {
        edgetop::fleet::HostList list;
        edgetop::fleet::add_hosts_file(list, "board http://127.0.0.1:9102 site=lab\n", "hosts");
        return list;
    }();
    const auto& host = hosts.hosts.at(0);
    auto empty = nlohmann::json::object();
    std::vector<edgetop::fleet::FleetRow> rows{
        edgetop::fleet::row_from_answers(host, answer, answer, answer, 1.8e9, 10),
        edgetop::fleet::row_from_answers(host, answer, empty, nlohmann::json::array(), 0, 10)};
    (void)edgetop::fleet::fleet_table(rows);
    for (const auto& row : rows)
        (void)edgetop::fleet::row_json_line(row);
}

void show_prometheus_rows(const nlohmann::json& answer) {
    static const edgetop::fleet::HostList hosts = [] {
        edgetop::fleet::HostList list;
        edgetop::fleet::add_url(list, "prometheus+http://127.0.0.1:9090?match=job=\"edgetop\"");
        return list;
    }();
    const auto& source = hosts.hosts.at(0);
    edgetop::fleet::PrometheusRound round;
    round.now_unix_s = 1.8e9;
    round.targets = answer;
    try {
        auto series = edgetop::fleet::parse_prometheus_vector(answer);
        for (const auto& query : edgetop::fleet::prometheus_queries(source.matchers))
            round.vectors[query.key] = series;
        // The same vector as a board's series, for its view through Prometheus.
        auto named = edgetop::fleet::named_series(series);
        (void)edgetop::exporter::sample_from_series(named);
        (void)edgetop::exporter::board_from_series(named);
    } catch (const std::runtime_error&) {
    }
    auto rows = edgetop::fleet::rows_from_prometheus(source, round, 60);
    (void)edgetop::fleet::fleet_table(rows);
    for (const auto& row : rows)
        (void)edgetop::fleet::row_json_line(row);
}

void read_as_event_stream(std::string_view in, std::size_t piece) {
    edgetop::exporter::SseReader events(kMaxBody);
    auto on_event = [](edgetop::exporter::SseEvent& event) {
        if (event.data.size() > kMaxBody || event.name.size() > kMaxBody) std::abort();
        if (event.name != "sample") return;
        auto sample = nlohmann::ordered_json::parse(event.data, nullptr, false);
        if (sample.is_object() && sample.contains("t")) print_sample(sample);
    };
    try {
        while (!in.empty()) {
            auto next = in.substr(0, piece);
            in.remove_prefix(next.size());
            events.add(next, on_event);
        }
    } catch (const edgetop::exporter::HttpAnswerError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    std::size_t piece = 1 + data[0] % 64;
    std::string_view in(reinterpret_cast<const char*>(data) + 1, size - 1);
    read_as_event_stream(in, piece);
    edgetop::exporter::HttpAnswerReader reader(kMaxBody);
    edgetop::exporter::HttpReply reply;
    try {
        while (!in.empty()) {
            auto next = in.substr(0, piece);
            in.remove_prefix(next.size());
            if (reader.add(next)) break;
        }
        reply = reader.finish();
    } catch (const edgetop::exporter::HttpAnswerError&) {
        return 0;
    }
    if (reply.status < 100 || reply.status > 599 || reply.body.size() > kMaxBody) std::abort();
    if (reply.status != 200) return 0;
    auto sample = nlohmann::ordered_json::parse(reply.body, nullptr, false);
    if (sample.is_object() && sample.contains("t")) print_sample(sample);
    static const edgetop::fleet::HostList old_serve = [] {
        edgetop::fleet::HostList list;
        edgetop::fleet::add_url(list, "http://127.0.0.1:9102");
        return list;
    }();
    auto metrics_row =
        edgetop::fleet::row_from_metrics(old_serve.hosts.at(0), reply.body, 1.8e9, 10);
    (void)edgetop::fleet::row_json_line(metrics_row);
    auto answer = nlohmann::json::parse(reply.body, nullptr, false);
    if (!answer.is_discarded()) {
        show_fleet_row(answer);
        show_prometheus_rows(answer);
    }
    return 0;
}
