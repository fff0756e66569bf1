// A pressure stall file's text, the same kernel format system-wide (/proc/pressure/*) and per
// control group (cpu.pressure, memory.pressure, io.pressure; Documentation/accounting/psi.rst):
//   some avg10=0.22 avg60=0.10 avg300=0.02 total=1234567
//   full avg10=0.00 avg60=0.00 avg300=0.00 total=0
#pragma once

#include <optional>
#include <string_view>

namespace edgetop {

// The avg10 of the line starting with `kind` ("some" or "full"), in percent; absent when the line
// is missing or the value is not a number within 0-100.
std::optional<double> parse_psi_avg10(std::string_view text, std::string_view kind);

}  // namespace edgetop
