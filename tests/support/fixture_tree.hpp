// A writable copy of a fixture tree (or an empty tree) in a temporary directory, removed at the end
// of the test. Tests change files in it between samples to exercise rates, hot-plug and bad input.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace edgetop::testing {

class FixtureTree {
  public:
    // An empty tree.
    FixtureTree();
    // A copy of tests/fixtures/<board> (symlinks preserved).
    explicit FixtureTree(std::string_view board);
    ~FixtureTree();
    FixtureTree(const FixtureTree&) = delete;
    FixtureTree& operator=(const FixtureTree&) = delete;

    const std::string& root() const { return root_; }
    // Real path of a machine path inside the tree.
    std::string path(std::string_view machine_path) const;
    // Writes (creating parent directories) the content of a machine path.
    void write(std::string_view machine_path, std::string_view content) const;
    // Creates a relative symlink machine_path -> target (a machine path), like sysfs class links.
    void symlink(std::string_view machine_path, std::string_view target_machine_path) const;
    void remove(std::string_view machine_path) const;
    std::string read(std::string_view machine_path) const;

  private:
    std::string root_;
};

// The source tree's fixture directory for a board: tests/fixtures/<board>.
std::string fixture_path(std::string_view board);
// Every board tree under tests/fixtures, sorted (a new one is in every test that loops over them).
std::vector<std::string> fixture_boards();

}  // namespace edgetop::testing
