#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_emc_source() {
    return make_null_source("emc");
}

}  // namespace edgetop
