#include "support/fixture_tree.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace edgetop::testing {

std::string fixture_path(std::string_view board) {
    std::string path = EDGETOP_FIXTURES;
    path += '/';
    path += board;
    return path;
}

namespace {

// libstdc++ 10's create_directories refuses a path that is a symlink to a directory ("Not a
// directory"); later versions, like the standard, accept it. Fixture trees are full of such links
// (sys/class/hwmon/hwmonN).
void ensure_directories(const fs::path& dir) {
    if (!fs::is_directory(dir)) fs::create_directories(dir);
}

}  // namespace

FixtureTree::FixtureTree() {
    std::string pattern = (fs::temp_directory_path() / "edgetop-test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    root_ = pattern;
}

FixtureTree::FixtureTree(std::string_view board) : FixtureTree() {
    fs::copy(fixture_path(board), root_,
             fs::copy_options::recursive | fs::copy_options::copy_symlinks);
}

FixtureTree::~FixtureTree() {
    std::error_code ec;
    // Restore permissions a test may have removed, so the tree can be deleted.
    for (auto it = fs::recursive_directory_iterator(root_, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (!it->is_symlink())
            fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    fs::remove_all(root_, ec);
}

std::string FixtureTree::path(std::string_view machine_path) const {
    return root_ + std::string(machine_path);
}

void FixtureTree::write(std::string_view machine_path, std::string_view content) const {
    fs::path p = path(machine_path);
    ensure_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << content;
    if (!out) throw std::runtime_error("cannot write " + p.string());
}

void FixtureTree::symlink(std::string_view machine_path, std::string_view target) const {
    fs::path link = path(machine_path);
    ensure_directories(link.parent_path());
    ensure_directories(path(target));
    fs::create_symlink(fs::relative(path(target), link.parent_path()), link);
}

void FixtureTree::remove(std::string_view machine_path) const {
    fs::remove_all(path(machine_path));
}

std::string FixtureTree::read(std::string_view machine_path) const {
    std::ifstream in(path(machine_path), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace edgetop::testing
