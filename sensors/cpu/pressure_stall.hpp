// Pressure stall information: /proc/pressure/{cpu,memory,io} (kernel 4.20+ with CONFIG_PSI).
//
// Each file holds one or two lines of a fixed kernel format
// (Documentation/accounting/psi.rst):
//   some avg10=0.22 avg60=0.10 avg300=0.02 total=1234567
//   full avg10=0.00 avg60=0.00 avg300=0.00 total=0
// libproc2 does not read them, so the one value edgetop keeps is picked out here.
#pragma once

#include <optional>
#include <string_view>

namespace edgetop {

// The avg10 of the line starting with `kind` ("some" or "full"), in percent; absent when the line
// is missing or the value is not a number within 0-100.
std::optional<double> parse_psi_avg10(std::string_view text, std::string_view kind);

}  // namespace edgetop
