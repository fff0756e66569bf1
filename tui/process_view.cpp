#include "tui/process_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <unordered_map>

#include "sensors/core/text_scan.hpp"
#include "text/text_units.hpp"

namespace edgetop::tui {
namespace {

const std::string& shown_command(const ProcessSample& p) {
    return p.command.empty() ? p.name : p.command;
}

// -1, 0, 1 comparing present values; absent values are handled by the caller.
template <class T>
int compare(const T& a, const T& b) {
    return a < b ? -1 : (b < a ? 1 : 0);
}

// Compares one column: returns {a_absent, b_absent, order}.
struct Comparison {
    bool a_absent = false, b_absent = false;
    int order = 0;
};

template <class T>
Comparison compare_optional(const std::optional<T>& a, const std::optional<T>& b) {
    Comparison c{!a.has_value(), !b.has_value(), 0};
    if (a && b) c.order = compare(*a, *b);
    return c;
}

Comparison compare_column(const ProcessSample& a, const ProcessSample& b, ProcColumn column) {
    switch (column) {
        case ProcColumn::pid:
            return {false, false, compare(a.pid, b.pid)};
        case ProcColumn::user:
            return compare_optional(a.user, b.user);
        case ProcColumn::state:
            return compare_optional(a.state, b.state);
        case ProcColumn::cpu:
            return compare_optional(a.cpu_pct, b.cpu_pct);
        case ProcColumn::rss:
            return compare_optional(a.rss_kb, b.rss_kb);
        case ProcColumn::threads:
            return compare_optional(a.threads, b.threads);
        case ProcColumn::vol_ctxt:
            return compare_optional(a.vol_ctxt_per_s, b.vol_ctxt_per_s);
        case ProcColumn::nonvol_ctxt:
            return compare_optional(a.nonvol_ctxt_per_s, b.nonvol_ctxt_per_s);
        case ProcColumn::gpu:
            return compare_optional(a.gpu, b.gpu);
        case ProcColumn::gpu_mem:
            return compare_optional(a.gpu_mem_kb, b.gpu_mem_kb);
        case ProcColumn::name:
            return {false, false, compare(shown_command(a), shown_command(b))};
    }
    return {};
}

// A value in the table's one precision for its column, or kAbsentCell.
std::string fixed(std::optional<double> value, int decimals) {
    if (!value || !std::isfinite(*value) || *value < 0) return std::string(kAbsentCell);
    return fmt::format("{:.{}f}", *value, decimals);
}

std::string mib(std::optional<int64_t> kb) {
    if (!kb) return std::string(kAbsentCell);
    return fixed(static_cast<double>(*kb) / 1024, 1);
}

// Columns counted as code points (sanitize() comes later and keeps one column per code point).
bool starts_code_point(char ch) {
    return (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
}
size_t columns_of(std::string_view text) {
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), starts_code_point));
}
size_t byte_of_column(std::string_view text, size_t column) {
    size_t seen = 0;
    for (size_t i = 0; i < text.size(); ++i)
        if (starts_code_point(text[i]) && seen++ == column) return i;
    return text.size();
}
std::string first_columns(std::string_view text, size_t columns) {
    return std::string(text.substr(0, byte_of_column(text, columns)));
}

// Narrower than this, a command is only cut at its end.
constexpr int kMinElidedColumns = 16;

}  // namespace

const ProcColumnInfo& column_info(ProcColumn column) {
    return kProcColumns[static_cast<size_t>(column)];
}

ProcColumn next_column(ProcColumn column, int step) {
    int index = (static_cast<int>(column) + step) % kProcColumnCount;
    return static_cast<ProcColumn>((index + kProcColumnCount) % kProcColumnCount);
}

const std::vector<ProcessSample>& process_source(const ProcsSample& procs) {
    return procs.all.empty() ? procs.top : procs.all;
}

