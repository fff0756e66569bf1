#include "sensors/source.hpp"

namespace edgetop {

SourcePtr make_board_source() {
    return make_null_source("board");
}

}  // namespace edgetop
