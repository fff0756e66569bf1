// Parser of /proc/net/dev: the byte counters of each network interface but the loopback.
//
// /proc/net/dev is a fixed kernel format (net/core/net-procfs.c): two header lines, then per
// interface "name:" and 16 counters, receive then transmit (bytes first in each). Older kernels
// print no space between the colon and the first counter ("eth0:1234"). libproc2 has no reader
// for it, so it is split here.
#pragma once

#include <string_view>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop {

// Fills out with one NetSample per interface but `lo` (name and raw counters; clearing what it
// held). A line with too few or garbage counters is skipped, as are the header lines.
void parse_net_dev(std::string_view text, std::vector<NetSample>& out);

}  // namespace edgetop
