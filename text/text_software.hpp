// The installed software and the module's identity as label/value rows, "n/a" where absent: the
// Info page and the text snapshot show the same rows.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "edgetop/board.hpp"

namespace edgetop::text {

using LabelledValue = std::pair<std::string, std::string>;

// Module: part number (device-tree board id) and serial number.
std::vector<LabelledValue> module_rows(const SoftwareInfo& software);
// L4T, JetPack, kernel, CUDA, cuDNN, TensorRT, VPI, OpenCV, Multimedia API.
std::vector<LabelledValue> software_rows(const SoftwareInfo& software);

}  // namespace edgetop::text
