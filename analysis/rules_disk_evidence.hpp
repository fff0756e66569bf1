// The busiest disk of a sample, as evidence for io_stall.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "edgetop/sample.hpp"

namespace edgetop::analysis {

// The disk with the highest busy %, then the highest throughput; nullptr when no disk has rates
// (no /proc/diskstats, or its first reading).
const DiskSample* busiest_disk(const Sample& sample);

// "nvme0n1 93 % busy, 412.5 MiB/s read, 3.2 MiB/s written"
std::string describe(const DiskSample& disk);

// {"name","busy_pct","read_bytes_per_s","write_bytes_per_s"}, or null without a disk.
nlohmann::json disk_evidence(const DiskSample* disk);

}  // namespace edgetop::analysis
