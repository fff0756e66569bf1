#include <string>
#include <unordered_map>
#include <unordered_set>

#include "session/session_json_values.hpp"
#include "session/session_records_json.hpp"
#include "session/session_time.hpp"

namespace edgetop {

using nlohmann::json;
using nlohmann::ordered_json;
using session_json::find;
using session_json::get_double;
using session_json::get_int;
using session_json::get_string;
using session_json::kTimeDecimals;
using session_json::rounded;
using session_json::rounded_decimals;

namespace {

ordered_json text_or_null(const std::string& text) {
    return text.empty() ? ordered_json(nullptr) : ordered_json(text);
}

// Source names are keys; a name repeated by one source gets "#2", "#3", ... appended. A tree with
// thousands of sources sharing a name (3,000 fans) made this cubic: ordered_json looks keys up
// one by one, and each repeat probed "#2", "#3", ... again. The keys are made unique in hash sets,
// remembering the next suffix of each name, and appended without a lookup.
ordered_json sources_json(const std::vector<SourceStatus>& sources) {
    ordered_json out = ordered_json::object();
    auto& members = out.get_ref<ordered_json::object_t&>();
    members.reserve(sources.size());
    std::unordered_set<std::string> used;
    std::unordered_map<std::string, int> next_suffix;
    for (const auto& s : sources) {
        std::string key = s.name;
        if (used.contains(key)) {
            int& n = next_suffix.try_emplace(s.name, 2).first->second;
            do
                key = s.name + "#" + std::to_string(n++);
            while (used.contains(key));
        }
        used.insert(key);
        // The key is new: push_back on ordered_map's vector skips its linear search.
        members.push_back({key, ordered_json{{"state", to_string(s.state)},
                                             {"path", text_or_null(s.path)},
                                             {"hint", text_or_null(s.hint)}}});
    }
    return out;
}

SourceStatus::State parse_state(const std::string& text) {
    if (text == "found") return SourceStatus::State::found;
    if (text == "needs root") return SourceStatus::State::needs_root;
    return SourceStatus::State::absent;
}

}  // namespace

const char* to_string(EndReason reason) {
    switch (reason) {
        case EndReason::count:
            return "count";
        case EndReason::duration:
            return "duration";
        case EndReason::signal:
            return "signal";
        case EndReason::command_exited:
            return "command-exited";
        case EndReason::write_error:
            return "write-error";
        case EndReason::end_of_input:
            return "end-of-input";
        case EndReason::stopped:
            return "stopped";
        case EndReason::rotated:
            return "rotated";
    }
    return "count";
}

std::optional<EndReason> parse_end_reason(std::string_view text) {
    for (auto r :
         {EndReason::count, EndReason::duration, EndReason::signal, EndReason::command_exited,
          EndReason::write_error, EndReason::end_of_input, EndReason::stopped, EndReason::rotated})
        if (text == to_string(r)) return r;
    return std::nullopt;
}

ordered_json header_to_json(const SessionHeader& h) {
    ordered_json line{{"type", "header"},
                      {"format", kSessionFormat},
                      {"version", h.version},
                      {"started", format_rfc3339(h.started)},
                      {"interval_ms", h.interval_ms},
                      {"host", h.host},
                      {"root", h.root},
                      {"board", board_to_json(h.board)},
                      {"sources", sources_json(h.sources)}};
    line["software"] = software_to_json(h.board.software);
    if (h.rules) line["rules"] = *h.rules;
    if (h.session_id) line["session"] = *h.session_id;
    if (h.part) line["part"] = *h.part;
    return line;
}

SessionHeader header_from_json(const json& line) {
    SessionHeader h;
    h.version = static_cast<int>(get_int(line, "version").value_or(0));
    if (auto started = get_string(line, "started"))
        h.started = parse_rfc3339(*started).value_or(std::chrono::system_clock::time_point{});
    h.interval_ms = get_int(line, "interval_ms").value_or(0);
    h.host = get_string(line, "host").value_or("");
    h.root = get_string(line, "root").value_or("/");
    if (const json* board = find(line, "board"); board && board->is_object())
        h.board = board_from_json(*board);
    if (const json* software = find(line, "software"); software && software->is_object())
        h.board.software = software_from_json(*software);
    if (const json* sources = find(line, "sources"); sources && sources->is_object()) {
        for (const auto& [name, s] : sources->items()) {
            h.sources.push_back({name, parse_state(get_string(s, "state").value_or("")),
                                 get_string(s, "path").value_or(""),
                                 get_string(s, "hint").value_or("")});
        }
    }
    if (const json* rules = find(line, "rules"); rules && rules->is_array()) {
        h.rules.emplace();
        for (const auto& id : *rules)
            if (id.is_string()) h.rules->push_back(id.get<std::string>());
    }
    h.session_id = get_string(line, "session");
    h.part = get_int(line, "part");
    return h;
}

ordered_json end_to_json(const SessionEnd& end) {
    return {{"type", "end"},
            {"t", rounded_decimals(end.t_s, kTimeDecimals)},
            {"samples", end.samples},
            {"reason", to_string(end.reason)}};
}

std::optional<SessionEnd> end_from_json(const json& line) {
    auto reason = get_string(line, "reason");
    auto parsed = reason ? parse_end_reason(*reason) : std::nullopt;
    if (!parsed) return std::nullopt;
    return SessionEnd{get_double(line, "t").value_or(0), get_int(line, "samples").value_or(0),
                      *parsed};
}

SessionEvent event_from_json(const json& line) {
    return {get_double(line, "t").value_or(0), get_string(line, "kind").value_or(""), line};
}

}  // namespace edgetop
