#include "sensors/gpu/gpu_probe.hpp"

#include <filesystem>

namespace edgetop {

ProbedFile open_first_readable(const Root& root,
                               std::initializer_list<std::string_view> candidates) {
    ProbedFile denied;
    bool have_denied = false;
    size_t index = 0;
    for (std::string_view candidate : candidates) {
        SysFile file(root.path(candidate));
        if (file.open_result() == OpenResult::ok)
            return {std::move(file), OpenResult::ok, std::string(candidate), index};
        if (!have_denied && file.open_result() == OpenResult::needs_root) {
            denied = {SysFile(), OpenResult::needs_root, std::string(candidate), index};
            have_denied = true;
        }
        ++index;
    }
    if (have_denied) return denied;
    std::string first = candidates.size() > 0 ? std::string(*candidates.begin()) : std::string();
    return {SysFile(), OpenResult::absent, first, 0};
}

std::string machine_realpath(const Root& root, std::string_view machine_path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path resolved = fs::canonical(root.path(machine_path), ec);
    if (ec) return std::string(machine_path);
    if (root.is_live()) return resolved.string();
    // The root prefix itself may contain symlinks (e.g. /tmp), so compare canonical forms.
    fs::path prefix = fs::canonical(root.prefix(), ec);
    if (ec) return std::string(machine_path);
    std::string full = resolved.string();
    std::string base = prefix.string();
    if (full.size() > base.size() && full.compare(0, base.size(), base) == 0 &&
        full[base.size()] == '/')
        return full.substr(base.size());
    return std::string(machine_path);
}

SourceStatus file_status(std::string name, OpenResult state, std::string machine_path,
                         std::string_view absent_hint, std::string_view denied_hint) {
    SourceStatus status;
    status.name = std::move(name);
    status.path = std::move(machine_path);
    switch (state) {
        case OpenResult::ok:
            status.state = SourceStatus::State::found;
            break;
        case OpenResult::needs_root:
            status.state = SourceStatus::State::needs_root;
            status.hint = std::string(denied_hint);
            break;
        case OpenResult::absent:
        case OpenResult::error:
            status.state = SourceStatus::State::absent;
            status.hint = std::string(absent_hint);
            break;
        case OpenResult::not_regular:
            status.state = SourceStatus::State::absent;
            status.hint = describe(state);
            break;
    }
    return status;
}

}  // namespace edgetop
