#include "support/include_graph.hpp"

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace edgetop::testing {

namespace fs = std::filesystem;

namespace {

bool is_source(const fs::path& path) {
    auto ext = path.extension();
    return ext == ".cpp" || ext == ".hpp" || ext == ".h";
}

bool starts_with_folder(const std::string& path, const std::string& folder) {
    return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
           path[folder.size()] == '/';
}

// The library whose folder is the longest prefix of `path` (relative to the root), or null.
const LibraryRule* owner_of(const std::string& path, const LibraryTable& table) {
    const LibraryRule* owner = nullptr;
    for (const auto& library : table.libraries)
        if (starts_with_folder(path, library.folder) &&
            (!owner || library.folder.size() > owner->folder.size()))
            owner = &library;
    return owner;
}

std::map<std::string, std::set<std::string>> allowed_uses(const LibraryTable& table) {
    std::map<std::string, std::set<std::string>> allowed;
    for (const auto& library : table.libraries) {
        auto& uses = allowed[library.name];
        for (const auto& used : library.uses) {
            auto found = allowed.find(used);
            if (found == allowed.end()) continue;  // reported by read_library_table
            uses.insert(used);
            uses.insert(found->second.begin(), found->second.end());
        }
    }
    return allowed;
}

std::string rule_text(const LibraryRule& library, const std::set<std::string>& uses) {
    std::string text = library.name + " (" + library.folder + ") may use ";
    if (uses.empty()) return text + "no other library (cmake/libraries.txt)";
    std::string names;
    for (const auto& used : uses)
        names += (names.empty() ? "" : ", ") + used;
    return text + "only " + names + " (cmake/libraries.txt)";
}

std::string relative_to(const fs::path& path, const fs::path& root) {
    return path.lexically_normal().lexically_relative(root.lexically_normal()).generic_string();
}

// Where `included` names a file: next to the including file first, then from the include roots
// the build uses (the tree's root, include/). Empty when it names no file in the tree.
std::string resolve(const fs::path& root, const fs::path& from, const std::string& included) {
    for (const auto& base : {from.parent_path(), root, root / "include"}) {
        fs::path candidate = (base / included).lexically_normal();
        std::error_code error;
        if (fs::is_regular_file(candidate, error)) return relative_to(candidate, root);
    }
    return {};
}

std::vector<std::string> quoted_includes(const fs::path& file) {
    static const std::regex include_line(R"re(^\s*#\s*include\s*"([^"]+)")re");
    std::vector<std::string> includes;
    std::ifstream in(file);
    std::string line;
    std::smatch match;
    while (std::getline(in, line))
        if (std::regex_search(line, match, include_line)) includes.push_back(match[1]);
    return includes;
}

}  // namespace

LibraryTable read_library_table(const fs::path& file) {
    LibraryTable table;
    std::ifstream in(file);
    if (!in) {
        table.problems.push_back(file.string() + ": cannot be read");
        return table;
    }
    std::set<std::string> known;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        LibraryRule library;
        words >> library.name >> library.folder;
        for (std::string used; words >> used;)
            if (used != "-") library.uses.push_back(used);
        for (const auto& used : library.uses)
            if (!known.count(used))
                table.problems.push_back(library.name + " uses " + used +
                                         ", which is not listed above it");
        known.insert(library.name);
        table.libraries.push_back(std::move(library));
    }
    return table;
}

std::vector<std::string> include_violations(const fs::path& root, const LibraryTable& table,
                                            const std::vector<std::string>& not_libraries) {
    auto allowed = allowed_uses(table);
    std::vector<std::string> violations;
    // Build output never holds the project's sources: the top-level folders .gitignore names
    // (build*/, dist/, fuzz-artifacts/) may hold whole chroots (make test-platforms).
    auto build_output = [](const std::string& relative) {
        return relative.find('/') == std::string::npos &&
               (relative.rfind("build", 0) == 0 || relative == "dist" ||
                relative == "fuzz-artifacts");
    };
    for (auto it =
             fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied);
         it != fs::recursive_directory_iterator(); ++it) {
        const fs::path& path = it->path();
        std::string relative = relative_to(path, root);
        if (it->is_directory()) {
            bool skipped = path.filename().string().front() == '.' ||
                           fs::exists(path / "CMakeCache.txt") || build_output(relative) ||
                           std::find(not_libraries.begin(), not_libraries.end(), relative) !=
                               not_libraries.end();
            if (skipped) it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file() || !is_source(path)) continue;
        const LibraryRule* owner = owner_of(relative, table);
        if (!owner) {
            violations.push_back(relative + ": in no library's folder (cmake/libraries.txt)");
            continue;
        }
        const auto& uses = allowed[owner->name];
        for (const auto& included : quoted_includes(path)) {
            std::string target = resolve(root, path, included);
            std::string where = relative + ": #include \"" + included + "\": ";
            if (target.empty()) {
                violations.push_back(where + "names no file in the tree");
                continue;
            }
            const LibraryRule* used = owner_of(target, table);
            if (!used) {
                violations.push_back(where + target + " is in no library's folder");
            } else if (used != owner && !uses.count(used->name)) {
                violations.push_back(where + "a header of " + used->name + ", but " +
                                     rule_text(*owner, uses));
            }
        }
    }
    std::sort(violations.begin(), violations.end());
    return violations;
}

}  // namespace edgetop::testing
