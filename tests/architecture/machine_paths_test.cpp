// The repository cites files by paths every clone has: its own (tests/...) or the shared captures
// beside it (../shared/data/...). A path that exists only on the machine a file was written on
// (the checkout's own parent, a workspace or home folder) is a defect a reader cannot follow.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace edgetop::testing::machine_paths {
namespace {

namespace fs = std::filesystem;

// Build outputs, caches and logs written beside them are never tracked.
bool is_skipped(const fs::path& path) {
    std::string name = path.filename().string();
    return name == ".git" || name == ".cache" || name == "dist" || name.starts_with("build") ||
           name == "fuzz-artifacts";
}

std::vector<std::string> forbidden_prefixes(const fs::path& root) {
    // The folders of the machines the project is written on (their clones live in /work or under
    // a home folder), and the checkout's parent as this build sees it where that is a folder of
    // its own: a top-level one (a chroot's /src, /tmp) is a path the scripts name on purpose.
    std::vector<std::string> prefixes = {"/work/", "/home/runner/", "/root/"};
    fs::path parent = root.parent_path();
    if (std::distance(parent.begin(), parent.end()) > 2) prefixes.push_back(parent.string() + "/");
    return prefixes;
}

// /home/<user>/ is a fixture's value where a passwd line or a user's path is the data under test;
// those files name it on purpose and are the only ones allowed to.
bool may_name_home_folders(const fs::path& relative) {
    std::string text = relative.string();
    return text.starts_with("tests/processes/") || text.starts_with("scripts/platforms/");
}

std::string line_of(const std::string& text, std::size_t at) {
    return std::to_string(1 + std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

std::vector<std::string> machine_paths_in(const fs::path& root) {
    std::vector<std::string> found;
    auto prefixes = forbidden_prefixes(root);
    for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
         ++it) {
        if (is_skipped(it->path())) {
            if (it->is_directory()) it.disable_recursion_pending();
            continue;
        }
        fs::path relative = fs::relative(it->path(), root);
        // This file holds the list itself.
        if (!it->is_regular_file() || it->file_size() > (1u << 20) ||
            relative == "tests/architecture/machine_paths_test.cpp")
            continue;
        std::ifstream in(it->path(), std::ios::binary);
        std::string text(it->file_size(), '\0');
        in.read(text.data(), static_cast<std::streamsize>(text.size()));
        bool home_allowed = may_name_home_folders(relative);
        for (const auto& prefix : prefixes) {
            if (prefix == "/root/" && home_allowed) continue;
            if (auto at = text.find(prefix); at != std::string::npos)
                found.push_back(relative.string() + ":" + line_of(text, at) + ": " + prefix);
        }
        if (home_allowed) continue;
        for (auto at = text.find("/home/"); at != std::string::npos;
             at = text.find("/home/", at + 1))
            if (text.substr(at, text.find('\n', at) - at).find("/shared/") != std::string::npos)
                found.push_back(relative.string() + ":" + line_of(text, at) + ": /home/");
    }
    return found;
}

TEST(MachinePaths, NoTrackedFileCitesAPathOfTheMachineItWasWrittenOn) {
    std::vector<std::string> found = machine_paths_in(EDGETOP_SOURCE_DIR);
    std::ostringstream list;
    for (const auto& f : found)
        list << f << "\n";
    EXPECT_TRUE(found.empty()) << list.str();
}

TEST(MachinePaths, AFileCitingTheCheckoutsParentIsFound) {
    // The checkout at /tmp/machine-paths-PID/checkout; a note cites its parent's shared data.
    fs::path top = fs::temp_directory_path() / ("machine-paths-" + std::to_string(::getpid()));
    fs::path root = top / "checkout";
    fs::create_directories(root / "tests/fixtures/notes");
    std::ofstream(root / "tests/fixtures/notes/power.md")
        << "Captured values: " << root.parent_path().string() << "/shared/data/tegrastats/x.log\n";
    std::ofstream(root / "tests/fixtures/notes/ok.md") << "See ../shared/data/SOURCES.md\n";
    std::vector<std::string> found = machine_paths_in(root);
    fs::remove_all(top);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_TRUE(found[0].starts_with("tests/fixtures/notes/power.md:1: ")) << found[0];
}

}  // namespace
}  // namespace edgetop::testing::machine_paths
