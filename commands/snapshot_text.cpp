// The text snapshot: each summary and table is a list of columns. A column names its schema field
// by key (include/edgetop/sample_schema.hpp; a wrong key fails to compile) and its cell is that
// field formatted by its unit (text/text_fields.hpp); the few cells that show something the
// schema does not say (cpuN, the TPC mask in hex, a rail's " (total)", the three load averages
// under one label, the largest free block) have their formatter written in the list, with the
// keys they show. Each list goes through text::schema_columns(): a field the schema gains shows
// under its key at the end of its struct's table or summary (before a process's or group's name,
// which stays last), and a struct Sample gains is a table of its own titled by its key
// (schema_sections), until a column or section written here says otherwise. The fields a table
// leaves out on purpose are named in it.
#include "commands/snapshot_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <utility>

#include "text/text_columns.hpp"
#include "text/text_escape.hpp"
#include "text/text_gpc.hpp"
#include "text/text_software.hpp"
#include "text/text_table.hpp"
#include "text/text_units.hpp"

namespace edgetop {

namespace {

using text::Column;
using text::field_column;
using text::kAbsent;
using text::key;
using text::schema_columns;

void section(std::string& out, std::string_view title, const std::string& summary) {
    if (summary.empty())
        out += fmt::format("\n{}\n", title);
    else
        out += fmt::format("\n{:<10}{}\n", title, summary);
}

template <class S>
void table_section(std::string& out, std::string_view title, const std::vector<S>& rows,
                   const std::vector<Column<S>>& columns, bool with_header = true) {
    section(out, title, rows.empty() ? "none found" : "");
    if (rows.empty()) return;
    TextTable t;
    text::add_rows(t, rows, columns, with_header);
    out += t.render("  ");
}

std::string snapshot_board_line(const Board& b) {
    std::string mode = kAbsent;
    if (b.current_mode_id) {
        const PowerMode* m = b.current_mode();
        mode = m ? fmt::format("{} ({})", *b.current_mode_id, text::terminal_safe(m->name))
                 : fmt::format("{}", *b.current_mode_id);
    }
    return fmt::format("{}  SoC {}  L4T {}  JetPack {}  power mode {}",
                       text::text_or_absent(b.model), text::text_or_absent(b.soc),
                       text::text_or_absent(b.l4t), text::jetpack_text(b.l4t, b.jetpack), mode);
}

std::string labelled(const std::vector<text::LabelledValue>& rows) {
    std::string out;
    for (const auto& [label, value] : rows)
        out += fmt::format("{}{} {}", out.empty() ? "" : "  ", label, value);
    return out;
}

void cpu_section(std::string& out, const CpuSample& cpu) {
    using S = CpuSample;
    section(
        out, "CPU",
        text::summary_text(cpu, schema_columns<S>({field_column<S, key<S>("util")>("util"),
                                                   field_column<S, key<S>("user")>("user"),
                                                   field_column<S, key<S>("system")>("system"),
                                                   field_column<S, key<S>("iowait")>("iowait")})));
    if (cpu.cores.empty()) return;
    using C = CoreSample;
    TextTable t;
    text::add_rows(
        t, cpu.cores,
        schema_columns<C>({{"core", [](const C& c) { return fmt::format("cpu{}", c.id); }, "id"},
                           field_column<C, key<C>("online")>("online"),
                           field_column<C, key<C>("util")>("util"),
                           field_column<C, key<C>("user")>("user"),
                           field_column<C, key<C>("system")>("system"),
                           field_column<C, key<C>("iowait")>("iowait"),
                           field_column<C, key<C>("freq_khz")>("freq"),
                           field_column<C, key<C>("min_khz")>("min"),
                           field_column<C, key<C>("max_khz")>("max"),
                           field_column<C, key<C>("hw_max_khz")>("hw max"),
                           field_column<C, key<C>("governor")>("governor"),
                           field_column<C, key<C>("cluster")>("cluster")}));
    out += t.render("  ");
}

void system_section(std::string& out, const Sample& s) {
    using Y = SystemSample;
    // Three values under one label.
    auto load = [](const SystemSample& y) {
        return fmt::format("{} {} {}", text::field_text<Y, key<Y>("load_1")>(y),
                           text::field_text<Y, key<Y>("load_5")>(y),
                           text::field_text<Y, key<Y>("load_15")>(y));
    };
    auto system = text::summary_text(
        s.system, schema_columns<Y>({field_column<Y, key<Y>("uptime_s")>("uptime"),
                                     {"load", load, "load_1 load_5 load_15"},
                                     field_column<Y, key<Y>("procs_running")>("running"),
                                     field_column<Y, key<Y>("procs_blocked")>("blocked")}));
    section(out, "System",
            system + "  " +
                text::summary_text(
                    s, {field_column<Sample, key<Sample>("ctxt_per_s")>("context switches")}));
}

// What NVML adds, under the GPU table, only for the GPUs NVML answered for: a machine without
// NVML prints what it always did.
void nvml_table(std::string& out, const std::vector<GpuSample>& gpus) {
    std::vector<GpuSample> rows;
    for (const auto& g : gpus)
        if (g.source && g.source->find("nvml") != std::string::npos) rows.push_back(g);
    if (rows.empty()) return;
    using S = GpuSample;
    TextTable t;
    text::add_rows(
        t, rows,
        {field_column<S, key<S>("name")>("name"), field_column<S, key<S>("source")>("source"),
         field_column<S, key<S>("temp_c")>("temp"), field_column<S, key<S>("power_mw")>("power"),
         field_column<S, key<S>("power_limit_mw")>("limit"),
         field_column<S, key<S>("mem_util")>("mem util"),
         field_column<S, key<S>("mem_freq_hz")>("mem freq"),
         field_column<S, key<S>("mem_max_hz")>("mem max"),
         field_column<S, key<S>("mem_used_kb")>("mem used"),
         field_column<S, key<S>("mem_total_kb")>("mem total")});
    out += t.render("  ");
}

void gpu_section(std::string& out, const std::vector<GpuSample>& gpus) {
    using S = GpuSample;
    std::vector<Column<S>> columns = {
        field_column<S, key<S>("name")>("name"),
        field_column<S, key<S>("load")>("load"),
        field_column<S, key<S>("freq_hz")>("freq"),
        field_column<S, key<S>("min_hz")>("min"),
        field_column<S, key<S>("max_hz")>("max"),
        field_column<S, key<S>("hw_max_hz")>("hw max"),
        field_column<S, key<S>("governor")>("governor"),
        field_column<S, key<S>("railgate")>("railgate"),
        field_column<S, key<S>("scaling_3d")>("3D scaling"),
        {"TPC PG mask",
         [](const S& g) { return g.tpc_pg_mask ? fmt::format("{:#x}", *g.tpc_pg_mask) : kAbsent; },
         "tpc_pg_mask"}};
    // The GPC clocks only where some GPU has them (AGX Orin as root, Thor, tegrastats "@[...]").
    if (std::any_of(gpus.begin(), gpus.end(), [](const S& g) { return !g.gpc.empty(); }))
        columns.push_back(
            {"GPC clocks", [](const S& g) { return text::format_gpc_clocks(g.gpc); }, "gpc"});
    // NVML's values are a table of their own, below.
    table_section(out, "GPU", gpus,
                  schema_columns<S>(std::move(columns),
                                    "source mem_util mem_freq_hz mem_max_hz temp_c power_mw "
                                    "power_limit_mw mem_used_kb mem_total_kb"));
    nvml_table(out, gpus);
}

void emc_section(std::string& out, const std::optional<EmcSample>& emc) {
    using S = EmcSample;
    section(out, "EMC",
            emc ? text::summary_text(*emc,
                                     schema_columns<S>({field_column<S, key<S>("util")>("util"),
                                                        field_column<S, key<S>("freq_hz")>("freq"),
                                                        field_column<S, key<S>("min_hz")>("min"),
                                                        field_column<S, key<S>("max_hz")>("max")}))
                : "none found");
}

void engines_section(std::string& out, const std::vector<EngineSample>& engines) {
    using S = EngineSample;
    table_section(
        out, "Engines", engines,
        schema_columns<S>(
            {field_column<S, key<S>("name")>("name"), field_column<S, key<S>("online")>("online"),
             field_column<S, key<S>("freq_hz")>("freq"), field_column<S, key<S>("load")>("load")},
            "load_period_s"));
}

void power_section(std::string& out, const Sample& s) {
    section(out, "Power",
            text::summary_text(s, {field_column<Sample, key<Sample>("power_total_mw")>("total")}));
    if (s.rails.empty()) return;
    using R = RailSample;
    TextTable t;
    text::add_rows(t, s.rails,
                   schema_columns<R>({{"rail",
                                       [](const R& r) {
                                           return r.is_total   ? r.name + " (total)"
                                                  : r.in_total ? r.name + " (in total)"
                                                               : r.name;
                                       },
                                       "name is_total in_total"},
                                      field_column<R, key<R>("voltage_mv")>("voltage"),
                                      field_column<R, key<R>("current_ma")>("current"),
                                      field_column<R, key<R>("power_mw")>("power"),
                                      field_column<R, key<R>("warn_ma")>("warn"),
                                      field_column<R, key<R>("crit_ma")>("crit"),
                                      field_column<R, key<R>("warn_alarm")>("warn alarm"),
                                      field_column<R, key<R>("crit_alarm")>("crit alarm")}));
    out += t.render("  ");
}

void oc_events_section(std::string& out, const std::vector<OcEventSample>& events) {
    using S = OcEventSample;
    table_section(out, "OC events", events,
                  schema_columns<S>({field_column<S, key<S>("name")>("name"),
                                     field_column<S, key<S>("kind")>("kind"),
                                     field_column<S, key<S>("events")>("events"),
                                     field_column<S, key<S>("events_per_s")>("rate"),
                                     field_column<S, key<S>("throttle_enabled")>("throttle")}));
}

void thermal_section(std::string& out, const std::vector<ThermalSample>& zones) {
    using S = ThermalSample;
    table_section(out, "Thermal", zones,
                  schema_columns<S>({field_column<S, key<S>("name")>("name"),
                                     field_column<S, key<S>("temp_c")>("temperature")}),
                  false);
}

void fans_section(std::string& out, const std::vector<FanSample>& fans) {
    using S = FanSample;
    table_section(out, "Fans", fans,
                  schema_columns<S>({field_column<S, key<S>("name")>("name"),
                                     field_column<S, key<S>("speed_pct")>("speed"),
                                     field_column<S, key<S>("rpm")>("rpm"),
                                     field_column<S, key<S>("control")>("control")}));
}

void memory_section(std::string& out, const MemSample& m) {
    using S = MemSample;
    std::vector<Column<S>> summary = {field_column<S, key<S>("total_kb")>("total"),
                                      field_column<S, key<S>("used_kb")>("used"),
                                      field_column<S, key<S>("available_kb")>("available"),
                                      field_column<S, key<S>("free_kb")>("free")};
    section(out, "Memory", text::summary_text(m, summary));
    // A grid of label and value pairs, three to a row.
    std::vector<std::vector<Column<S>>> grid = {
        {field_column<S, key<S>("buffers_kb")>("buffers"),
         field_column<S, key<S>("cached_kb")>("cache+SReclaimable"),
         field_column<S, key<S>("gpu_shared_kb")>("GPU shared")},
        {field_column<S, key<S>("swap_total_kb")>("swap total"),
         field_column<S, key<S>("swap_used_kb")>("swap used"),
         field_column<S, key<S>("swap_cached_kb")>("swap cached")},
        // As tegrastats writes it ("lfb 4x4MB"), in the kB the schema holds.
        {{"largest free block",
          [](const S& mem) {
              return mem.lfb_blocks && mem.lfb_block_kb
                         ? fmt::format("{} x {} kB", *mem.lfb_blocks, *mem.lfb_block_kb)
                         : kAbsent;
          },
          "lfb_blocks lfb_block_kb"}},
        {field_column<S, key<S>("major_faults_per_s")>("major faults"),
         field_column<S, key<S>("oom_kills")>("OOM kills")}};
    std::vector<Column<S>> written = summary;
    for (const auto& row : grid)
        written.insert(written.end(), row.begin(), row.end());
    auto all = schema_columns<S>(written);
    if (all.size() > written.size()) grid.emplace_back(all.begin() + written.size(), all.end());
    TextTable t;
    for (const auto& row : grid)
        text::add_pairs_row(t, m, row);
    out += t.render("  ");
}

void pressure_section(std::string& out, const std::optional<PsiSample>& psi) {
    using S = PsiSample;
    section(
        out, "Pressure",
        psi ? text::summary_text(
                  *psi, schema_columns<S>({field_column<S, key<S>("cpu_some")>("cpu some"),
                                           field_column<S, key<S>("memory_some")>("memory some"),
                                           field_column<S, key<S>("memory_full")>("memory full"),
                                           field_column<S, key<S>("io_some")>("io some"),
                                           field_column<S, key<S>("io_full")>("io full")}))
            : kAbsent);
}

void cooling_section(std::string& out, const std::vector<CoolingSample>& devices) {
    using S = CoolingSample;
    table_section(out, "Cooling", devices,
                  schema_columns<S>({field_column<S, key<S>("name")>("name"),
                                     field_column<S, key<S>("state")>("state"),
                                     field_column<S, key<S>("max_state")>("max state")}));
}

void processes_section(std::string& out, const std::optional<ProcsSample>& procs) {
    if (!procs) {
        section(out, "Processes", kAbsent);
        return;
    }
    using S = ProcsSample;
    section(out, "Processes",
            text::summary_text(*procs,
                               schema_columns<S>({field_column<S, key<S>("total")>("total"),
                                                  field_column<S, key<S>("running")>("running")})));
    if (procs->top.empty()) return;
    using P = ProcessSample;
    TextTable t;
    std::vector<Column<P>> columns = {field_column<P, key<P>("pid")>("pid"),
                                      field_column<P, key<P>("user")>("user"),
                                      field_column<P, key<P>("state")>("state"),
                                      field_column<P, key<P>("cpu")>("cpu"),
                                      field_column<P, key<P>("rss_kb")>("rss"),
                                      field_column<P, key<P>("threads")>("threads"),
                                      field_column<P, key<P>("vol_ctxt_per_s")>("vol ctxt"),
                                      field_column<P, key<P>("nonvol_ctxt_per_s")>("nonvol ctxt"),
                                      field_column<P, key<P>("gpu")>("gpu")};
    // GPU memory only where NVML gave some: a machine without NVML prints what it always did.
    std::string left_out = "name";
    if (std::any_of(procs->top.begin(), procs->top.end(),
                    [](const P& p) { return p.gpu_mem_kb.has_value(); }))
        columns.push_back(field_column<P, key<P>("gpu_mem_kb")>("gpu mem"));
    else
        left_out += " gpu_mem_kb";
    if (std::any_of(procs->top.begin(), procs->top.end(),
                    [](const P& p) { return p.group.has_value(); }))
        columns.push_back(field_column<P, key<P>("group")>("group"));
    else
        left_out += " group";
    columns = schema_columns<P>(std::move(columns), left_out);
    // The name last: it is the only cell of unbounded width.
    columns.push_back(field_column<P, key<P>("name")>("name"));
    text::add_rows(t, procs->top, columns);
    out += t.render("  ");
}

void disks_section(std::string& out, const std::vector<DiskSample>& disks) {
    using S = DiskSample;
    table_section(out, "Disks", disks,
                  schema_columns<S>({field_column<S, key<S>("name")>("name"),
                                     field_column<S, key<S>("read_bytes_per_s")>("read"),
                                     field_column<S, key<S>("write_bytes_per_s")>("write"),
                                     field_column<S, key<S>("busy_pct")>("busy")}));
}

void net_section(std::string& out, const std::vector<NetSample>& interfaces) {
    using S = NetSample;
    table_section(out, "Network", interfaces,
                  schema_columns<S>({field_column<S, key<S>("name")>("name"),
                                     field_column<S, key<S>("rx_bytes_per_s")>("receive"),
                                     field_column<S, key<S>("tx_bytes_per_s")>("transmit")}));
}

// Only with a process table (the live machine): a fixture tree prints what it always did.
void groups_section(std::string& out, const std::vector<GroupSample>& groups,
                    const std::optional<ProcsSample>& procs) {
    if (!procs) return;
    using S = GroupSample;
    // The name last: it is the only cell of unbounded width. The cgroup's path and id, its
    // counters behind the percentages and its pressure are in the session and the JSON, not here.
    auto columns = schema_columns<S>(
        {field_column<S, key<S>("kind")>("kind"), field_column<S, key<S>("processes")>("procs"),
         field_column<S, key<S>("cpu_pct")>("cpu"),
         field_column<S, key<S>("cpu_limit_pct")>("cpu limit"),
         field_column<S, key<S>("throttled_pct")>("throttled"),
         field_column<S, key<S>("memory_kb")>("memory"),
         field_column<S, key<S>("memory_limit_kb")>("mem limit"),
         field_column<S, key<S>("oom_kills")>("oom kills"),
         field_column<S, key<S>("io_read_bytes_per_s")>("read"),
         field_column<S, key<S>("io_write_bytes_per_s")>("write"),
         field_column<S, key<S>("pids")>("pids"), field_column<S, key<S>("gpu_mem_kb")>("gpu mem")},
        "name id path periods throttled_periods throttled_s cpu_some_pct memory_some_pct "
        "memory_full_pct io_some_pct io_full_pct");
    columns.push_back(field_column<S, key<S>("name")>("name"));
    table_section(out, "Groups", groups, columns);
}

template <class T>
void schema_section(std::string& out, std::string_view title, const T& value) {
    using schema::IsOptional;
    using schema::IsVector;
    if constexpr (IsVector<T>::value) {
        using Element = typename IsVector<T>::Element;
        if constexpr (schema::has_schema<Element>)
            table_section(out, title, value, schema_columns<Element>({}));
    } else if constexpr (IsOptional<T>::value) {
        using Value = typename IsOptional<T>::Value;
        if constexpr (schema::has_schema<Value>)
            section(out, title,
                    value ? text::summary_text(*value, schema_columns<Value>({})) : kAbsent);
    } else if constexpr (schema::has_schema<T>) {
        section(out, title, text::summary_text(value, schema_columns<T>({})));
    }
}

template <std::size_t... I>
void add_schema_sections(std::string& out, const Sample& s, std::string_view written,
                         std::index_sequence<I...>) {
    auto add = [&](const auto& field) {
        if (field.unit != schema::Unit::object && field.unit != schema::Unit::objects) return;
        if (text::detail::names(written, field.key)) return;
        schema_section(out, field.key, field.of(s));
    };
    (add(std::get<I>(schema::Schema<Sample>::fields)), ...);
}

}  // namespace

std::string schema_sections(const Sample& sample, std::string_view written) {
    std::string out;
    add_schema_sections(out, sample, written,
                        std::make_index_sequence<schema::field_count<Sample>()>{});
    return out;
}

std::string format_snapshot(const Sample& s, const Board& board) {
    std::string out = fmt::format("{:<10}{}\n", "Board", snapshot_board_line(board));
    out += fmt::format("{:<10}{}\n", "Module", labelled(text::module_rows(board.software)));
    out += fmt::format("{:<10}{}\n", "Software", labelled(text::software_rows(board.software)));
    cpu_section(out, s.cpu);
    system_section(out, s);
    gpu_section(out, s.gpu);
    emc_section(out, s.emc);
    engines_section(out, s.engines);
    power_section(out, s);
    oc_events_section(out, s.oc_events);
    thermal_section(out, s.thermal);
    fans_section(out, s.fans);
    cooling_section(out, s.cooling);
    memory_section(out, s.mem);
    pressure_section(out, s.psi);
    processes_section(out, s.procs);
    groups_section(out, s.groups, s.procs);
    disks_section(out, s.disks);
    net_section(out, s.net);
    out += schema_sections(s, kSnapshotSections);
    section(out, "Flags", s.flags.empty() ? "none" : fmt::format("{}", fmt::join(s.flags, " ")));
    return out;
}

}  // namespace edgetop
