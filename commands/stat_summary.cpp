#include "commands/stat_summary.hpp"

#include <fmt/format.h>

#include "text/text_escape.hpp"
#include "text/text_table.hpp"
#include "text/text_units.hpp"

namespace edgetop {

namespace {

std::string num(std::optional<double> value, int decimals) {
    return value ? text::number(*value, decimals) : std::string(text::kAbsent);
}

void energy_row(TextTable& table, const std::string& name, const analysis::Energy& e) {
    table.add_row({name, num(e.measured_joules(), 2), num(e.average_w(), 2)});
}

void util_row(TextTable& table, const std::string& name, const analysis::Summary& s) {
    table.add_row({name, s.count() ? num(s.mean(), 1) : text::kAbsent,
                   s.count() ? num(s.quantile(0.95), 1) : text::kAbsent});
}

}  // namespace

void StatSummary::on_sample(const Sample& sample) {
    ++samples_;
    if (!first_t_s_) first_t_s_ = sample.t_s;
    last_t_s_ = sample.t_s;
    energy_.add(sample);
    cpu_.add(sample.cpu.util_pct);
    // The busiest GPU stands for "the GPU" (boards with two report both in the session).
    std::optional<double> gpu;
    for (const auto& g : sample.gpu)
        if (g.load_pct && (!gpu || *g.load_pct > *gpu)) gpu = g.load_pct;
    if (!sample.gpu.empty()) gpu_.add(gpu);
    if (sample.emc) emc_.add(sample.emc->util_pct);
    for (const auto& zone : sample.thermal)
        if (zone.temp_c && (!peak_c_ || *zone.temp_c > *peak_c_)) {
            peak_c_ = zone.temp_c;
            peak_zone_ = zone.name;
        }
}

void StatSummary::on_event(const analysis::Event& event) {
    if (event.state == analysis::EventState::raised) raised_.push_back(event);
}

std::string StatSummary::format(const std::string& command, int status) const {
    double duration = first_t_s_ ? *last_t_s_ - *first_t_s_ : 0;
    std::string out = fmt::format("\n edgetop stat for '{}': exit status {}, {} s, {} samples\n\n",
                                  command, status, text::number(duration, 3), samples_);
    TextTable energy;
    energy.add_row({"energy", "J", "avg W"});
    for (const auto& rail : energy_.rails())
        energy_row(energy, rail.is_total ? rail.name + " (input)" : rail.name, rail.energy);
    energy_row(energy, "total", energy_.total());
    out += energy.render("  ");
    if (energy_.rails().empty() && energy_.total().intervals == 0)
        out += "  (no power readings on this machine)\n";

    TextTable util;
    util.add_row({"utilisation %", "mean", "p95"});
    util_row(util, "cpu", cpu_);
    util_row(util, "gpu", gpu_);
    util_row(util, "emc", emc_);
    out += "\n" + util.render("  ");
    out += fmt::format(
        "\n  peak temperature  {}\n",
        peak_c_ ? fmt::format("{} ({})", text::celsius(peak_c_), text::terminal_safe(peak_zone_))
                : std::string(text::kAbsent));
    if (raised_.empty()) {
        out += "  flags             none raised\n";
    } else {
        out += "  flags raised:\n";
        for (const auto& e : raised_)
            out += fmt::format("    {} at {} s: {}\n", e.flag, text::number(e.t_s, 1),
                               text::terminal_safe(e.message));
    }
    return out;
}

}  // namespace edgetop
