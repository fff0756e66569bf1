#include "session/session_read_sample.hpp"
#include "session/session_sample_json.hpp"

namespace edgetop {

// Through the same reader as session files, so there is one definition of how a line reads back.
Sample sample_from_json(const nlohmann::json& line) {
    Sample sample;
    if (!line.is_object()) return sample;
    nlohmann::json typed = line;
    typed["type"] = "sample";
    std::string text = typed.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    SampleLineParser parser;
    if (parser.parse_unpadded(text, sample) != SampleLineParser::Result::sample) return Sample{};
    return sample;
}

}  // namespace edgetop
