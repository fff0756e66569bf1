// The installed software and the module's identity as label/value rows, "n/a" where absent: the
// Info page and the text snapshot show the same rows.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "edgetop/board.hpp"

namespace edgetop::text {

using LabelledValue = std::pair<std::string, std::string>;

// JetPack as shown beside L4T: the version, "unknown" on a Jetson whose L4T neither the
// nvidia-jetpack package nor the table answers for ("L4T 39.3, JetPack unknown"), "n/a" without
// L4T.
std::string jetpack_text(const std::optional<std::string>& l4t,
                         const std::optional<std::string>& jetpack);

// Module: part number (device-tree board id) and serial number.
std::vector<LabelledValue> module_rows(const SoftwareInfo& software);
// L4T, JetPack, kernel, CUDA, cuDNN, TensorRT, VPI, OpenCV, Multimedia API.
std::vector<LabelledValue> software_rows(const SoftwareInfo& software);

}  // namespace edgetop::text
