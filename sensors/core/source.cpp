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

SourceStatus file_status(std::string name, const std::string& path, const SysFile& file,
                         std::string absent_hint, std::string denied_hint) {
    SourceStatus s{std::move(name), SourceStatus::State::absent, path, ""};
    switch (file.open_result()) {
        case OpenResult::ok:
            s.state = SourceStatus::State::found;
            break;
        case OpenResult::needs_root:
            s.state = SourceStatus::State::needs_root;
            s.hint =
                denied_hint.empty()
                    ? "not readable by this user: run as root, or see PERMISSIONS in edgetop(1)"
                    : std::move(denied_hint);
            break;
        case OpenResult::absent:
            s.hint =
                absent_hint.empty() ? "no " + path + " under this root" : std::move(absent_hint);
            break;
        case OpenResult::error:
        case OpenResult::not_regular:
            s.hint = describe(file.open_result());
            break;
    }
    return s;
}

}  // namespace edgetop
