// The 0.0.4 body written by prometheus-cpp's TextSerializer from a copy of the families in its
// own model. Compiled only when the build found prometheus-cpp; tests compare it with
// write_text_exposition_own().
#pragma once

#include <string>

#include "exporter/metric_family.hpp"

namespace edgetop::exporter {

std::string write_text_exposition_prometheus_cpp(const Families& families);

}  // namespace edgetop::exporter
