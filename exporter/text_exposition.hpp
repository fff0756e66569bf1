// The Prometheus text exposition format 0.0.4 of a set of families
// (https://prometheus.io/docs/instrumenting/exposition_formats/), written by prometheus-cpp's
// TextSerializer where the build found prometheus-cpp (EDGETOP_PROMETHEUS_CPP) and by edgetop's
// own writer otherwise. The two give the same bytes: HELP text as given, label values with \\, \"
// and \n escaped, values as printf's "%.16g" in the C locale ("Nan", "+Inf", "-Inf").
#pragma once

#include <string>

#include "exporter/metric_family.hpp"

namespace edgetop::exporter {

// The body `edgetop serve` answers with, by whichever writer this build uses.
std::string write_text_exposition(const Families& families);

// edgetop's own writer, compiled into every build.
std::string write_text_exposition_own(const Families& families);

// Whether write_text_exposition() is prometheus-cpp's.
bool text_exposition_by_prometheus_cpp();

}  // namespace edgetop::exporter
