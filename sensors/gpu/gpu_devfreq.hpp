// GPU discovery rules, exposed for tests.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace edgetop {

// Whether a devfreq device's of_node name is an integrated GPU: gv11b (Xavier), gp10b (TX2),
// ga10b (Orin), gb10b, or any name containing "gpu" (Nano, Orin on JetPack 6).
bool is_gpu_of_node_name(std::string_view name);

// Whether a devfreq node without an of_node is a GPU: Thor's graphics clock domain "gpu-gpc-N"
// (its sibling "gpu-nvd-N" is the video decoder clock, not a GPU).
bool is_gpu_devfreq_name(std::string_view devfreq_name);

// A devfreq available_frequencies list ("76800000 153600000 ..."). Tokens that are not positive
// integers are skipped.
std::vector<int64_t> parse_frequency_list(std::string_view text);

}  // namespace edgetop