std::vector<const ProcessSample*> select_processes(const std::vector<ProcessSample>& processes,
                                                   const ProcessQuery& query) {
    std::vector<const ProcessSample*> rows;
    rows.reserve(processes.size());
    for (const auto& p : processes)
        if (ascii::contains_ignoring_case(p.name, query.filter) ||
            ascii::contains_ignoring_case(p.command, query.filter))
            rows.push_back(&p);
    std::stable_sort(rows.begin(), rows.end(), [&](const ProcessSample* a, const ProcessSample* b) {
        Comparison c = compare_column(*a, *b, query.sort);
        if (c.a_absent != c.b_absent) return c.b_absent;  // present before absent
        if (c.order != 0) return query.descending ? c.order > 0 : c.order < 0;
        return a->pid < b->pid;
    });
    return rows;
}

ProcessTree select_process_tree(const std::vector<ProcessSample>& processes,
                                const ProcessQuery& query) {
    ProcessTree tree;
    std::vector<const ProcessSample*> sorted = select_processes(processes, query);
    size_t n = sorted.size();
    constexpr size_t kNone = static_cast<size_t>(-1);
    std::unordered_map<int, size_t> row_of;
    row_of.reserve(n);
    for (size_t i = 0; i < n; ++i)
        row_of.emplace(sorted[i]->pid, i);
    // Children as one array (counted, then placed in sorted order so siblings keep the order).
    std::vector<size_t> parent(n, kNone), first_child(n + 1, 0), children(n);
    for (size_t i = 0; i < n; ++i) {
        if (!sorted[i]->ppid) continue;
        auto it = row_of.find(*sorted[i]->ppid);
        if (it != row_of.end() && it->second != i)
            parent[i] = it->second, ++first_child[it->second];
    }
    size_t total = 0;
    for (size_t i = 0; i <= n; ++i) {
        size_t count = first_child[i];
        first_child[i] = total;
        total += count;
    }
    std::vector<size_t> placed(first_child.begin(), first_child.end() - 1);
    for (size_t i = 0; i < n; ++i)
        if (parent[i] != kNone) children[placed[parent[i]]++] = i;

    tree.rows.reserve(n);
    tree.lines.reserve(n);
    std::vector<bool> visited(n, false);
    struct Pending {
        size_t row;
        TreeLine line;
    };
    std::vector<Pending> stack;
    auto walk = [&](size_t root) {
        stack.push_back({root, {}});
        while (!stack.empty()) {
            Pending top = stack.back();
            stack.pop_back();
            if (visited[top.row]) continue;  // a ppid loop in bad data
            visited[top.row] = true;
            tree.rows.push_back(sorted[top.row]);
            tree.lines.push_back(top.line);
            size_t begin = first_child[top.row], end = first_child[top.row + 1];
            for (size_t c = end; c > begin; --c) {  // pushed last first: popped in order
                TreeLine line{top.line.depth + 1, top.line.last};
                if (c == end && line.depth <= 64) line.last |= uint64_t{1} << (line.depth - 1);
                stack.push_back({children[c - 1], line});
            }
        }
    };
    for (size_t i = 0; i < n; ++i)
        if (parent[i] == kNone) walk(i);
    for (size_t i = 0; i < n; ++i)  // only in a ppid loop: no row of it is a root
        if (!visited[i]) walk(i);
    return tree;
}

std::string tree_prefix(const TreeLine& line, bool ascii, int max_columns) {
    constexpr int kLevel = 3;
    int depth = line.depth;
    int levels = std::min(depth, std::max(0, max_columns) / kLevel);
    std::string out;
    auto is_last = [&](int d) { return d <= 64 && (line.last >> (d - 1) & 1) != 0; };
    for (int d = depth - levels + 1; d <= depth; ++d) {
        bool last = is_last(d);
        if (d < depth)
            out += last ? "   " : (ascii ? "|  " : "\u2502  ");
        else
            out += ascii ? (last ? "`- " : "|- ") : (last ? "\u2514\u2500 " : "\u251c\u2500 ");
    }
    return out;
}

