#include "exporter/content_negotiation.hpp"

#include <charconv>
#include <optional>

#include "edgetop/numbers.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop::exporter {

namespace {

std::string_view unquote(std::string_view value) {
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
        return value.substr(1, value.size() - 2);
    return value;
}

// One element of a comma-separated header: "name;param=value;q=0.5".
struct Element {
    std::string_view name;
    std::optional<std::string_view> version;
    double q = 1.0;
};

Element parse_element(std::string_view text) {
    Element element;
    size_t semicolon = text.find(';');
    element.name = ascii::trim_ows(text.substr(0, semicolon));
    while (semicolon != std::string_view::npos) {
        text.remove_prefix(semicolon + 1);
        semicolon = text.find(';');
        std::string_view parameter = ascii::trim_ows(text.substr(0, semicolon));
        size_t equals = parameter.find('=');
        if (equals == std::string_view::npos) continue;
        std::string_view key = ascii::trim_ows(parameter.substr(0, equals));
        std::string_view value = unquote(ascii::trim_ows(parameter.substr(equals + 1)));
        if (ascii::equals_ignoring_case(key, "q")) {
            double q = 0;
            auto [end, error] = numbers::from_chars(value.data(), value.data() + value.size(), q);
            element.q = error == std::errc() && end == value.data() + value.size() ? q : 0.0;
        } else if (ascii::equals_ignoring_case(key, "version")) {
            element.version = value;
        }
    }
    return element;
}

template <typename Visit>
void for_each_element(std::string_view header, Visit visit) {
    while (!header.empty()) {
        size_t comma = header.find(',');
        visit(parse_element(header.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        header.remove_prefix(comma + 1);
    }
}

}  // namespace

ExpositionFormat negotiate_format(std::string_view accept) {
    // The acceptable range with the highest q wins; on a tie the one listed first.
    std::optional<ExpositionFormat> best;
    double best_q = 0;
    for_each_element(accept, [&](const Element& range) {
        if (range.q <= best_q) return;
        bool any_version = !range.version;
        if (ascii::equals_ignoring_case(range.name, "application/openmetrics-text") &&
            (any_version || *range.version == "1.0.0" || *range.version == "0.0.1")) {
            best = ExpositionFormat::OpenMetrics;
            best_q = range.q;
        } else if (ascii::equals_ignoring_case(range.name, "text/plain") &&
                   (any_version || *range.version == "0.0.4")) {
            best = ExpositionFormat::Text;
            best_q = range.q;
        }
    });
    return best.value_or(ExpositionFormat::Text);
}

bool accepts_gzip(std::string_view accept_encoding) {
    // A coding named outright overrides the wildcard ("gzip;q=0, *" refuses gzip).
    std::optional<bool> named;
    std::optional<bool> wildcard;
    for_each_element(accept_encoding, [&](const Element& coding) {
        if (ascii::equals_ignoring_case(coding.name, "gzip") ||
            ascii::equals_ignoring_case(coding.name, "x-gzip"))
            named = coding.q > 0;
        else if (coding.name == "*")
            wildcard = coding.q > 0;
    });
    return named.value_or(wildcard.value_or(false));
}

}  // namespace edgetop::exporter
