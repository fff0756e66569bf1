// A Sample as one session line, written straight into a character buffer: the same line as
// sample_to_json(sample).dump() (keys in the same order, same values) at a fraction of the cost,
// for the writers that produce a line per sample (record, the view's recorder, import).
#pragma once

#include <fmt/format.h>

#include <string>

#include "edgetop/sample.hpp"

namespace edgetop {

// Appends the sample line to out, without the newline.
void append_sample_line(fmt::memory_buffer& out, const Sample& sample);
// The sample line as a string (an extra copy: for tests and occasional lines).
std::string sample_line(const Sample& sample);

}  // namespace edgetop
