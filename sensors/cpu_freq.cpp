#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_cpu_freq_source() {
    return make_null_source("cpu_freq");
}

}  // namespace edgetop
