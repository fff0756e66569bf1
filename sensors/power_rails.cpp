#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_power_source() {
    return make_null_source("power");
}

}  // namespace edgetop
