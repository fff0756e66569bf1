#include "sensors/core/source_layout.hpp"

#include <sys/stat.h>

#include <cerrno>

namespace edgetop {

PathIdentity identity_at(const std::string& real_path) {
    struct stat st {};
    if (::stat(real_path.c_str(), &st) != 0) return {0, 0, errno};
    return {st.st_dev, st.st_ino, 0};
}

const std::vector<std::string>& LayoutLook::glob(const std::string& machine_pattern) {
    auto it = globs_.find(machine_pattern);
    if (it == globs_.end()) it = globs_.emplace(machine_pattern, root_.glob(machine_pattern)).first;
    return it->second;
}

const PathIdentity& LayoutLook::identity(const std::string& real_path) {
    auto it = identities_.find(real_path);
    if (it == identities_.end()) it = identities_.emplace(real_path, identity_at(real_path)).first;
    return it->second;
}

void SourceLayout::add_glob(std::string machine_pattern, std::vector<std::string> matches) {
    for (const auto& glob : globs_)
        if (glob.pattern == machine_pattern) return;
    globs_.push_back({std::move(machine_pattern), std::move(matches)});
}

void SourceLayout::add_path(const std::string& real_path) {
    // A file that is there is watched through its directory (the files of one device directory
    // share one stat); one that is not, at its own path, so that its appearing is seen.
    PathIdentity identity = identity_at(real_path);
    std::string watched = real_path;
    if (identity.error == 0) {
        auto slash = real_path.find_last_of('/');
        if (slash != std::string::npos && slash > 0) watched = real_path.substr(0, slash);
    }
    if (watched_.contains(watched)) return;
    watched_.emplace(watched, watched == real_path ? identity : identity_at(watched));
}

void SourceLayout::clear() {
    globs_.clear();
    watched_.clear();
}

bool SourceLayout::changed(LayoutLook& look) const {
    for (const auto& glob : globs_)
        if (look.glob(glob.pattern) != glob.matches) return true;
    for (const auto& [path, identity] : watched_)
        if (look.identity(path) != identity) return true;
    return false;
}

}  // namespace edgetop
