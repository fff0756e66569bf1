// A Sample as one session line and back through an nlohmann-json document: the tests' oracle for
// the session line writer (session/session_sample_line.hpp), written by hand apart from the schema
// (edgetop/sample_schema.hpp) that drives the writer, so a mistake in either shows. The line holds
// the derived values only: raw counters and the full process list are not written, so they read
// back as absent.
#pragma once

#include <nlohmann/json.hpp>

#include "edgetop/sample.hpp"

namespace edgetop {

nlohmann::ordered_json sample_to_json(const Sample& sample);
// The inverse of sample_to_json; unknown keys are ignored, wrongly typed values read as absent.
Sample sample_from_json(const nlohmann::json& line);

}  // namespace edgetop
