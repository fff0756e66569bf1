// The disks and network panel of the Overview and Memory pages: one cell per disk (read, write,
// busy) and per interface (receive, transmit).
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

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

void draw_io(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    c.title(0, "Disks / network",
            fmt::format("{} disks, {} interfaces", s.disks.size(), s.net.size()));
    // The busiest interfaces first: where rows run out, the idle ones (can0, usb0...) are the ones
    // counted in "+N more".
    std::vector<const NetSample*> interfaces;
    for (const auto& n : s.net)
        interfaces.push_back(&n);
    std::stable_sort(interfaces.begin(), interfaces.end(),
                     [](const auto* a, const auto* b) { return traffic(*a) > traffic(*b); });
    const int disks = static_cast<int>(s.disks.size());
    draw_cells(c, 1, kIoCellWidth, disks + static_cast<int>(interfaces.size()),
               "disks and interfaces", [&](int i, const Canvas& cell) {
                   if (i < disks)
                       disk_cell(cell, s.disks[static_cast<size_t>(i)]);
                   else
                       net_cell(cell, *interfaces[static_cast<size_t>(i - disks)]);
               });
}

}  // namespace edgetop::tui
