#include "tui/process_view.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "text/text_units.hpp"

namespace edgetop::tui {
namespace {

bool contains_ignoring_case(std::string_view text, std::string_view needle) {
    if (needle.empty()) return true;
    auto it =
        std::search(text.begin(), text.end(), needle.begin(), needle.end(), [](char a, char b) {
            return std::tolower(static_cast<unsigned char>(a)) ==
                   std::tolower(static_cast<unsigned char>(b));
        });
    return it != text.end();
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
            return {false, false, compare(a.name, b.name)};
    }
    return {};
}

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
        if (contains_ignoring_case(p.name, query.filter)) rows.push_back(&p);
    std::stable_sort(rows.begin(), rows.end(), [&](const ProcessSample* a, const ProcessSample* b) {
        Comparison c = compare_column(*a, *b, query.sort);
        if (c.a_absent != c.b_absent) return c.b_absent;  // present before absent
        if (c.order != 0) return query.descending ? c.order > 0 : c.order < 0;
        return a->pid < b->pid;
    });
    return rows;
}

std::vector<ProcColumn> visible_columns(int width) {
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
        if (used + info.width + 1 > width) continue;
        used += info.width + 1;
        shown[static_cast<size_t>(info.column)] = true;
    }
    std::vector<ProcColumn> columns;
    for (const auto& info : kProcColumns)
        if (shown[static_cast<size_t>(info.column)]) columns.push_back(info.column);
    return columns;
}

std::string cell_text(const ProcessSample& p, ProcColumn column) {
    switch (column) {
        case ProcColumn::pid:
            return std::to_string(p.pid);
        case ProcColumn::user:
            return p.user ? *p.user : text::kAbsent;
        case ProcColumn::state:
            return p.state ? std::string(1, *p.state) : "?";
        case ProcColumn::cpu:
            return text::format_number(p.cpu_pct, 1);
        case ProcColumn::rss:
            return text::format_kb(p.rss_kb);
        case ProcColumn::threads:
            return p.threads ? std::to_string(*p.threads) : text::kAbsent;
        case ProcColumn::vol_ctxt:
            return text::format_count(p.vol_ctxt_per_s);
        case ProcColumn::nonvol_ctxt:
            return text::format_count(p.nonvol_ctxt_per_s);
        case ProcColumn::gpu:
            return p.gpu ? (*p.gpu ? "yes" : "-") : text::kAbsent;
        case ProcColumn::gpu_mem:
            return text::format_kb(p.gpu_mem_kb);
        case ProcColumn::name:
            return p.name;
    }
    return {};
}

}  // namespace edgetop::tui
