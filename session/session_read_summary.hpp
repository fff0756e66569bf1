// The parts of a sample line that a report summarises, and nothing else: the fields
// session_summary_fields.hpp selects from the schema. Inside each object the reader takes the
// keys it needs through On-Demand's field lookup, which steps over the rest of the object without
// reading it; the values it does read are checked as the full readers check them. Every other
// field of the Sample is left absent or empty.
#pragma once

#include "edgetop/sample.hpp"
#include "session/session_read_values.hpp"

namespace edgetop::session_read {

// The summarised fields of a sample line (already an object) into sample, whose other fields the
// caller has cleared.
error_code read_sample_summary(od::object& line, Sample& sample);

}  // namespace edgetop::session_read
