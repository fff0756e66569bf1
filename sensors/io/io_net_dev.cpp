#include "sensors/io/io_net_dev.hpp"

#include <array>

#include "sensors/core/sysfs_file.hpp"
#include "sensors/io/io_counter.hpp"

namespace edgetop {
namespace {}  // namespace

void parse_net_dev(std::string_view text, std::vector<NetSample>& out) {
    out.clear();
    // rx: bytes packets errs drop fifo frame compressed multicast; tx: bytes packets errs drop
    // fifo colls carrier compressed.
    constexpr size_t kCounters = 16;
    constexpr size_t kTxBytes = 8;
    while (!text.empty()) {
        std::string_view line = next_line(text);
        size_t colon = line.find(':');
        if (colon == std::string_view::npos) continue;  // not an interface line
        std::string_view name = trim(line.substr(0, colon));
        if (name.empty() || name == "lo" || name.find('|') != std::string_view::npos) continue;
        FieldScanner fields(line.substr(colon + 1));
        std::array<uint64_t, kCounters> values{};
        if (!fields.counters(values)) continue;
        NetSample net;
        net.name = std::string(name);
        net.rx_bytes_total = values[0];
        net.tx_bytes_total = values[kTxBytes];
        out.push_back(std::move(net));
    }
}

}  // namespace edgetop
