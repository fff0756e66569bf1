// What one source's discover() looked at, so that the sampler can tell cheaply whether it would
// find something else now: the globs it ran with what they matched, and for each path it resolved
// the directory holding it (a file that was there) or the path itself (one that was not), with the
// file found there (its device and inode, or why there was none).
//
// Checking is one readdir per glob and one stat per directory or missing path, shared by all the
// sources in one LayoutLook, against discovering again, which opens and reads every file. A new
// hwmon chip, devfreq node or CPU changes a glob's matches; a device directory that vanishes or is
// replaced (a driver unloaded and loaded again under the same name) changes the identity at its
// path, and so does a file that appears where a source probed for it. Directory mtimes would be
// cheaper still, but sysfs does not keep them.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

struct PathIdentity {
    dev_t device = 0;
    ino_t inode = 0;
    int error = 0;  // errno of a failed stat (ENOENT: nothing there)
    bool operator==(const PathIdentity&) const = default;
};

PathIdentity identity_at(const std::string& real_path);

// One look at the tree for all the sources: each glob run and each path stat'ed once.
class LayoutLook {
  public:
    explicit LayoutLook(const Root& root) : root_(root) {}
    const std::vector<std::string>& glob(const std::string& machine_pattern);
    const PathIdentity& identity(const std::string& real_path);

  private:
    const Root& root_;
    std::unordered_map<std::string, std::vector<std::string>> globs_;
    std::unordered_map<std::string, PathIdentity> identities_;
};

class SourceLayout {
  public:
    // Recorded by a Root made with Root::recording_into() while the source discovers.
    void add_glob(std::string machine_pattern, std::vector<std::string> matches);
    void add_path(const std::string& real_path);
    void clear();

    // Whether a glob now matches other names, or a watched path now holds another file (or none,
    // or one where there was none).
    bool changed(LayoutLook& look) const;
    // Globs and paths a check looks at (the bench's measure of its cost).
    std::size_t size() const { return globs_.size() + watched_.size(); }

  private:
    struct Glob {
        std::string pattern;
        std::vector<std::string> matches;
    };
    std::vector<Glob> globs_;
    std::map<std::string, PathIdentity> watched_;
};

}  // namespace edgetop
