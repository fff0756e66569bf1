// Disk and network counters, named as node_exporter's diskstats and netdev collectors name them
// (node_disk_read_bytes_total...), so that their dashboards and rate() queries carry over.
#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"

namespace edgetop::exporter {
namespace {

// divisor rather than a factor: 65266 ms / 1000 is 65.266 exactly, 65266 x 0.001 is not.
void add_counter(MetricFamily& family, const std::optional<uint64_t>& value,
                 const std::string& device, double divisor = 1) {
    if (value) add_value(family, static_cast<double>(*value) / divisor, {{"device", device}});
}

}  // namespace

void append_io_families(const FamilyInput& in, Families& out) {
    auto read = make_family("edgetop_disk_read_bytes_total",
                            "Bytes read from a disk since boot (/proc/diskstats sectors x 512).",
                            MetricType::Counter);
    auto written =
        make_family("edgetop_disk_written_bytes_total",
                    "Bytes written to a disk since boot (/proc/diskstats).", MetricType::Counter);
    auto io_time = make_family("edgetop_disk_io_time_seconds_total",
                               "Time a disk had I/O in flight since boot (/proc/diskstats "
                               "io_ticks).",
                               MetricType::Counter);
    for (const auto& disk : in.sample.disks) {
        add_counter(read, disk.read_bytes_total, disk.name);
        add_counter(written, disk.written_bytes_total, disk.name);
        add_counter(io_time, disk.io_time_ms_total, disk.name, 1000);
    }
    auto received = make_family("edgetop_network_receive_bytes_total",
                                "Bytes received by an interface since it came up (/proc/net/dev).",
                                MetricType::Counter);
    auto transmitted = make_family(
        "edgetop_network_transmit_bytes_total",
        "Bytes transmitted by an interface since it came up (/proc/net/dev).", MetricType::Counter);
    for (const auto& net : in.sample.net) {
        add_counter(received, net.rx_bytes_total, net.name);
        add_counter(transmitted, net.tx_bytes_total, net.name);
    }
    out.push_back(std::move(read));
    out.push_back(std::move(written));
    out.push_back(std::move(io_time));
    out.push_back(std::move(received));
    out.push_back(std::move(transmitted));
}

}  // namespace edgetop::exporter
