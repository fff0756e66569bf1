#include "support/fixture_tree.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
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

std::vector<std::string> fixture_boards() {
    std::vector<std::string> boards;
    for (const auto& entry : std::filesystem::directory_iterator(EDGETOP_FIXTURES))
        if (std::filesystem::is_directory(entry.path() / "sys"))
            boards.push_back(entry.path().filename().string());
    std::sort(boards.begin(), boards.end());
    return boards;
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
    // Restore permissions a test may have removed, so the tree can be deleted: a directory's
    // (a file's own mode does not keep it from being deleted). Large trees hold tens of thousands
    // of files, each a system call saved.
    for (auto it = fs::recursive_directory_iterator(root_, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (!it->is_symlink() && it->is_directory())
            fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    fs::remove_all(root_, ec);
}

std::string FixtureTree::path(std::string_view machine_path) const {
    return root_ + std::string(machine_path);
}

void FixtureTree::write(std::string_view machine_path, std::string_view content) const {
    // System calls rather than a stream, and the directories made only when missing: large trees
    // write tens of thousands of files, where a stream's buffer and a check of the directory
    // cost more than the write.
    fs::path p = path(machine_path);
    auto open_file = [&] {
        return ::open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    };
    int fd = open_file();
    if (fd < 0 && errno == ENOENT) {
        ensure_directories(p.parent_path());
        fd = open_file();
    }
    if (fd < 0) throw std::runtime_error("cannot write " + p.string());
    bool written = true;
    for (std::size_t done = 0; written && done < content.size();) {
        ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) continue;
        written = n > 0;
        if (written) done += static_cast<std::size_t>(n);
    }
    if (::close(fd) != 0 || !written) throw std::runtime_error("cannot write " + p.string());
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
