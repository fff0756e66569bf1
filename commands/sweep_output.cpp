#include "commands/sweep_output.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli_table.hpp"
#include "commands/signal_watch.hpp"
#include "edgetop/number_text.hpp"
#include "text/text_escape.hpp"
#include "text/text_table.hpp"
#include "text/text_units.hpp"

namespace edgetop::sweep {

namespace {

using nlohmann::ordered_json;

std::string num(std::optional<double> value, int decimals) {
    return value ? text::number(*value, decimals) : std::string(text::kAbsent);
}

// A cap: absent means the mode sets none.
std::string cap(std::optional<double> mhz) {
    return mhz ? text::number(*mhz, 0) : std::string("max");
}

std::string joined(const std::vector<std::string>& items, const char* none) {
    std::string out;
    for (const auto& item : items)
        out += (out.empty() ? "" : ",") + item;
    return out.empty() ? none : out;
}

const ModeResult* find_mode(const Outcome& outcome, std::optional<int> id) {
    if (!id) return nullptr;
    for (const auto& mode : outcome.modes)
        if (mode.id == *id) return &mode;
    return nullptr;
}

std::string pick(const Outcome& outcome, std::optional<int> id, const char* none) {
    const ModeResult* mode = find_mode(outcome, id);
    if (!mode) return none;
    return fmt::format("mode {} ({}): {} s, {} J, {} W average", mode->id,
                       text::terminal_safe(mode->name), num(mode->median_duration_s(), 2),
                       num(mode->median_energy_j(), 2), num(mode->median_avg_power_w(), 2));
}

ordered_json value(std::optional<double> v) {
    return v ? ordered_json(*v) : ordered_json(nullptr);
}

ordered_json id_or_null(std::optional<int> id) {
    return id ? ordered_json(*id) : ordered_json(nullptr);
}

// Where the power figures come from: the module's own monitors. A carrier board (its regulators,
// USB, Ethernet, fan) draws beside them, unseen: about 0.4 W on an Orin Nano devkit at idle.
constexpr const char* kModuleOnly =
    "  power is measured on the module's rails, not the carrier board: the wall sees more\n"
    "  (about 0.4 W more on an Orin Nano devkit at idle)\n";

}  // namespace

std::optional<std::string> few_samples_note(const Outcome& o, const ModeResult& m) {
    if (m.exit_status() != 0 || m.samples() >= kFewSamples) return std::nullopt;  // cut short
    auto more = more_samples(m.samples(), static_cast<int64_t>(m.runs.size()), o.interval_ms,
                             cli::kMinIntervalMs);
    int64_t repeat = std::min<int64_t>(1000, std::max(more.repeat, o.repeat + 1));
    std::string advice = fmt::format("--repeat {}", repeat);
    if (more.interval_ms) advice += fmt::format(" or -i {}", *more.interval_ms);
    return fmt::format("mode {}: only {} (fewer than {}): its figures are rough; {}", m.id,
                       plural(static_cast<int64_t>(m.samples()), "sample"), kFewSamples, advice);
}

std::string format_text(const Outcome& o) {
    TextTable table;
    table.add_row({"mode", "name", "cores", "cpu MHz", "gpu MHz", "emc MHz", "runs", "time s",
                   "energy J", "avg W", "peak W", "peak °C", "exit", "flags"});
    for (const auto& m : o.modes) {
        auto exit = m.exit_status();
        table.add_row({std::to_string(m.id), m.name,
                       m.caps.online_cores ? std::to_string(*m.caps.online_cores) : text::kAbsent,
                       cap(m.caps.cpu_max_mhz), cap(m.caps.gpu_max_mhz), cap(m.caps.emc_max_mhz),
                       std::to_string(m.runs.size()), num(m.median_duration_s(), 2),
                       num(m.median_energy_j(), 2), num(m.median_avg_power_w(), 2),
                       num(m.peak_power_w(), 2), num(m.peak_temp_c(), 1),
                       exit ? std::to_string(*exit) : text::kAbsent, joined(m.flags(), "none")});
    }
    std::string out = "\n edgetop sweep\n\n" + table.render("  ");
    std::string notes;
    for (const auto& m : o.modes) {
        if (!m.problem.empty())
            notes += fmt::format("  mode {}: not measured: {}\n", m.id, m.problem);
        else if (!m.usable() && !m.runs.empty())
            notes += fmt::format("  mode {}: not recommended: {}\n", m.id,
                                 m.exit_status() != 0 ? "a run failed" : "no power readings");
        if (auto note = few_samples_note(o, m)) notes += "  " + *note + "\n";
    }
    if (!notes.empty()) out += "\n" + notes;
    std::vector<std::string> front;
    for (int id : o.pareto)
        front.push_back(std::to_string(id));
    TextTable picks;
    picks.add_row({"time-energy Pareto front", joined(front, "none")});
    picks.add_row({"fastest", pick(o, o.recommended.min_time, "none")});
    picks.add_row({"least energy", pick(o, o.recommended.min_energy, "none")});
    picks.add_row({fmt::format("least energy within {} % of fastest", text::number(o.slack_pct, 1)),
                   pick(o, o.recommended.min_energy_within_slack, "none")});
    picks.add_row({o.budget_w
                       ? fmt::format("least energy at or under {} W", text::number(*o.budget_w, 2))
                       : std::string("least energy under a power budget"),
                   o.budget_w ? pick(o, o.recommended.min_energy_under_budget, "none")
                              : std::string("(no --budget-w)")});
    out += "\n" + picks.render("  ");
    if (o.interrupted_by)
        out += fmt::format("\n  interrupted by {}: the modes after it were not tried\n",
                           stop_signal_name(*o.interrupted_by));
    out += fmt::format("\n  original mode {} ({}) {}\n", o.original_mode, o.original_name,
                       o.restored ? "restored" : "NOT restored");
    out += std::string("\n") + kModuleOnly;
    return out;
}

std::string format_json(const Outcome& o) {
    ordered_json modes = ordered_json::array();
    for (const auto& m : o.modes) {
        ordered_json runs = ordered_json::array();
        for (const auto& r : m.runs)
            runs.push_back(
                {{"exit_status", r.exit_status},
                 {"duration_s", r.duration_s},
                 {"samples", r.samples},
                 {"energy_j", value(r.energy_j)},
                 {"avg_power_w", value(r.avg_power_w)},
                 {"peak_power_w", value(r.peak_power_w)},
                 {"peak_temp_c", value(r.peak_temp_c)},
                 {"session", r.session.empty() ? ordered_json(nullptr) : ordered_json(r.session)}});
        ordered_json one;
        one["id"] = m.id;
        one["name"] = m.name;
        one["caps"] = {{"online_cores", m.caps.online_cores ? ordered_json(*m.caps.online_cores)
                                                            : ordered_json(nullptr)},
                       {"cpu_max_mhz", value(m.caps.cpu_max_mhz)},
                       {"gpu_max_mhz", value(m.caps.gpu_max_mhz)},
                       {"emc_max_mhz", value(m.caps.emc_max_mhz)}};
        one["runs"] = std::move(runs);
        one["samples"] = m.samples();
        one["duration_s"] = value(m.median_duration_s());
        one["energy_j"] = value(m.median_energy_j());
        one["avg_power_w"] = value(m.median_avg_power_w());
        one["peak_power_w"] = value(m.peak_power_w());
        one["peak_temp_c"] = value(m.peak_temp_c());
        auto exit = m.exit_status();
        one["exit_status"] = exit ? ordered_json(*exit) : ordered_json(nullptr);
        one["flags"] = m.flags();
        one["recommendable"] = m.usable();
        one["problem"] = m.problem.empty() ? ordered_json(nullptr) : ordered_json(m.problem);
        modes.push_back(std::move(one));
    }
    ordered_json out;
    out["original_mode"] = o.original_mode;
    out["restored"] = o.restored;
    out["interrupted"] = o.interrupted_by.has_value();
    out["modes"] = std::move(modes);
    out["pareto"] = o.pareto;
    out["recommended"] = {
        {"min_time", id_or_null(o.recommended.min_time)},
        {"min_energy", id_or_null(o.recommended.min_energy)},
        {"min_energy_within_slack", id_or_null(o.recommended.min_energy_within_slack)},
        {"min_energy_under_budget", id_or_null(o.recommended.min_energy_under_budget)}};
    return out.dump() + "\n";
}

}  // namespace edgetop::sweep
