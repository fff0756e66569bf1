#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_system_source() {
    return make_null_source("system");
}

}  // namespace edgetop
