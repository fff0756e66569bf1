#include "text/text_fields.hpp"

#include "edgetop/number_text.hpp"
#include "text/text_escape.hpp"
#include "text/text_units.hpp"

namespace edgetop::text {

using schema::Unit;

std::string unit_value(Unit unit, std::optional<double> value) {
    switch (unit) {
        case Unit::percent:
            return percent(value);
        case Unit::millivolt:
            return milli(value, "mV");
        case Unit::milliamp:
            return milli(value, "mA");
        case Unit::milliwatt:
            return milli(value, "mW");
        case Unit::celsius:
            return celsius(value);
        case Unit::seconds:
            return duration(value);
        case Unit::per_second:
            return milli(value, "/s");
        case Unit::run_queue:
            return value ? fixed(*value, 2) : kAbsent;
        case Unit::byte_rate:
            return bytes_per_s_as_mib(value);
        default:
            return value ? number(*value, 1) : kAbsent;
    }
}

std::string unit_value(Unit unit, std::optional<int64_t> value) {
    switch (unit) {
        case Unit::khz:
            return khz_as_mhz(value);
        case Unit::hz:
            return hz_as_mhz(value);
        case Unit::kib:
            return kb_as_mib(value);
        case Unit::per_minute:
            return integer(value, "rpm");
        default:
            return integer(value);
    }
}

std::string unit_value(Unit, std::optional<bool> value) {
    return yes_no(value);
}

std::string unit_value(Unit, std::optional<char> value) {
    return value ? terminal_safe(std::string(1, *value)) : kAbsent;
}

std::string unit_value(Unit, const std::optional<std::string>& value) {
    return text_or_absent(value);
}

std::string unit_value(Unit, const std::string& value) {
    return terminal_safe(value);
}

}  // namespace edgetop::text
