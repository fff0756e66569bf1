#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_engines_source() {
    return make_null_source("engines");
}

}  // namespace edgetop
