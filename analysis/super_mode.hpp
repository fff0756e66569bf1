// A "Super" power mode (MAXN_SUPER, ...) on a board whose GPU does not offer the clocks the mode
// allows: on Orin Nano and NX the Super modes need the BPMP firmware of JetPack 6.2, and a board
// whose firmware was not updated keeps the old frequency table (624.75 MHz at most on Orin Nano)
// while nvpmodel reports MAXN_SUPER.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"

namespace edgetop::analysis {

// Whether a power mode's name makes it a Super mode: it contains "SUPER", in any case.
bool is_super_mode(std::string_view mode_name);

struct SuperModeClocks {
    std::string inactive_reason;  // why nothing could be compared; empty when compared
    std::string mode;             // the current power mode's name
    bool super_mode = false;      // is_super_mode(mode); nothing more is compared otherwise
    // The mode's GPU MAX_FREQ; for a mode without one (-1: no cap), the highest any mode of
    // nvpmodel.conf names, which an uncapped mode allows at least.
    int64_t mode_gpu_cap_hz = 0;
    std::string cap_from;          // the mode that names that cap
    std::string gpu;               // the GPU's name
    int64_t available_max_hz = 0;  // the highest of its available_frequencies
    bool short_of_cap = false;     // available_max_hz < mode_gpu_cap_hz

    // "power mode 15W is not a Super mode"; "power mode MAXN_SUPER caps the GPU at 1020 MHz, but
    // the available frequencies of GPU gpu stop at 624.75 MHz: ..." (the --check warning and the
    // flag's message).
    std::string message() const;
};

// The current power mode against the devfreq GPUs' frequency tables.
SuperModeClocks super_mode_clocks(const Board& board, const std::vector<GpuSample>& gpus);

}  // namespace edgetop::analysis
