#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_thermal_source() {
    return make_null_source("thermal");
}

}  // namespace edgetop
