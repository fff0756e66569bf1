// Pressure stall information: /proc/pressure/{cpu,memory,io} (kernel 4.20+ with CONFIG_PSI).
//
// Each file holds one or two lines of a fixed kernel format
// (Documentation/accounting/psi.rst):
//   some avg10=0.22 avg60=0.10 avg300=0.02 total=1234567
//   full avg10=0.00 avg60=0.00 avg300=0.00 total=0
// libproc2 does not read them; parse_psi_avg10 (sensors/core/psi_text.hpp, shared with the
// control groups' pressure files) picks out the one value edgetop keeps.
#pragma once

#include "sensors/core/psi_text.hpp"
