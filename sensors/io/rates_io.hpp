// Disk and network rates from two consecutive samples' counters.
#pragma once

#include "edgetop/sample.hpp"

namespace edgetop {

// Per disk: read and write bytes/s and busy %; per interface: receive and transmit bytes/s. A
// disk or interface the previous sample lacks, or a counter that went backwards (a 32-bit kernel
// counter that wrapped, a device replaced under the same name), gives no rate this interval.
void derive_io_rates(const Sample& prev, Sample& cur);

}  // namespace edgetop
