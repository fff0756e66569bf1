// Page 6, Processes: a sortable, filterable, scrollable table or tree; `k` signals the selected
// row.
#include <fmt/format.h>

#include <algorithm>

#include "edgetop/number_text.hpp"
#include "tui/levels.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

std::string fit(std::string_view text, int width, bool right, bool ascii) {
    // Cut by columns, not bytes, so a multi-byte character is never split.
    std::string clean = sanitize(text, ascii);
    std::string out;
    int columns = 0;
    for (size_t i = 0; i < clean.size(); ++i) {
        bool starts = (static_cast<unsigned char>(clean[i]) & 0xC0) != 0x80;
        if (starts && columns == width) break;
        if (starts) ++columns;
        out += clean[i];
    }
    std::string pad(static_cast<size_t>(std::max(0, width - columns)), ' ');
    return right ? pad + out : out + pad;
}

}  // namespace

namespace {

Style cell_style(const ProcessSample& p, ProcColumn column, const std::string& text,
                 std::optional<int64_t> ram_kb) {
    if (text == kAbsentCell) return Style::dim;
    auto shown = [](Level level) {
        return level == Level::good ? Style::normal : level_style(level);
    };
    switch (column) {
        case ProcColumn::cpu:
            return shown(util_level(*p.cpu_pct));
        case ProcColumn::rss:
            return shown(process_rss_level(p.rss_kb, ram_kb));
        case ProcColumn::gpu:
            return *p.gpu ? Style::good : Style::dim;
        case ProcColumn::name:
            return p.command.starts_with('[') ? Style::dim : Style::normal;  // a kernel thread
        default:
            return Style::normal;
    }
}

}  // namespace

void draw_process_rows(const Canvas& c, const FrameContext& ctx,
                       const std::vector<const ProcessSample*>& rows, bool selectable,
                       const std::vector<TreeLine>* tree) {
    if (c.height() <= 0) return;
    const Sample& sample = ctx.view.sample();
    auto columns = visible_columns(c.width(), process_columns_on(sample, ctx.ui.show_ctxt));
    const ProcessQuery& query = ctx.ui.query;
    int x = 0;
    for (ProcColumn column : columns) {
        const auto& info = column_info(column);
        std::string title(info.title);
        if (column == query.sort)
            title += c.ascii() ? (query.descending ? "v" : "^")
                               : (query.descending ? "\u25bc" : "\u25b2");
        int w = info.width > 0 ? info.width : std::max(0, c.width() - x);
        c.text(0, x, fit(title, w, info.right_aligned && info.width > 0, c.ascii()),
               column == query.sort ? Style::selected : Style::label);
        x += w + 1;
    }
    int visible = c.height() - 1;
    if (rows.empty()) {
        c.text(1, 0, query.filter.empty() ? "no processes" : "no process matches the filter",
               Style::dim);
        return;
    }
    int count = static_cast<int>(rows.size());
    // A list longer than the panel ends with "+N more processes" (those below the last row).
    if (count > visible) visible = std::max(0, visible - 1);
    int selected = -1;
    if (selectable) {
        for (size_t i = 0; i < rows.size(); ++i)
            if (rows[i]->pid == ctx.ui.selected_pid) selected = static_cast<int>(i);
        if (selected < 0) selected = std::clamp(ctx.ui.selected_row, 0, count - 1);
    }
    int first = std::max(0, selected - visible + 1);
    int r = 0;
    for (; r < visible && first + r < count; ++r) {
        size_t index = static_cast<size_t>(first + r);
        const ProcessSample& p = *rows[index];
        bool is_selected = first + r == selected;
        if (is_selected) c.fill(1 + r, Style::selected);
        x = 0;
        for (ProcColumn column : columns) {
            const auto& info = column_info(column);
            int w = info.width > 0 ? info.width : std::max(0, c.width() - x);
            std::string text = cell_text(p, column);
            Style style =
                is_selected ? Style::selected : cell_style(p, column, text, sample.mem.total_kb);
            if (column == ProcColumn::name) {
                std::string prefix;
                if (tree && index < tree->size())
                    prefix = tree_prefix((*tree)[index], c.ascii(), w / 2);
                int prefix_w = static_cast<int>(prefix.size() > 0 ? text_columns(prefix) : 0);
                if (prefix_w > 0)
                    c.text(1 + r, x, prefix, is_selected ? Style::selected : Style::dim);
                c.text(
                    1 + r, x + prefix_w,
                    fit(command_text(p, w - prefix_w, c.ascii()), w - prefix_w, false, c.ascii()),
                    style);
            } else {
                c.text(1 + r, x, fit(text, w, info.right_aligned && info.width > 0, c.ascii()),
                       style);
            }
            x += w + 1;
        }
    }
    int below = count - first - r;
    if (below > 0) c.text(1 + r, 0, more_items(below, "processes"), Style::dim);
}

void draw_process_table(const Canvas& c, const FrameContext& ctx) {
    const auto& procs = ctx.view.sample().procs;
    if (!procs) {
        c.text(0, 0, "n/a: the process table is read only on the live root (--root /)", Style::dim);
        return;
    }
    ProcessTree tree;
    if (ctx.ui.process_tree)
        tree = select_process_tree(process_source(*procs), ctx.ui.query);
    else
        tree.rows = select_processes(process_source(*procs), ctx.ui.query);
    const auto& rows = tree.rows;
    size_t total = process_source(*procs).size();
    // The filter stays in sight while it is active, with how many rows it keeps.
    std::string right =
        ctx.ui.query.filter.empty()
            ? plural(static_cast<int64_t>(total), "process", "processes")
            : fmt::format("filter: {}  {} of {}", ctx.ui.query.filter, rows.size(), total);
    c.title(0, ctx.ui.process_tree ? "Processes (tree)" : "Processes", right);
    draw_process_rows(c.sub(1, 0, c.height() - 1, c.width()), ctx, rows, true,
                      ctx.ui.process_tree ? &tree.lines : nullptr);
}

}  // namespace edgetop::tui