ProcColumnsOn process_columns_on(const Sample& sample, bool show_ctxt) {
    ProcColumnsOn on;
    on.ctxt = show_ctxt;
    on.gpu = !sample.gpu.empty();
    if (on.gpu && sample.procs) {
        const auto& list = process_source(*sample.procs);
        on.gpu_mem = std::any_of(list.begin(), list.end(),
                                 [](const ProcessSample& p) { return p.gpu_mem_kb.has_value(); });
    }
    return on;
}

std::vector<ProcColumn> visible_columns(int width, ProcColumnsOn on) {
    constexpr int kMinName = 8;
    std::vector<bool> shown(kProcColumnCount, false);
    int used = kMinName;
    std::vector<ProcColumnInfo> by_priority(kProcColumns.begin(), kProcColumns.end());
    std::stable_sort(by_priority.begin(), by_priority.end(),
                     [](const auto& a, const auto& b) { return a.priority < b.priority; });
    for (const auto& info : by_priority) {
        if (info.column == ProcColumn::name) {
            shown[static_cast<size_t>(info.column)] = true;
            continue;
        }
        bool off =
            ((info.column == ProcColumn::gpu && !on.gpu) ||
             (info.column == ProcColumn::gpu_mem && !on.gpu_mem) ||
             ((info.column == ProcColumn::vol_ctxt || info.column == ProcColumn::nonvol_ctxt) &&
              !on.ctxt));
        if (off || used + info.width + 1 > width) continue;
        used += info.width + 1;
        shown[static_cast<size_t>(info.column)] = true;
    }
    std::vector<ProcColumn> columns;
    for (const auto& info : kProcColumns)
        if (shown[static_cast<size_t>(info.column)]) columns.push_back(info.column);
    return columns;
}

std::string cell_text(const ProcessSample& p, ProcColumn column) {
    const std::string absent(kAbsentCell);
    switch (column) {
        case ProcColumn::pid:
            return std::to_string(p.pid);
        case ProcColumn::user:
            return p.user ? *p.user : absent;
        case ProcColumn::state:
            return p.state ? std::string(1, *p.state) : absent;
        case ProcColumn::cpu:
            return fixed(p.cpu_pct, 1);
        case ProcColumn::rss:
            return mib(p.rss_kb);
        case ProcColumn::threads:
            return p.threads ? std::to_string(*p.threads) : absent;
        case ProcColumn::vol_ctxt:
            return fixed(p.vol_ctxt_per_s, 0);
        case ProcColumn::nonvol_ctxt:
            return fixed(p.nonvol_ctxt_per_s, 0);
        case ProcColumn::gpu:
            return p.gpu ? (*p.gpu ? "yes" : "no") : absent;
        case ProcColumn::gpu_mem:
            return mib(p.gpu_mem_kb);
        case ProcColumn::name:
            return shown_command(p);
    }
    return {};
}

std::string command_text(const ProcessSample& p, int width, bool ascii) {
    const std::string& command = shown_command(p);
    if (width <= 0 || columns_of(command) <= static_cast<size_t>(width)) return command;
    std::string text = command;
    if (command[0] == '/') {
        size_t program_end = std::min(command.find(' '), command.size());
        text = command.substr(command.rfind('/', program_end - 1) + 1);
    }
    size_t columns = columns_of(text);
    if (columns <= static_cast<size_t>(width) || width < kMinElidedColumns) return text;
    // Both ends: the program and its first arguments, and the last ones, which often tell two
    // runs of one script apart (a port, a model, a file).
    size_t head = static_cast<size_t>(width - 1) / 2;
    size_t tail = static_cast<size_t>(width - 1) - head;
    return first_columns(text, head) + (ascii ? "~" : "\u2026") +
           first_columns(text.substr(byte_of_column(text, columns - tail)), tail);
}

}  // namespace edgetop::tui
