#include "sensors/power/power_total.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <string_view>

namespace edgetop {
namespace {

// The rail that carries the whole module input on Nano (POM_5V_IN) and on TX2, Xavier NX,
// Orin NX and Orin Nano (VDD_IN), and the board input that Thor's INA238 measures (VIN, as
// tegrastats names it on JetPack 7 and the live reader names the INA238's rail).
constexpr std::array<std::string_view, 3> kInputRails = {"VDD_IN", "POM_5V_IN", "VIN"};

// Boards without an input rail: the total is the sum of the rails that supply the module itself.
//
// AGX Xavier: GPU, CPU, SOC, CV and VDDRQ (DRAM) are the module's main regulators on SYS_VIN_HV,
//   and SYS5V is the module's own 5 V input (SYS_VIN_MV) that feeds its PMIC LDOs (eMMC, USB,
//   I/O); all six are module power, so all six are summed.
// AGX Orin: VDD_GPU_SOC, VDD_CPU_CV and VDDQ_VDD2_1V8AO (DRAM + always-on 1.8 V) are module rails.
//   VIN_SYS_5V0 is the carrier board's 5 V system rail (USB, M.2, fan, display), not module power;
//   adding it, as jtop does, mixes carrier load into the module figure. The two "NC" channels are
//   not rails at all.
// Thor without its INA238 (VIN) readable: VDD_GPU and VDD_CPU_SOC_MSS are the module rails;
//   VIN_SYS_5V0 is the carrier 5 V rail as on AGX Orin, so it is left out for the same reason.
// USB-C (UCSI) power supplies under /sys/class/power_supply are never rails: they are the
// adapter's negotiated input, not a measurement of what the board draws.
struct ModuleRails {
    std::string_view signature;  // a rail name only this board family has
    std::span<const std::string_view> summed;
};

constexpr std::array<std::string_view, 6> kAgxXavier = {"GPU", "CPU",   "SOC",
                                                        "CV",  "VDDRQ", "SYS5V"};
constexpr std::array<std::string_view, 3> kAgxOrin = {"VDD_GPU_SOC", "VDD_CPU_CV",
                                                      "VDDQ_VDD2_1V8AO"};
constexpr std::array<std::string_view, 2> kThor = {"VDD_GPU", "VDD_CPU_SOC_MSS"};

constexpr std::array<ModuleRails, 3> kModuleRails = {{
    {"SYS5V", kAgxXavier},
    {"VDD_GPU_SOC", kAgxOrin},
    {"VDD_CPU_SOC_MSS", kThor},
}};

std::optional<size_t> index_of(const std::vector<std::string>& names, std::string_view name) {
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) return std::nullopt;
    return static_cast<size_t>(it - names.begin());
}

}  // namespace

TotalRule choose_total_rule(const std::vector<std::string>& rail_names) {
    TotalRule rule;
    for (auto input : kInputRails) {
        if ((rule.input_rail = index_of(rail_names, input))) return rule;
    }
    for (const auto& board : kModuleRails) {
        if (!index_of(rail_names, board.signature)) continue;
        for (auto name : board.summed) {
            auto index = index_of(rail_names, name);
            // A missing module rail would make the sum silently low: no total then.
            if (!index) return TotalRule{};
            rule.summed_rails.push_back(*index);
        }
        return rule;
    }
    return rule;
}

std::optional<double> apply_total_rule(const TotalRule& rule, std::span<RailSample> rails) {
    if (rule.input_rail) {
        if (*rule.input_rail >= rails.size()) return std::nullopt;
        auto& input = rails[*rule.input_rail];
        input.is_total = true;
        return input.power_mw;
    }
    if (rule.summed_rails.empty()) return std::nullopt;
    double sum = 0;
    for (size_t index : rule.summed_rails) {
        if (index >= rails.size()) return std::nullopt;
        rails[index].in_total = true;
    }
    for (size_t index : rule.summed_rails) {
        if (!rails[index].power_mw) return std::nullopt;
        sum += *rails[index].power_mw;
    }
    return sum;
}

}  // namespace edgetop
