#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_gpu_source() {
    return make_null_source("gpu");
}

}  // namespace edgetop
