// What one source's discover() looked at, so that the sampler can tell cheaply whether it would
// find something else now: the globs it ran with what they matched, and the paths it resolved with
// the file found at each (its device and inode, or why there was none).
//
// Checking is one readdir per glob and one stat per path, against discovering again, which opens
// and reads every file. A new hwmon chip, devfreq node or CPU changes a glob's matches; a file that
// appears, vanishes or is replaced by another (a driver unloaded and loaded again, a tree under
// --root rewritten by rename) changes the identity at its path.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace edgetop {

class Root;

class SourceLayout {
  public:
    // Recorded by a Root made with Root::recording_into() while the source discovers.
    void add_glob(std::string machine_pattern, std::vector<std::string> matches);
    void add_path(const std::string& real_path);
    void clear();

    // Whether a glob now matches other names, or a path now holds another file (or none, or one
    // where there was none).
    bool changed(const Root& root) const;
    // Globs and paths a check looks at (the bench's measure of its cost).
    std::size_t size() const { return globs_.size() + paths_.size(); }

    struct Identity {
        dev_t device = 0;
        ino_t inode = 0;
        int error = 0;  // errno of a failed stat (ENOENT: nothing there)
        bool operator==(const Identity&) const = default;
    };

  private:
    struct Glob {
        std::string pattern;
        std::vector<std::string> matches;
    };
    std::vector<Glob> globs_;
    std::map<std::string, Identity> paths_;
};

}  // namespace edgetop
