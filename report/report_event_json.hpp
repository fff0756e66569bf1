// A flag event as a session line and back:
//   {"type":"event","t":12.5,"flag":"cpu_oversubscribed","state":"raised","message":"...",
//    "evidence":{...}}
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "analysis/rules_types.hpp"

namespace edgetop::analysis {

nlohmann::ordered_json event_to_line(const Event& event);
// nullopt when the line is not a flag event (no "flag", or a state other than raised/cleared).
std::optional<Event> event_from_line(const nlohmann::json& line);

}  // namespace edgetop::analysis
