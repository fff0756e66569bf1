// The process table as pure functions: which rows to show, in which order.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop::tui {

enum class ProcColumn {
    pid,
    user,
    state,
    cpu,
    rss,
    threads,
    vol_ctxt,
    nonvol_ctxt,
    gpu,
    gpu_mem,
    name
};

inline constexpr int kProcColumnCount = 11;

struct ProcColumnInfo {
    ProcColumn column;
    std::string_view title;
    int width;     // 0: takes the rest of the line
    int priority;  // lower numbers are dropped last on a narrow screen
    bool right_aligned;
};

// In display order.
inline constexpr std::array<ProcColumnInfo, kProcColumnCount> kProcColumns = {{
    {ProcColumn::pid, "PID", 7, 0, true},
    {ProcColumn::user, "USER", 9, 7, false},
    {ProcColumn::state, "S", 1, 8, false},
    {ProcColumn::cpu, "CPU%", 6, 1, true},
    {ProcColumn::rss, "RSS", 10, 2, true},
    {ProcColumn::threads, "THR", 4, 9, true},
    {ProcColumn::vol_ctxt, "VCSW/s", 7, 6, true},
    {ProcColumn::nonvol_ctxt, "NVCSW/s", 8, 5, true},
    // Which processes hold the GPU, and how much of its memory: shown from 30 columns on.
    {ProcColumn::gpu, "GPU", 3, 3, false},
    {ProcColumn::gpu_mem, "GPUMEM", 10, 4, true},  // NVML (or nvmap as root): n/a otherwise
    {ProcColumn::name, "NAME", 0, 0, false},
}};

const ProcColumnInfo& column_info(ProcColumn column);
ProcColumn next_column(ProcColumn column, int step);  // wraps around

struct ProcessQuery {
    ProcColumn sort = ProcColumn::cpu;
    bool descending = true;
    std::string filter;  // case-insensitive substring of the name; empty: all
};

// The processes to list: `all` when the sampler filled it, else `top`.
const std::vector<ProcessSample>& process_source(const ProcsSample& procs);

// Filtered and sorted rows. Absent values sort last in both directions; ties by pid.
std::vector<const ProcessSample*> select_processes(const std::vector<ProcessSample>& processes,
                                                   const ProcessQuery& query);

// Columns shown in `width` columns: by priority, NAME always, in display order.
std::vector<ProcColumn> visible_columns(int width);

// The text of one cell ("n/a" when absent).
std::string cell_text(const ProcessSample& process, ProcColumn column);

}  // namespace edgetop::tui
