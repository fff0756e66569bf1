// The process table as pure functions: which rows to show, in which order.
#pragma once

#include <array>
#include <cstdint>
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

// In display order. Every cell of a column has the same precision; an absent value is a dim
// kAbsentCell in every column.
inline constexpr std::array<ProcColumnInfo, kProcColumnCount> kProcColumns = {{
    {ProcColumn::pid, "PID", 7, 0, true},
    {ProcColumn::user, "USER", 9, 7, false},
    {ProcColumn::state, "S", 1, 8, false},
    {ProcColumn::cpu, "CPU%", 6, 1, true},
    {ProcColumn::rss, "RSS MiB", 8, 2, true},
    {ProcColumn::threads, "THR", 4, 9, true},
    // Behind a key (ProcColumnsOn::ctxt): they matter when a process is preempted or wakes often.
    {ProcColumn::vol_ctxt, "VCSW/s", 7, 6, true},
    {ProcColumn::nonvol_ctxt, "NVCSW/s", 8, 5, true},
    // Which processes hold the GPU, and how much of its memory: only where a GPU source exists.
    {ProcColumn::gpu, "GPU", 3, 3, false},
    {ProcColumn::gpu_mem, "GPU MiB", 8, 4, true},  // NVML (or nvmap as root)
    {ProcColumn::name, "COMMAND", 0, 0, false},
}};

inline constexpr std::string_view kAbsentCell = "-";

const ProcColumnInfo& column_info(ProcColumn column);
ProcColumn next_column(ProcColumn column, int step);  // wraps around

struct ProcessQuery {
    ProcColumn sort = ProcColumn::cpu;
    bool descending = true;
    std::string filter;  // case-insensitive substring of the name or command line; empty: all
};

// The processes to list: `all` when the sampler filled it, else `top`.
const std::vector<ProcessSample>& process_source(const ProcsSample& procs);

// Filtered and sorted rows. Absent values sort last in both directions; ties by pid.
std::vector<const ProcessSample*> select_processes(const std::vector<ProcessSample>& processes,
                                                   const ProcessQuery& query);

// The table as a tree: each process under its parent (among the rows the filter keeps; one whose
// parent is not listed is a root), siblings in the query's order.
struct TreeLine {
    int depth = 0;      // 0: a root
    uint64_t last = 0;  // bit d-1: the row's ancestor at depth d (or the row) is its parent's last
};
struct ProcessTree {
    std::vector<const ProcessSample*> rows;  // depth first
    std::vector<TreeLine> lines;             // one per row
};
ProcessTree select_process_tree(const std::vector<ProcessSample>& processes,
                                const ProcessQuery& query);
// The glyphs before a row's command: "│  └─ " (ASCII "|  `- "), at most max_columns wide (the
// levels nearest the root are dropped first).
std::string tree_prefix(const TreeLine& line, bool ascii, int max_columns);

// The optional columns: the GPU ones where the sample has a GPU source (GPU memory where a
// process has a figure), the context switches when the view asks for them.
struct ProcColumnsOn {
    bool gpu = false;
    bool gpu_mem = false;
    bool ctxt = false;
};
ProcColumnsOn process_columns_on(const Sample& sample, bool show_ctxt);

// Columns shown in `width` columns: by priority among those on, COMMAND always, in display order.
std::vector<ProcColumn> visible_columns(int width, ProcColumnsOn on = {true, true, true});

// The text of one cell (kAbsentCell when absent); the command line for COMMAND.
std::string cell_text(const ProcessSample& process, ProcColumn column);
// The command as it fits `width` columns: the whole line where it fits, else without the
// program's directory, and where that is still too long its start and its end around an ellipsis
// ("~" in ASCII); the name where no command line was read.
std::string command_text(const ProcessSample& process, int width, bool ascii = false);

}  // namespace edgetop::tui
