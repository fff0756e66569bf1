// The JSON Schema (draft-07) of a session sample line, generated from the one description of the
// sample (edgetop/sample_schema.hpp): every object with each of its keys required and no other,
// each value's JSON type (null where the value may be absent), its meaning as the description and
// its unit as "x-unit". /api/v1/schema serves it and docs/api.md holds it.
#pragma once

#include <string>

namespace edgetop::exporter {

// The schema as indented JSON text, ending in a newline.
std::string sample_json_schema();

}  // namespace edgetop::exporter
