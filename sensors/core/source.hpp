// The interface every sensor reader implements: discover once, then poll cheaply.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

// What `edgetop --check` and the session header say about one input of a source.
struct SourceStatus {
    enum class State { found, absent, needs_root };
    std::string name;  // "cpu.stat", "gpu.devfreq", "emc.actmon", ...
    State state = State::absent;
    std::string path;  // machine path that was found, or that would be read
    std::string hint;  // how to grant access, or why it is absent
};

const char* to_string(SourceStatus::State state);

// The status of one file a source reads at `path` (its machine path): found when it is open;
// "needs root" when it is there but this user may not read it (`denied_hint`, or how to grant
// it); else absent with `absent_hint` ("no PATH under this root" when empty), or the reason a file
// that is there was refused ("not a regular file").
SourceStatus file_status(std::string name, const std::string& path, const SysFile& file,
                         std::string absent_hint = "", std::string denied_hint = "");

class Source {
  public:
    virtual ~Source() = default;
    virtual std::string name() const = 0;
    // Globs the tree once and opens the files that poll() reads. Returns whether anything was
    // found. Called again, at a slow rate, while it returns false (a devfreq node can appear after
    // boot).
    virtual bool discover(const Root& root) = 0;
    // Reads the opened files into the sample. Never throws; unreadable values stay absent.
    virtual void poll(Sample& sample) = 0;
    // Static facts for the Board (power modes, trip points, identity); default: none.
    virtual void describe(Board&) const {}
    virtual std::vector<SourceStatus> status() const = 0;
};

using SourcePtr = std::unique_ptr<Source>;

}  // namespace edgetop
