// The Prometheus text exposition format 0.0.4 of a set of families
// (https://prometheus.io/docs/instrumenting/exposition_formats/): HELP text with \\ and \n
// escaped, label values with \\, \" and \n escaped, values as printf's "%.16g" in the C locale
// ("Nan", "+Inf", "-Inf"). Hand-written: the format is a few lines of escaping, where the library
// would bring civetweb and libcurl into every install and has no static form on the targets.
#pragma once

#include <string>

#include "exporter/metric_family.hpp"

namespace edgetop::exporter {

// The body `edgetop serve` answers with.
std::string write_text_exposition(const Families& families);

}  // namespace edgetop::exporter
