#include "text/text_gpc.hpp"

#include <fmt/format.h>

#include "text/text_units.hpp"

namespace edgetop::text {

std::string format_gpc_clocks(const std::vector<GpcSample>& gpcs) {
    if (gpcs.empty()) return kAbsent;
    std::string out;
    for (const auto& gpc : gpcs) {
        if (!out.empty()) out += "  ";
        std::string clock =
            gpc.freq_hz && *gpc.freq_hz == 0 ? "gated" : format_freq_hz(gpc.freq_hz);
        out += fmt::format("GPC{} {}", gpc.id, clock);
    }
    return out;
}

}  // namespace edgetop::text
