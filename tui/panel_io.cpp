// The disks and network panel, shared by the Overview and Memory pages: drawn along the bottom of
// a page's panel, one cell per disk (read, write, busy) and per interface (receive, transmit).
#include <fmt/format.h>

#include <algorithm>

#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

constexpr int kCellWidth = 44;
constexpr int kHostMinRows = 4;  // what the panel above keeps at least

double traffic(const NetSample& n) {
    return n.rx_bytes_per_s.value_or(0) + n.tx_bytes_per_s.value_or(0);
}

Style rate_style(const std::optional<double>& value) {
    return value ? Style::normal : Style::dim;
}

void disk_cell(const Canvas& cell, const DiskSample& d) {
    cell.text(0, 0, d.name, Style::label);
    cell.text_right(
        0,
        fmt::format("r {:>10} w {:>10} {:>4}", text::format_bytes_per_s(d.read_bytes_per_s),
                    text::format_bytes_per_s(d.write_bytes_per_s),
                    text::format_percent(d.busy_pct)),
        rate_style(d.busy_pct));
}

void net_cell(const Canvas& cell, const NetSample& n) {
    cell.text(0, 0, n.name, Style::label);
    cell.text_right(0,
                    fmt::format("rx {:>10} tx {:>10}", text::format_bytes_per_s(n.rx_bytes_per_s),
                                text::format_bytes_per_s(n.tx_bytes_per_s)),
                    rate_style(n.rx_bytes_per_s));
}

}  // namespace

Canvas draw_io_panel(const Canvas& c, const Sample& s) {
    const int per_row = std::max(1, c.width() / kCellWidth);
    const int items = static_cast<int>(s.disks.size() + s.net.size());
    const int wanted = 1 + std::max(1, (items + per_row - 1) / per_row);
    const int rows = std::min(wanted, c.height() - kHostMinRows);
    if (rows < 2) return c;
    const Canvas panel = c.sub(c.height() - rows, 0, rows, c.width());
    panel.title(0, "Disks / network",
                fmt::format("{} disks, {} interfaces", s.disks.size(), s.net.size()));
    if (items == 0) panel.text(1, 0, "n/a: no /proc/diskstats or /proc/net/dev", Style::dim);
    // The busiest interfaces first: where rows run out, the idle ones (can0, usb0...) drop.
    std::vector<const NetSample*> interfaces;
    for (const auto& n : s.net)
        interfaces.push_back(&n);
    std::stable_sort(interfaces.begin(), interfaces.end(),
                     [](const auto* a, const auto* b) { return traffic(*a) > traffic(*b); });
    const int capacity = (rows - 1) * per_row;
    int index = 0;
    auto next_cell = [&]() {
        int row = 1 + index / per_row, column = index % per_row;
        ++index;
        return panel.sub(row, column * kCellWidth, 1, kCellWidth - 2);
    };
    for (const auto& d : s.disks)
        if (index < capacity) disk_cell(next_cell(), d);
    for (const auto* n : interfaces)
        if (index < capacity) net_cell(next_cell(), *n);
    return c.sub(0, 0, c.height() - rows, c.width());
}

}  // namespace edgetop::tui
