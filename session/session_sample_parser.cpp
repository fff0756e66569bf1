#include <string>

#include "session/session_element_limits.hpp"
#include "session/session_read_lines.hpp"
#include "session/session_read_sample.hpp"

namespace edgetop {

bool has_sample_reader(SampleReader reader) {
#if EDGETOP_HAVE_SIMDJSON
    (void)reader;
    return true;
#else
    return reader == SampleReader::nlohmann;
#endif
}

SampleReader default_sample_reader() {
    return has_sample_reader(SampleReader::simdjson) ? SampleReader::simdjson
                                                     : SampleReader::nlohmann;
}

SampleLineParser::SampleLineParser(SampleFields fields, SampleReader reader) {
#if EDGETOP_HAVE_SIMDJSON
    if (reader == SampleReader::simdjson) engine_ = make_simdjson_engine(fields);
#else
    (void)reader;
#endif
    if (!engine_) engine_ = make_nlohmann_engine(fields);
}

SampleLineParser::~SampleLineParser() = default;
SampleLineParser::SampleLineParser(SampleLineParser&&) noexcept = default;
SampleLineParser& SampleLineParser::operator=(SampleLineParser&&) noexcept = default;

SampleLineParser::Result SampleLineParser::parse(std::string_view line, Sample& out) {
    Result result = engine_->parse(line, out);
    over_limit_ = result == Result::sample ? drop_over_limit(out) : std::string_view{};
    return result;
}

SampleLineParser::Result SampleLineParser::parse_unpadded(std::string_view line, Sample& out) {
    std::string padded(line);
    padded.append(kLinePadding, '\0');
    return parse(std::string_view(padded.data(), line.size()), out);
}

}  // namespace edgetop
