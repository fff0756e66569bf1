// Which board a tegrastats line comes from. tegrastats never prints the board's name, but each
// module family has its own rail names (INA3221 labels), temperature zone names and core count.
#include <algorithm>

#include "import/tegrastats/tegrastats_importer.hpp"

namespace edgetop {
namespace {

bool has_rail(const Sample& sample, std::string_view name) {
    return std::any_of(sample.rails.begin(), sample.rails.end(),
                       [&](const RailSample& rail) { return rail.name == name; });
}

bool has_zone(const Sample& sample, std::string_view name) {
    return std::any_of(sample.thermal.begin(), sample.thermal.end(),
                       [&](const ThermalSample& zone) { return zone.name == name; });
}

BoardGuess orin_by_cores(std::size_t cores) {
    // AGX Orin has 8 or 12 cores, Orin NX 16GB 8, Orin Nano and Orin NX 8GB 6: a 6-core line
    // cannot tell Orin NX 8GB from Orin Nano and is reported as orin-nano; an 8-core line with no
    // AGX rail is reported as orin-nx.
    if (cores >= 12) return {"agx-orin", "tegra234"};
    if (cores == 8) return {"orin-nx", "tegra234"};
    return {"orin-nano", "tegra234"};
}

}  // namespace

std::optional<BoardGuess> guess_board(const Sample& sample) {
    const std::size_t cores = sample.cpu.cores.size();
    if (has_rail(sample, "POM_5V_IN")) return BoardGuess{"nano", "tegra210"};
    // Thor's module rail (VDD_CPU_SOC_MSS) before AGX Orin's: both carry VIN_SYS_5V0.
    if (has_rail(sample, "VDD_CPU_SOC_MSS")) return BoardGuess{"thor", "tegra264"};
    if (has_rail(sample, "VDD_GPU_SOC") || has_rail(sample, "VIN_SYS_5V0") ||
        has_rail(sample, "VDDQ_VDD2_1V8AO")) {
        return BoardGuess{"agx-orin", "tegra234"};
    }
    if (has_rail(sample, "SYS5V") || has_rail(sample, "VDDRQ")) {
        return BoardGuess{"agx-xavier", "tegra194"};
    }
    // Denver (BCPU/MCPU zones) is TX2 only.
    if (has_zone(sample, "BCPU") || has_zone(sample, "MCPU")) return BoardGuess{"tx2", "tegra186"};
    // Orin's zones: "tj" (junction) with SOC0..2 or soc0..2.
    if (has_zone(sample, "tj") || has_zone(sample, "soc0") || has_zone(sample, "SOC0")) {
        return orin_by_cores(cores);
    }
    // Xavier's zones: AUX and AO.
    if (has_zone(sample, "AUX")) {
        if (cores == 8) return BoardGuess{"agx-xavier", "tegra194"};
        return BoardGuess{"xavier-nx", "tegra194"};
    }
    // Nano: PLL and AO zones and four cores (TX2 has PLL too, but also BCPU).
    if (has_zone(sample, "PLL") && cores == 4) return BoardGuess{"nano", "tegra210"};
    return std::nullopt;
}

}  // namespace edgetop
