#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_processes_source() {
    return make_null_source("processes");
}

}  // namespace edgetop
