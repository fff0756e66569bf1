#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_memory_source() {
    return make_null_source("memory");
}

}  // namespace edgetop
