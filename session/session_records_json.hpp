// The header, event and end lines of a session file, to JSON and back.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "session/session_types.hpp"

namespace edgetop {

nlohmann::ordered_json header_to_json(const SessionHeader& header);
nlohmann::ordered_json board_to_json(const Board& board);
nlohmann::ordered_json software_to_json(const SoftwareInfo& software);
nlohmann::ordered_json end_to_json(const SessionEnd& end);

// The inverses; they do not check "format"/"version" (the reader does).
SessionHeader header_from_json(const nlohmann::json& line);
Board board_from_json(const nlohmann::json& object);
SoftwareInfo software_from_json(const nlohmann::json& object);
std::optional<SessionEnd> end_from_json(const nlohmann::json& line);
SessionEvent event_from_json(const nlohmann::json& line);

}  // namespace edgetop
