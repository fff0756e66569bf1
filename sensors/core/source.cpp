#include "sensors/core/source.hpp"

namespace edgetop {

const char* to_string(SourceStatus::State state) {
    switch (state) {
        case SourceStatus::State::found:
            return "found";
        case SourceStatus::State::absent:
            return "absent";
        case SourceStatus::State::needs_root:
            return "needs root";
    }
    return "absent";
}

}  // namespace edgetop
