#include "exporter/exposition.hpp"

#include "exporter/text_exposition.hpp"

#include "exporter/gzip.hpp"
#include "exporter/openmetrics_serializer.hpp"

namespace edgetop::exporter {

Exposition::Exposition(const Families& families) {
    bodies_[0].plain = write_text_exposition(families);
    bodies_[1].plain = serialize_openmetrics(families);
}

const Exposition::Body& Exposition::of(ExpositionFormat format) const {
    return bodies_[format == ExpositionFormat::Text ? 0 : 1];
}

const std::string& Exposition::body(ExpositionFormat format) const {
    return of(format).plain;
}

const std::string& Exposition::gzip_body(ExpositionFormat format) const {
    const Body& body = of(format);
    std::call_once(body.compressed, [&body] {
        if (auto gzip = gzip_compress(body.plain)) body.gzip = std::move(*gzip);
    });
    return body.gzip;
}

}  // namespace edgetop::exporter
