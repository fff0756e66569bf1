// Hardware engine on/off and load rules, exposed for tests.
#pragma once

#include <cstdint>
#include <optional>

namespace edgetop {

// Whether one engine clock is running. clk_enable_count is a reference count, so any value >= 1
// means on (not only 1). PVA sub-clocks run with an enable count of 0 on Orin and Thor, so for
// them a non-zero rate also means on.
std::optional<bool> engine_clock_online(std::optional<int64_t> enable_count,
                                        std::optional<int64_t> rate_hz, bool rate_means_on);

// An engine's `load` file (per mille, as the GPU's) in percent; nullopt outside 0-1000.
std::optional<double> engine_load_percent(std::optional<int64_t> per_mille);

}  // namespace edgetop
