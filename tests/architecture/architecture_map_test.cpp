// ARCHITECTURE.md's table of libraries is the map a newcomer reads first: it must name every
// library of cmake/libraries.txt, in its folder, with exactly what the table lets it use.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/include_graph.hpp"

namespace edgetop::testing::architecture_map {
namespace {

struct MapRow {
    std::vector<std::string> names;
    std::string folder;  // "sensors/<family>" stands for each name's own folder
    std::set<std::string> uses;
};

std::vector<std::string> cells_of(const std::string& line) {
    std::vector<std::string> cells;
    std::istringstream in(line.substr(1));
    std::string cell;
    while (std::getline(in, cell, '|')) {
        auto first = cell.find_first_not_of(' ');
        auto last = cell.find_last_not_of(' ');
        cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
    }
    return cells;
}

std::vector<std::string> split_list(std::string text) {
    std::vector<std::string> items;
    std::istringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        auto first = item.find_first_not_of(' ');
        if (first != std::string::npos) items.push_back(item.substr(first));
    }
    return items;
}

// The rows of the table under "| Library | Folder | May use | Job |".
std::vector<MapRow> map_rows(const std::string& path) {
    std::ifstream in(path);
    std::vector<MapRow> rows;
    std::string line;
    bool in_table = false;
    while (std::getline(in, line)) {
        if (line.starts_with("| Library | Folder | May use |")) {
            in_table = true;
            continue;
        }
        if (!in_table || line.starts_with("|---")) continue;
        if (!line.starts_with("|")) break;
        auto cells = cells_of(line);
        if (cells.size() < 3) continue;
        MapRow row{split_list(cells[0]), cells[1], {}};
        std::string& folder = row.folder;
        folder.erase(std::remove(folder.begin(), folder.end(), '`'), folder.end());
        if (folder.ends_with("/")) folder.pop_back();
        for (const auto& use : split_list(cells[2]))
            if (use != "–" && use != "-") row.uses.insert(use);
        rows.push_back(row);
    }
    return rows;
}

std::vector<std::string> differences(const std::vector<MapRow>& rows, const LibraryTable& table) {
    std::vector<std::string> problems;
    std::map<std::string, const MapRow*> row_of;
    for (const auto& row : rows)
        for (const auto& name : row.names) {
            if (row_of.contains(name)) problems.push_back(name + ": in two rows");
            row_of[name] = &row;
        }
    for (const auto& library : table.libraries) {
        auto found = row_of.find(library.name);
        if (found == row_of.end()) {
            problems.push_back(library.name + ": not in the map");
            continue;
        }
        const MapRow& row = *found->second;
        std::string folder = row.folder;
        if (auto at = folder.find("<family>"); at != std::string::npos)
            folder.replace(at, 8, library.name);
        if (folder != library.folder)
            problems.push_back(library.name + ": folder " + folder + ", the table says " +
                               library.folder);
        std::set<std::string> uses;
        for (const auto& use : library.uses)
            if (use != "-") uses.insert(use);
        if (uses != row.uses) problems.push_back(library.name + ": may use differs");
        row_of.erase(found);
    }
    for (const auto& [name, row] : row_of)
        problems.push_back(name + ": in the map, not in cmake/libraries.txt");
    return problems;
}

TEST(ArchitectureMap, NamesEveryLibraryItsFolderAndWhatItMayUse) {
    const std::string root = EDGETOP_SOURCE_DIR;
    LibraryTable table = read_library_table(root + "/cmake/libraries.txt");
    ASSERT_FALSE(table.libraries.empty());
    std::vector<MapRow> rows = map_rows(root + "/ARCHITECTURE.md");
    ASSERT_FALSE(rows.empty()) << "no table of libraries in ARCHITECTURE.md";
    std::ostringstream list;
    for (const auto& p : differences(rows, table))
        list << p << "\n";
    EXPECT_EQ(list.str(), "");
}

TEST(ArchitectureMap, AMissingLibraryAndAWrongUseAreFound) {
    LibraryTable table;
    table.libraries = {{"model", "include/edgetop", {"-"}},
                       {"core", "sensors/core", {"model"}},
                       {"io", "sensors/io", {"core"}},
                       {"gpu", "sensors/gpu", {"core"}}};
    std::vector<MapRow> rows = {{{"model"}, "include/edgetop", {}},
                                {{"core"}, "sensors/core", {"model", "gpu"}},
                                {{"gpu"}, "sensors/<family>", {"core"}}};
    EXPECT_EQ(differences(rows, table),
              (std::vector<std::string>{"core: may use differs", "io: not in the map"}));
}

}  // namespace
}  // namespace edgetop::testing::architecture_map
