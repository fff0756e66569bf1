#include "sensors/io/rates_io.hpp"

#include <algorithm>

namespace edgetop {
namespace {

std::optional<double> per_second(const std::optional<uint64_t>& before,
                                 const std::optional<uint64_t>& now, double dt) {
    if (!before || !now || *now < *before) return std::nullopt;
    return static_cast<double>(*now - *before) / dt;
}

template <class T>
const T* find_named(const std::vector<T>& list, const std::string& name) {
    for (const auto& item : list)
        if (item.name == name) return &item;
    return nullptr;
}

}  // namespace

void derive_io_rates(const Sample& prev, Sample& cur) {
    const double dt = cur.t_s - prev.t_s;
    if (dt <= 0) return;
    for (auto& disk : cur.disks) {
        const DiskSample* before = find_named(prev.disks, disk.name);
        if (!before) continue;
        disk.read_bytes_per_s = per_second(before->read_bytes_total, disk.read_bytes_total, dt);
        disk.write_bytes_per_s =
            per_second(before->written_bytes_total, disk.written_bytes_total, dt);
        // io_ticks in ms per second of interval, as a percentage; the kernel's accounting and
        // the sampling clock differ a little, so a saturated disk may read just over 100.
        if (auto ms_per_s = per_second(before->io_time_ms_total, disk.io_time_ms_total, dt))
            disk.busy_pct = std::min(*ms_per_s / 10, 100.0);
    }
    for (auto& net : cur.net) {
        const NetSample* before = find_named(prev.net, net.name);
        if (!before) continue;
        net.rx_bytes_per_s = per_second(before->rx_bytes_total, net.rx_bytes_total, dt);
        net.tx_bytes_per_s = per_second(before->tx_bytes_total, net.tx_bytes_total, dt);
    }
}

}  // namespace edgetop
