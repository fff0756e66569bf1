// The filesystem edgetop reads: "/" on a live machine, a fake tree under --root in tests.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace edgetop {

class SourceLayout;

class Root {
  public:
    explicit Root(std::string prefix = "/");

    // The real path of an absolute machine path ("/proc/stat" -> "<root>/proc/stat").
    std::string path(std::string_view machine_path) const;
    // The machine path of a real path under the root (inverse of path()).
    std::string machine_path(std::string_view real_path) const;
    // Machine paths matching a glob(3) pattern given as a machine path, sorted naturally
    // (thermal_zone2 before thermal_zone10).
    std::vector<std::string> glob(std::string_view machine_pattern) const;
    bool is_live() const { return prefix_.empty(); }
    const std::string& prefix() const { return prefix_; }
    // The same tree, with every path() and glob() through it noted in `layout` (which must
    // outlive the copy): what a source looked at while it discovered.
    Root recording_into(SourceLayout& layout) const;

  private:
    std::string prefix_;  // empty for "/"
    SourceLayout* layout_ = nullptr;
};

// Orders strings comparing embedded numbers by value: "cpu2" < "cpu10".
bool natural_less(std::string_view a, std::string_view b);

}  // namespace edgetop
