#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_cpu_stat_source() {
    return make_null_source("cpu_stat");
}

}  // namespace edgetop
