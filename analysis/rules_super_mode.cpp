// super_mode_no_firmware: a Super power mode whose GPU clocks the board does not offer.
#include <fmt/format.h>
#include <algorithm>
#include <cctype>

#include "analysis/rules_checks.hpp"
#include "analysis/rules_window.hpp"
#include "analysis/super_mode.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop::analysis {
namespace {

// "624.75 MHz", "1020 MHz": the table's steps are not whole MHz.
std::string mhz(int64_t hz) {
    return fmt::format("{:g} MHz", static_cast<double>(hz) / 1e6);
}

// The mode's own GPU cap, else (no cap) the highest cap among the modes.
const PowerMode* gpu_cap_mode(const Board& board, const PowerMode& mode) {
    if (mode.gpu_max_hz) return &mode;
    const PowerMode* highest = nullptr;
    for (const auto& m : board.power_modes)
        if (m.gpu_max_hz && (!highest || *m.gpu_max_hz > *highest->gpu_max_hz)) highest = &m;
    return highest;
}

}  // namespace

bool is_super_mode(std::string_view mode_name) {
    return ascii::contains_ignoring_case(mode_name, "SUPER");
}

std::string SuperModeClocks::message() const {
    if (!super_mode) return fmt::format("power mode {} is not a Super mode", mode);
    std::string cap = cap_from == mode ? fmt::format("caps the GPU at {}", mhz(mode_gpu_cap_hz))
                                       : fmt::format(
                                             "leaves the GPU uncapped (at least {}, the "
                                             "cap of mode {})",
                                             mhz(mode_gpu_cap_hz), cap_from);
    if (!short_of_cap)
        return fmt::format("power mode {} {}, and the available frequencies of GPU {} reach {}",
                           mode, cap, gpu, mhz(available_max_hz));
    return fmt::format(
        "power mode {} {}, but the available frequencies of GPU {} stop at {}: the firmware for "
        "the Super modes (BPMP) seems not to be installed",
        mode, cap, gpu, mhz(available_max_hz));
}

SuperModeClocks super_mode_clocks(const Board& board, const std::vector<GpuSample>& gpus) {
    SuperModeClocks out;
    const PowerMode* mode = board.current_mode();
    if (!mode) {
        out.inactive_reason = "no current power mode";
        return out;
    }
    out.mode = mode->name;
    // hw_max_hz: the highest of devfreq's available_frequencies.
    const GpuSample* table = nullptr;
    for (const auto& g : gpus)
        if (g.hw_max_hz) table = &g;
    if (!table) {
        out.inactive_reason = "no GPU frequency table (devfreq available_frequencies)";
        return out;
    }
    out.gpu = table->name;
    out.available_max_hz = *table->hw_max_hz;
    out.super_mode = is_super_mode(mode->name);
    if (!out.super_mode) return out;
    const PowerMode* capped = gpu_cap_mode(board, *mode);
    if (!capped) {
        out.inactive_reason = "no power mode names a GPU cap (GPU MAX_FREQ in nvpmodel.conf)";
        return out;
    }
    out.mode_gpu_cap_hz = *capped->gpu_max_hz;
    out.cap_from = capped->name;
    out.short_of_cap = out.available_max_hz < out.mode_gpu_cap_hz;
    return out;
}

RuleResult check_super_mode_no_firmware(const RuleInput& in) {
    const SuperModeClocks clocks = super_mode_clocks(in.board, in.window.latest().gpu);
    if (!clocks.inactive_reason.empty()) return RuleResult::inactive(clocks.inactive_reason);
    RuleResult r;
    r.active = true;
    r.holds = clocks.short_of_cap;
    if (!in.details) return r;
    r.message = clocks.message();
    auto if_super = [&](auto value) {
        return clocks.super_mode ? nlohmann::json(value) : nlohmann::json();
    };
    r.evidence = {{"power_mode", clocks.mode},
                  {"super_mode", clocks.super_mode},
                  {"mode_gpu_max_hz", if_super(clocks.mode_gpu_cap_hz)},
                  {"cap_from_mode", if_super(clocks.cap_from)},
                  {"gpu", clocks.gpu},
                  {"available_max_hz", clocks.available_max_hz}};
    return r;
}

}  // namespace edgetop::analysis
