// Checks every #include "..." of the libraries' folders against the table of libraries
// (cmake/libraries.txt): a file may include its own library's headers and those of the libraries
// its library may use, directly or through them.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace edgetop::testing {

struct LibraryRule {
    std::string name;
    std::string folder;             // relative to the tree's root: "sensors/cpu"
    std::vector<std::string> uses;  // as written in the table
};

struct LibraryTable {
    std::vector<LibraryRule> libraries;  // in the table's order, lowest layer first
    std::vector<std::string> problems;   // lines that name an unknown or later library
};

LibraryTable read_library_table(const std::filesystem::path& file);

// One line per include the table forbids, and per source file outside every library's folder
// (but for the folders in `not_libraries`): "FILE: #include "X": why".
std::vector<std::string> include_violations(const std::filesystem::path& root,
                                            const LibraryTable& table,
                                            const std::vector<std::string>& not_libraries);

}  // namespace edgetop::testing
