#include "sensors/core/source_layout.hpp"

#include <sys/stat.h>

#include <cerrno>

#include "sensors/core/sysfs_root.hpp"

namespace edgetop {
namespace {

SourceLayout::Identity identity_at(const std::string& real_path) {
    struct stat st {};
    if (::stat(real_path.c_str(), &st) != 0) return {0, 0, errno};
    return {st.st_dev, st.st_ino, 0};
}

}  // namespace

void SourceLayout::add_glob(std::string machine_pattern, std::vector<std::string> matches) {
    for (const auto& glob : globs_)
        if (glob.pattern == machine_pattern) return;
    globs_.push_back({std::move(machine_pattern), std::move(matches)});
}

void SourceLayout::add_path(const std::string& real_path) {
    if (paths_.contains(real_path)) return;
    paths_.emplace(real_path, identity_at(real_path));
}

void SourceLayout::clear() {
    globs_.clear();
    paths_.clear();
}

bool SourceLayout::changed(const Root& root) const {
    for (const auto& glob : globs_)
        if (root.glob(glob.pattern) != glob.matches) return true;
    for (const auto& [path, identity] : paths_)
        if (identity_at(path) != identity) return true;
    return false;
}

}  // namespace edgetop
