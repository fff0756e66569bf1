#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/include_graph.hpp"

namespace fs = std::filesystem;
using edgetop::testing::include_violations;
using edgetop::testing::read_library_table;

namespace {

// Folders with code that no library holds: the tests, the benchmarks and the static build's
// stand-ins for libsystemd (cmake/Static.cmake links them into every program).
const std::vector<std::string> kNotLibraries = {"tests", "bench", "static"};

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines)
        text += line + "\n";
    return text;
}

class Tree {
  public:
    Tree() : root_(fs::temp_directory_path() / ("include-graph-" + std::to_string(::getpid()))) {
        fs::remove_all(root_);
    }
    ~Tree() { fs::remove_all(root_); }
    void write(const std::string& path, const std::string& text) const {
        fs::create_directories((root_ / path).parent_path());
        std::ofstream(root_ / path) << text;
    }
    const fs::path& root() const { return root_; }

  private:
    fs::path root_;
};

const char* kSmallTable =
    "# library folder may use\n"
    "model include/edgetop -\n"
    "core sensors/core model\n"
    "cpu sensors/cpu core\n"
    "analysis analysis core\n";

}  // namespace

TEST(IncludeGraph, TheTreeFollowsTheLibraryTable) {
    fs::path root = EDGETOP_SOURCE_DIR;
    auto table = read_library_table(root / "cmake/libraries.txt");
    EXPECT_EQ(joined(table.problems), "");
    ASSERT_GE(table.libraries.size(), 10u);
    EXPECT_EQ(joined(include_violations(root, table, kNotLibraries)), "");
}

TEST(IncludeGraph, NamesTheFileTheIncludeAndTheRule) {
    Tree tree;
    tree.write("cmake/libraries.txt", kSmallTable);
    tree.write("include/edgetop/sample.hpp", "#pragma once\n");
    tree.write("sensors/core/source.hpp", "#pragma once\n#include \"edgetop/sample.hpp\"\n");
    tree.write("sensors/cpu/cpu_stat.cpp", "#include \"sensors/core/source.hpp\"\n");
    tree.write("analysis/rates.hpp", "#pragma once\n");
    // Upward, and sideways between two sensor-level libraries through a relative path.
    tree.write("sensors/core/sampler.cpp", "#include \"analysis/rates.hpp\"\n");
    tree.write("analysis/rules.cpp", "  #  include \"../sensors/cpu/cpu_stat.cpp\"\n");
    auto table = read_library_table(tree.root() / "cmake/libraries.txt");
    EXPECT_EQ(joined(include_violations(tree.root(), table, kNotLibraries)),
              "analysis/rules.cpp: #include \"../sensors/cpu/cpu_stat.cpp\": a header of cpu, "
              "but analysis (analysis) may use only core, model (cmake/libraries.txt)\n"
              "sensors/core/sampler.cpp: #include \"analysis/rates.hpp\": a header of analysis, "
              "but core (sensors/core) may use only model (cmake/libraries.txt)\n");
}

TEST(IncludeGraph, AllowsWhatTheUsedLibrariesUseInTurn) {
    Tree tree;
    tree.write("cmake/libraries.txt", kSmallTable);
    tree.write("include/edgetop/sample.hpp", "#pragma once\n");
    tree.write("sensors/core/source.hpp", "#pragma once\n");
    tree.write("sensors/cpu/cpu_list.hpp", "#pragma once\n");
    tree.write("sensors/cpu/cpu_stat.cpp",
               "#include \"cpu_list.hpp\"\n#include \"edgetop/sample.hpp\"\n"
               "#include \"sensors/core/source.hpp\"\n#include <vector>\n");
    auto table = read_library_table(tree.root() / "cmake/libraries.txt");
    EXPECT_EQ(joined(include_violations(tree.root(), table, kNotLibraries)), "");
}

TEST(IncludeGraph, ReportsCodeOutsideEveryLibraryAndMissingHeaders) {
    Tree tree;
    tree.write("cmake/libraries.txt", kSmallTable);
    tree.write("widgets/gauge.cpp", "\n");
    tree.write("tests/cpu/cpu_test.cpp", "#include \"widgets/gauge.hpp\"\n");
    tree.write("sensors/cpu/cpu_stat.cpp", "#include \"sensors/cpu/gone.hpp\"\n");
    auto table = read_library_table(tree.root() / "cmake/libraries.txt");
    EXPECT_EQ(joined(include_violations(tree.root(), table, kNotLibraries)),
              "sensors/cpu/cpu_stat.cpp: #include \"sensors/cpu/gone.hpp\": names no file in the "
              "tree\n"
              "widgets/gauge.cpp: in no library's folder (cmake/libraries.txt)\n");
}

TEST(IncludeGraph, TableNamesOnlyLibrariesListedAboveThem) {
    Tree tree;
    tree.write("cmake/libraries.txt", "core sensors/core model\nmodel include/edgetop -\n");
    auto table = read_library_table(tree.root() / "cmake/libraries.txt");
    EXPECT_EQ(joined(table.problems), "core uses model, which is not listed above it\n");
}
