#include "fleet/fleet_page.hpp"

#include <algorithm>
#include <functional>
#include <map>

#include <fmt/format.h>

#include "fleet/fleet_output.hpp"
#include "sensors/core/text_scan.hpp"
#include "text/text_escape.hpp"
#include "text/text_table.hpp"
#include "text/text_units.hpp"
#include "tui/flag_severity.hpp"
#include "tui/levels.hpp"

namespace edgetop::fleet {

namespace {

using tui::Level;
using tui::Style;

struct Cell {
    std::string text;
    Style style = Style::normal;
};

Cell page_util_cell(std::optional<double> pct) {
    if (!pct) return {text::kAbsent, Style::dim};
    return {text::format_percent(pct), tui::level_style(tui::util_level(*pct))};
}

// The hottest zone's level as the view's zones have it (against the zone's own trip points).
Level hottest_level(const FleetRow& row) {
    return row.hottest_c ? tui::temp_level(*row.hottest_c, row.hottest_trips) : Level::good;
}

Cell page_flags_cell(const FleetRow& row) {
    if (row.flags == 0) return {"-", Style::dim};
    return {flags_text(row),
            tui::severity_style(row.worst_severity.value_or(analysis::Severity::warning))};
}

Cell page_text_cell(const std::optional<std::string>& value) {
    if (!value) return {text::kAbsent, Style::dim};
    return {text::terminal_safe(*value)};
}

// The table's columns, left to right: each with the narrowest screen that shows it (the others
// make room, from the right of this list first), its width (0: shares what is left) and what it
// sorts by.
struct Column {
    std::string_view title;
    int width;
    int min_screen;
    bool right;
    SortKey key;
    std::function<Cell(const FleetRow&, bool ascii)> cell;
};

const std::vector<Column>& columns() {
    static const std::vector<Column> kColumns{
        {"CPU", 5, 0, true, SortKey::cpu,
         [](const FleetRow& r, bool) { return page_util_cell(r.cpu_pct); }},
        {"GPU", 5, 0, true, SortKey::gpu,
         [](const FleetRow& r, bool) { return page_util_cell(r.gpu_pct); }},
        {"EMC", 5, 0, true, SortKey::emc,
         [](const FleetRow& r, bool) { return page_util_cell(r.emc_pct); }},
        {"POWER", 8, 0, true, SortKey::power,
         [](const FleetRow& r, bool) {
             return Cell{text::format_power_mw(r.power_mw),
                         r.power_mw ? Style::normal : Style::dim};
         }},
        {"HOTTEST", 8, 0, true, SortKey::hottest,
         [](const FleetRow& r, bool ascii) {
             return Cell{text::format_temp_c(r.hottest_c, ascii),
                         r.hottest_c ? tui::level_style(hottest_level(r)) : Style::dim};
         }},
        {"ZONE", 6, 100, false, SortKey::hottest,
         [](const FleetRow& r, bool) { return page_text_cell(r.hottest_zone); }},
        {"HEADROOM", 8, 100, true, SortKey::headroom,
         [](const FleetRow& r, bool ascii) {
             return Cell{text::format_temp_c(r.headroom_c(), ascii),
                         r.headroom_c() ? tui::level_style(hottest_level(r)) : Style::dim};
         }},
        {"MEM", 5, 0, true, SortKey::mem,
         [](const FleetRow& r, bool) { return page_util_cell(r.mem_pct); }},
        {"DISK", 10, 150, true, SortKey::given,
         [](const FleetRow& r, bool) {
             return Cell{text::format_bytes_per_s(r.disk_bytes_per_s)};
         }},
        {"NET", 10, 150, true, SortKey::given,
         [](const FleetRow& r, bool) { return Cell{text::format_bytes_per_s(r.net_bytes_per_s)}; }},
        {"MODE", 14, 120, false, SortKey::given,
         [](const FleetRow& r, bool) { return page_text_cell(r.power_mode); }},
        {"FLAGS", 0, 0, false, SortKey::flags,
         [](const FleetRow& r, bool) { return page_flags_cell(r); }},
        {"MODEL", 24, 175, false, SortKey::given,
         [](const FleetRow& r, bool) { return page_text_cell(r.model); }},
        {"VERSION", 8, 130, false, SortKey::given,
         [](const FleetRow& r, bool) { return page_text_cell(r.version); }},
    };
    return kColumns;
}

constexpr int kStateWidth = 6;

std::optional<double> sort_value(const FleetRow& row, SortKey key) {
    switch (key) {
        case SortKey::cpu:
            return row.cpu_pct;
        case SortKey::gpu:
            return row.gpu_pct;
        case SortKey::emc:
            return row.emc_pct;
        case SortKey::power:
            return row.power_mw;
        case SortKey::hottest:
            return row.hottest_c;
        case SortKey::headroom:
            return row.headroom_c().has_value() ? -*row.headroom_c() : std::optional<double>();
        case SortKey::mem:
            return row.mem_pct;
        case SortKey::flags:
            return row.flags * 10.0 +
                   static_cast<int>(row.worst_severity.value_or(analysis::Severity::info));
        case SortKey::state:  // down first, then stale
            return static_cast<double>(row.state);
        default:
            return std::nullopt;
    }
}

bool matches(const FleetRow& row, const std::string& filter) {
    if (filter.empty()) return true;
    auto has = [&](std::string_view text) { return ascii::contains_ignoring_case(text, filter); };
    if (has(row.host->name) || has(to_string(row.state))) return true;
    for (const auto& [key, value] : row.host->labels)
        if (has(key + "=" + value)) return true;
    for (const auto* flag : {&row.worst_flag, &row.newest_flag, &row.model})
        if (*flag && has(**flag)) return true;
    return false;
}

std::string label_of(const FleetRow& row, const std::string& key) {
    for (const auto& [k, v] : row.host->labels)
        if (k == key) return v;
    return "";
}

// "lab: 3 boards, 2 up, 1 down, 45.2 W, 2 flags"
std::string group_text(const ShownLine& line, const std::string& key) {
    int up = 0, down = 0, flags = 0;
    std::optional<double> power_mw;
    for (const auto* row : line.rows) {
        if (row->state == HostState::down)
            ++down;
        else
            ++up;
        flags += row->flags;
        if (row->power_mw && row->state != HostState::down)
            power_mw = power_mw.value_or(0) + *row->power_mw;
    }
    return fmt::format("{}={}: {} board{}, {} up, {} down, {}, {} flag{}", key,
                       line.group.empty() ? "(none)" : text::terminal_safe(line.group),
                       line.rows.size(), line.rows.size() == 1 ? "" : "s", up, down,
                       text::format_power_mw(power_mw), flags, flags == 1 ? "" : "s");
}

// Line 0: the boards by state and their power; line 1: the boards by their worst flag.
void draw_totals(const tui::Canvas& c, const FleetSnapshot& snapshot, double interval_s) {
    c.fill(0, Style::header);
    int x = c.text(0, 0, " edgetop fleet  ", Style::header);
    if (snapshot.round == 0) {
        c.text(0, x, fmt::format("reading {} boards...", snapshot.boards), Style::header);
        return;
    }
    FleetTotals totals = count_totals(snapshot.rows);
    const int* counts = totals.states;
    x = c.text(0, x, fmt::format("{} boards  ", snapshot.rows.size()), Style::header);
    x = c.text(0, x, fmt::format("{} up", counts[0]), counts[0] ? Style::good : Style::header);
    x = c.text(0, x, "  ", Style::header);
    x = c.text(0, x, fmt::format("{} stale", counts[1]), counts[1] ? Style::warn : Style::header);
    x = c.text(0, x, "  ", Style::header);
    x = c.text(0, x, fmt::format("{} down", counts[2]), counts[2] ? Style::crit : Style::header);
    c.text(0, x, fmt::format("  {} in all", text::format_power_mw(totals.power_mw)), Style::header);
    c.text_right(0, fmt::format(" every {} ", text::format_session_time(interval_s)),
                 Style::header);
    if (totals.worst_flags.empty()) {
        c.text(1, 1, "no flag raised on any board", Style::dim);
        return;
    }
    x = c.text(1, 1, "worst flag per board: ", Style::label);
    for (const auto& [flag, count] : totals.worst_flags) {
        x = c.text(1, x, fmt::format("{} ", text::terminal_safe(flag)),
                   tui::severity_style(tui::flag_severity(flag)));
        x = c.text(1, x, fmt::format("on {}  ", count), Style::dim);
    }
}

}  // namespace

std::string_view sort_title(SortKey key) {
    static constexpr std::string_view kTitles[kSortKeys]{
        "given order", "name",    "state",    "CPU",    "GPU",  "EMC",
        "power",       "hottest", "headroom", "memory", "flags"};
    return kTitles[static_cast<int>(key)];
}

std::vector<std::string> label_keys(const std::vector<FleetRow>& rows) {
    std::vector<std::string> keys;
    for (const auto& row : rows)
        for (const auto& [key, value] : row.host->labels)
            if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
    return keys;
}

std::vector<ShownLine> shown_lines(const std::vector<FleetRow>& rows, const FleetPageState& state) {
    std::vector<const FleetRow*> kept;
    for (const auto& row : rows)
        if (matches(row, state.filter)) kept.push_back(&row);
    auto before = [&](const FleetRow* a, const FleetRow* b) {
        if (state.sort == SortKey::name) return a->host->name < b->host->name;
        auto va = sort_value(*a, state.sort), vb = sort_value(*b, state.sort);
        // Most first; an absent value last.
        if (va.has_value() != vb.has_value()) return va.has_value();
        return va && *va > *vb;
    };
    std::stable_sort(kept.begin(), kept.end(), before);
    if (state.reversed) std::reverse(kept.begin(), kept.end());

    std::vector<ShownLine> lines;
    if (state.group_by.empty()) {
        for (const auto* row : kept)
            lines.push_back({row, "", {}});
        return lines;
    }
    std::map<std::string, std::vector<const FleetRow*>> groups;
    for (const auto* row : kept)
        groups[label_of(*row, state.group_by)].push_back(row);
    for (auto& [value, members] : groups) {
        lines.push_back({nullptr, value, members});
        for (const auto* row : members)
            lines.push_back({row, value, {}});
    }
    return lines;
}

void draw_fleet_page(const tui::Canvas& c, const FleetSnapshot& snapshot,
                     const std::vector<ShownLine>& lines, const FleetPageState& state,
                     double interval_s) {
    const bool ascii = c.ascii();
    int width = c.width();
    draw_totals(c, snapshot, interval_s);

    // Which columns fit: each one's screen width, then the name gets up to 24 columns and FLAGS
    // the rest.
    std::vector<const Column*> shown;
    int used = kStateWidth + 1;
    for (const auto& column : columns())
        if (width >= column.min_screen) {
            shown.push_back(&column);
            used += column.width + 1;
        }
    int longest = 4;
    for (const auto& row : snapshot.rows)
        longest = std::max(longest, static_cast<int>(row.host->name.size()));
    int name_width = std::clamp(std::min(longest, width - used - 12), 8, 24);
    // FLAGS takes what is left, up to 40 columns; a wide screen gives the rest to MODEL.
    int rest = std::max(4, width - used - name_width - 1);
    int flags_width = std::min(rest, 40);
    bool has_model = std::any_of(shown.begin(), shown.end(),
                                 [](const Column* column) { return column->title == "MODEL"; });
    if (!has_model) flags_width = rest;
    int model_extra = has_model ? rest - flags_width : 0;

    auto widths = [&](const Column* column) {
        if (!column->width) return flags_width;
        return column->width + (column->title == "MODEL" ? model_extra : 0);
    };
    int header_y = 2;
    c.fill(header_y, Style::label);
    int x = c.text(header_y, 0, fmt::format("{:<{}} ", "NAME", name_width),
                   state.sort == SortKey::name ? Style::selected : Style::label);
    x = c.text(header_y, x, fmt::format("{:<{}} ", "STATE", kStateWidth),
               state.sort == SortKey::state ? Style::selected : Style::label);
    for (const auto* column : shown) {
        int w = widths(column);
        std::string title = column->right ? fmt::format("{:>{}}", column->title, w)
                                          : fmt::format("{:<{}}", column->title, w);
        bool sorted = column->key == state.sort && column->key != SortKey::given;
        c.text(header_y, x, title, sorted ? Style::selected : Style::label);
        x += w + 1;
    }

    int first = header_y + 1;
    int rows_room = std::max(0, c.height() - first - 2);
    int selected_line = -1;
    for (int i = 0, board = 0; i < static_cast<int>(lines.size()); ++i)
        if (lines[i].row && board++ == state.selected) selected_line = i;
    int scroll =
        std::clamp(state.scroll, 0, std::max(0, static_cast<int>(lines.size()) - rows_room));
    if (selected_line >= 0) {
        if (selected_line < scroll) scroll = selected_line;
        if (selected_line >= scroll + rows_room) scroll = selected_line - rows_room + 1;
    }
    for (int r = 0; r < rows_room && scroll + r < static_cast<int>(lines.size()); ++r) {
        const ShownLine& line = lines[scroll + r];
        int y = first + r;
        if (!line.row) {
            c.text(y, 0, group_text(line, state.group_by), Style::title);
            continue;
        }
        const FleetRow& row = *line.row;
        bool is_selected = scroll + r == selected_line;
        if (is_selected) c.fill(y, Style::selected);
        auto style = [&](Style s) { return is_selected ? Style::selected : s; };
        std::string name = text::terminal_safe(row.host->name);
        if (static_cast<int>(name.size()) > name_width)
            name = name.substr(0, name_width - 1) + (ascii ? "~" : "…");
        int cx = c.text(y, 0, fmt::format("{:<{}} ", name, name_width), style(Style::normal));
        Style state_style = row.state == HostState::up      ? Style::good
                            : row.state == HostState::stale ? Style::warn
                                                            : Style::crit;
        cx = c.text(y, cx, fmt::format("{:<{}} ", to_string(row.state), kStateWidth),
                    style(state_style));
        if (row.state == HostState::down) {
            c.text(y, cx, text::terminal_safe(row.reason), style(Style::crit));
            continue;
        }
        for (const auto* column : shown) {
            int w = widths(column);
            Cell cell = column->cell(row, ascii);
            if (static_cast<int>(display_width(cell.text)) > w) cell.text = cell.text.substr(0, w);
            int pad = w - static_cast<int>(display_width(cell.text));
            c.text(y, cx + (column->right ? pad : 0), cell.text, style(cell.style));
            cx += w + 1;
        }
    }

    int status_y = c.height() - 2;
    std::string status =
        state.editing_filter ? "filter: " + state.filter + "_"
        : !state.message.empty()
            ? state.message
            : fmt::format("{} of {} boards shown{}{}; last round {} ms",
                          std::count_if(lines.begin(), lines.end(),
                                        [](const ShownLine& l) { return l.row != nullptr; }),
                          snapshot.rows.size(),
                          state.filter.empty() ? "" : " (filter: " + state.filter + ")",
                          state.group_by.empty() ? "" : ", grouped by " + state.group_by,
                          snapshot.last_round.count());
    c.text(status_y, 1, status, state.editing_filter ? Style::status : Style::dim);
    c.fill(c.height() - 1, Style::header);
    c.text(c.height() - 1, 0,
           fmt::format(" {} select  </> sort: {}{}  i invert  / filter  g group  q quit",
                       ascii ? "Up/Dn" : "↑↓", sort_title(state.sort),
                       state.reversed ? " (reversed)" : ""),
           Style::header);
}

}  // namespace edgetop::fleet
