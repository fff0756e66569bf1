#include "report/report_event_json.hpp"

namespace edgetop::analysis {

nlohmann::ordered_json event_to_line(const Event& event) {
    nlohmann::ordered_json line;
    line["type"] = "event";
    line["t"] = event.t_s;
    line["flag"] = event.flag;
    line["state"] = to_string(event.state);
    line["message"] = event.message;
    line["evidence"] = event.evidence;
    return line;
}

std::optional<Event> event_from_line(const nlohmann::json& line) {
    if (!line.is_object()) return std::nullopt;
    auto flag = line.find("flag");
    auto state = line.find("state");
    auto t = line.find("t");
    if (flag == line.end() || !flag->is_string() || state == line.end() || !state->is_string() ||
        t == line.end() || !t->is_number())
        return std::nullopt;
    Event event;
    event.t_s = t->get<double>();
    event.flag = flag->get<std::string>();
    const auto& state_text = state->get_ref<const std::string&>();
    if (state_text == "raised")
        event.state = EventState::raised;
    else if (state_text == "cleared")
        event.state = EventState::cleared;
    else
        return std::nullopt;
    if (auto m = line.find("message"); m != line.end() && m->is_string())
        event.message = m->get<std::string>();
    if (auto e = line.find("evidence"); e != line.end() && e->is_object()) event.evidence = *e;
    return event;
}

}  // namespace edgetop::analysis
