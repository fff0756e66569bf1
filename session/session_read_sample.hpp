// Sample lines parsed straight into a reused Sample. Two readers fill the same fields by the same
// rules: simdjson's On-Demand API (fast, no DOM; in builds with simdjson >= 1.0, see
// cmake/Dependencies.cmake) and nlohmann-json's DOM (session_read_sample_dom.hpp; always built,
// the only one where simdjson is missing or too old). Lines of other types (header, event, end,
// newer ones) are left to the nlohmann-based readers.
#pragma once

#include <memory>
#include <string_view>

#include "edgetop/sample.hpp"

namespace edgetop {

// What a parse fills: every field, or only what a report summarises (t, CPU utilisation total and
// per core, GPU load, EMC utilisation, rail power, total power, zone temperatures and flags).
// A summary steps over the other values without checking them; the full read checks every value.
enum class SampleFields { all, summary };

// Which reader parses sample lines.
enum class SampleReader { simdjson, nlohmann };

// Whether this build has the reader, and the one it uses unless told otherwise.
bool has_sample_reader(SampleReader reader);
SampleReader default_sample_reader();

class SampleLineParser {
  public:
    enum class Result {
        sample,   // out holds the line's sample
        other,    // not a sample line (or not an object with a "type"): out is untouched
        invalid,  // a sample line that is not valid JSON; error() says why, out is unspecified
    };

    // The reader each implementation is built on.
    class Engine {
      public:
        virtual ~Engine() = default;
        virtual Result parse(std::string_view line, Sample& out) = 0;
        virtual const char* error() const = 0;
    };

    // A reader the build lacks falls back to nlohmann.
    explicit SampleLineParser(SampleFields fields = SampleFields::all,
                              SampleReader reader = default_sample_reader());
    ~SampleLineParser();
    SampleLineParser(SampleLineParser&&) noexcept;
    SampleLineParser& operator=(SampleLineParser&&) noexcept;

    // line must be followed by at least kLinePadding (session_read_lines.hpp) readable bytes.
    // A sample's lists are cut to their limits (session_element_limits.hpp).
    Result parse(std::string_view line, Sample& out);
    // As parse(), for a line without that padding (copies it first).
    Result parse_unpadded(std::string_view line, Sample& out);
    // Why the last invalid line was rejected: one line of text.
    const char* error() const { return engine_->error(); }
    // After a sample: the key of the first of its lists that held more elements than its limit
    // (the rest were dropped), empty when none did.
    std::string_view over_limit() const { return over_limit_; }

  private:
    std::unique_ptr<Engine> engine_;
    std::string_view over_limit_;
};

// The engines (session_read_sample.cpp, session_read_sample_dom.cpp).
std::unique_ptr<SampleLineParser::Engine> make_simdjson_engine(SampleFields fields);
std::unique_ptr<SampleLineParser::Engine> make_nlohmann_engine(SampleFields fields);

}  // namespace edgetop
