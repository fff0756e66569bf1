// Sample lines parsed with simdjson's On-Demand API straight into a reused Sample, without a DOM
// and, once the Sample's vectors have grown to the board's size, without allocating. Lines of
// other types (header, event, end, newer ones) are left to the nlohmann-based readers.
#pragma once

#include <string_view>

#include <simdjson.h>

#include "edgetop/sample.hpp"

namespace edgetop {

// What a parse fills: every field, or only what a report summarises (t, CPU utilisation total and
// per core, GPU load, EMC utilisation, rail power, total power, zone temperatures and flags).
// A summary steps over the other values without checking them; the full read checks every value.
enum class SampleFields { all, summary };

class SampleLineParser {
  public:
    enum class Result {
        sample,   // out holds the line's sample
        other,    // not a sample line (or not an object with a "type"): out is untouched
        invalid,  // a sample line that is not valid JSON; error() says why, out is unspecified
    };

    explicit SampleLineParser(SampleFields fields = SampleFields::all);

    // line must be followed by at least simdjson::SIMDJSON_PADDING readable bytes.
    Result parse(std::string_view line, Sample& out);
    // As parse(), for a line without that padding (copies it first).
    Result parse_unpadded(std::string_view line, Sample& out);
    // Why the last invalid line was rejected: one line of text.
    const char* error() const { return simdjson::error_message(error_); }

  private:
    simdjson::ondemand::parser parser_;
    simdjson::error_code error_ = simdjson::SUCCESS;
    SampleFields fields_;
};

}  // namespace edgetop
