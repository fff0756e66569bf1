// The 0.0.4 body in a build without prometheus-cpp (EDGETOP_PROMETHEUS_CPP off or not found).
#include "exporter/text_exposition.hpp"

namespace edgetop::exporter {

std::string write_text_exposition(const Families& families) {
    return write_text_exposition_own(families);
}

bool text_exposition_by_prometheus_cpp() {
    return false;
}

}  // namespace edgetop::exporter
