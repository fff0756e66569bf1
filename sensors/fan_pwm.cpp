#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_fan_source() {
    return make_null_source("fan");
}

}  // namespace edgetop
