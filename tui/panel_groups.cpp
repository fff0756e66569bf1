// The Containers panel of the Processes page: each control group holding a process of the table
// (a container, a pod, a service, a user session), busiest first, with its CPU against its quota,
// the share of its CFS periods throttled, its memory against its limit, its I/O and GPU memory.
// Columns that do not fit are left out from the right; the name takes what is left.
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "edgetop/number_text.hpp"
#include "text/text_units.hpp"
#include "tui/levels.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

constexpr int kNameMin = 16, kNameMax = 40;
constexpr int kMaxRows = 8;               // the process table below takes the rest
constexpr double kThrottledWarnPct = 20;  // cpu_quota_throttle's default
constexpr double kMemoryWarnShare = 0.9;  // of its limit

std::string pct(std::optional<double> value) {
    return value ? text::number(*value, 1) + "%" : std::string(text::kAbsent);
}

struct Cell {
    std::string text;
    Style style = Style::normal;
};

struct GroupColumn {
    std::string_view header;
    int width;
    Cell (*cell)(const GroupSample&);
};

// In the order they are dropped last to first where the panel is narrow.
constexpr std::array kColumns = std::to_array<GroupColumn>({
    {"KIND", 10,
     [](const GroupSample& g) {
         return Cell{g.kind, Style::dim};
     }},
    {"PROCS", 5, [](const GroupSample& g) { return Cell{std::to_string(g.processes)}; }},
    {"CPU", 7,
     [](const GroupSample& g) {
         if (!g.cpu_pct) return Cell{pct(g.cpu_pct), Style::dim};
         // Against its quota where it has one: a group at its quota is saturated, not idle.
         double of = g.cpu_limit_pct.value_or(100);
         return Cell{pct(g.cpu_pct), level_style(util_level(100 * *g.cpu_pct / of))};
     }},
    {"QUOTA", 7,
     [](const GroupSample& g) {
         return g.cpu_limit_pct ? Cell{pct(g.cpu_limit_pct)} : Cell{"-", Style::dim};
     }},
    {"THROTL", 7,
     [](const GroupSample& g) {
         if (!g.throttled_pct) return Cell{g.cpu_limit_pct ? text::kAbsent : "-", Style::dim};
         return Cell{pct(g.throttled_pct),
                     *g.throttled_pct >= kThrottledWarnPct ? Style::warn : Style::normal};
     }},
    {"MEMORY", 10,
     [](const GroupSample& g) {
         bool near = g.memory_kb && g.memory_limit_kb &&
                     static_cast<double>(*g.memory_kb) >=
                         kMemoryWarnShare * static_cast<double>(*g.memory_limit_kb);
         return Cell{text::format_kb(g.memory_kb),
                     !g.memory_kb ? Style::dim : (near ? Style::warn : Style::normal)};
     }},
    {"LIMIT", 10,
     [](const GroupSample& g) {
         return g.memory_limit_kb ? Cell{text::format_kb(g.memory_limit_kb)}
                                  : Cell{"-", Style::dim};
     }},
    {"OOM", 5,
     [](const GroupSample& g) {
         return Cell{text::integer(g.oom_kills), g.oom_kills.value_or(0) > 0 ? Style::crit
                                                 : g.oom_kills               ? Style::normal
                                                                             : Style::dim};
     }},
    {"READ/s", 11,
     [](const GroupSample& g) {
         return Cell{text::format_bytes_per_s(g.io_read_bytes_per_s),
                     g.io_read_bytes_per_s ? Style::normal : Style::dim};
     }},
    {"WRITE/s", 11,
     [](const GroupSample& g) {
         return Cell{text::format_bytes_per_s(g.io_write_bytes_per_s),
                     g.io_write_bytes_per_s ? Style::normal : Style::dim};
     }},
    {"GPU MEM", 10,
     [](const GroupSample& g) {
         return Cell{text::format_kb(g.gpu_mem_kb), g.gpu_mem_kb ? Style::good : Style::dim};
     }},
});

// How many columns fit beside the names: the longest of them, from kNameMin to kNameMax columns
// (a longer one is cut).
size_t columns_that_fit(int width, int longest_name) {
    size_t n = 0;
    int used = std::clamp(longest_name + 1, kNameMin, kNameMax);
    for (const auto& column : kColumns) {
        if (used + 1 + column.width > width) break;
        used += 1 + column.width;
        ++n;
    }
    return n;
}

}  // namespace

int groups_panel_rows(int groups) {
    return 2 + (groups <= kMaxRows ? groups : kMaxRows + 1);
}

void draw_groups(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    c.title(
        0, "Containers and services",
        s.groups.empty() ? std::string() : plural(static_cast<int64_t>(s.groups.size()), "group"));
    if (s.groups.empty()) {
        c.text(1, 0, "n/a: no control groups (they come with the process table)", Style::dim);
        return;
    }
    std::vector<const GroupSample*> rows;
    for (const auto& g : s.groups)
        rows.push_back(&g);
    std::stable_sort(rows.begin(), rows.end(), [](const GroupSample* a, const GroupSample* b) {
        return a->cpu_pct.value_or(-1) > b->cpu_pct.value_or(-1);
    });
    int longest = 0;
    for (const auto& g : s.groups)
        longest = std::max(longest, shown_columns(g.name));
    const size_t shown = columns_that_fit(c.width(), longest);
    int fixed = 0;
    for (size_t i = 0; i < shown; ++i)
        fixed += 1 + kColumns[i].width;
    // The values stay beside the names on a wide screen, not at its far edge.
    const int name_w = std::min(c.width() - fixed, std::clamp(longest + 2, kNameMin, kNameMax));
    c.text(1, 0, "NAME", Style::label);
    int x = name_w;
    for (size_t i = 0; i < shown; ++i) {
        x += 1 + kColumns[i].width;
        c.text(1, x - static_cast<int>(kColumns[i].header.size()), kColumns[i].header,
               Style::label);
    }
    const int count = static_cast<int>(rows.size());
    const int shown_rows = items_shown(count, c.height() - 2);
    for (int r = 0; r < shown_rows; ++r) {
        const GroupSample& g = *rows[static_cast<size_t>(r)];
        const int y = 2 + r;
        c.sub(y, 0, 1, name_w - 1).text(0, 0, g.name, Style::label);
        x = name_w;
        for (size_t i = 0; i < shown; ++i) {
            x += 1 + kColumns[i].width;
            Cell cell = kColumns[i].cell(g);
            const int w = kColumns[i].width;
            if (static_cast<int>(cell.text.size()) > w) cell.text.resize(static_cast<size_t>(w));
            c.text(y, x - static_cast<int>(cell.text.size()), cell.text, cell.style);
        }
    }
    if (shown_rows < count)
        c.text(2 + shown_rows, 0, more_items(count - shown_rows, "groups"), Style::dim);
}

}  // namespace edgetop::tui
