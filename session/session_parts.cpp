#include "session/session_parts.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <system_error>

#include <fmt/format.h>

#include "session/session_reader.hpp"

namespace edgetop {

namespace {

namespace fs = std::filesystem;

// Longest first: run.jsonl.zst ends in .zst too.
constexpr const char* kEndings[] = {".jsonl.zst", ".jsonl", ".zst"};

bool ends_with(const std::string& text, const std::string& end) {
    return text.size() >= end.size() &&
           text.compare(text.size() - end.size(), end.size(), end) == 0;
}

// A file name taken apart: stem, part number (none for the first file), ending.
struct PartName {
    std::string stem;
    std::optional<int64_t> part;
    std::string ending;
};

std::optional<int64_t> trailing_number(std::string& stem) {
    auto dot = stem.rfind('.');
    if (dot == std::string::npos || dot + 1 == stem.size() || dot == 0) return std::nullopt;
    std::string digits = stem.substr(dot + 1);
    if (digits.size() > 9 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    stem.resize(dot);
    return std::stoll(digits);
}

PartName split_name(const std::string& name) {
    PartName parts;
    parts.stem = name;
    for (const char* ending : kEndings)
        if (ends_with(name, ending) && name.size() > std::string(ending).size()) {
            parts.ending = ending;
            parts.stem = name.substr(0, name.size() - parts.ending.size());
            break;
        }
    parts.part = trailing_number(parts.stem);
    return parts;
}

struct SetFile {
    std::string path;
    int64_t part = 0;
};

// The set id and part of a file's header, when it is a file of a set.
std::optional<SetFile> set_file_of(const std::string& path, std::string& id) {
    // A pipe (report <(zstd -dc x)) is read once, by its own reader: never probed here.
    std::error_code error;
    if (!fs::is_regular_file(path, error)) return std::nullopt;
    try {
        SessionReader reader(path);
        const auto& header = reader.header();
        if (!header.session_id || !header.part) return std::nullopt;
        id = *header.session_id;
        return SetFile{path, *header.part};
    } catch (const SessionError&) {
        return std::nullopt;
    }
}

// The other files of path's set in its directory, by name: stem.N.ending and stem.ending.
std::vector<std::string> named_siblings(const std::string& path) {
    fs::path p(path);
    PartName name = split_name(p.filename().string());
    fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
    std::vector<std::string> out;
    std::error_code error;
    for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
        std::string entry = it->path().filename().string();
        if (entry == p.filename().string()) continue;
        PartName other = split_name(entry);
        if (other.stem == name.stem && other.ending == name.ending)
            out.push_back((p.parent_path() / entry).string());
    }
    return out;
}

std::string first_file_name(const std::string& path) {
    fs::path p(path);
    PartName name = split_name(p.filename().string());
    return (p.parent_path() / (name.stem + name.ending)).string();
}

}  // namespace

std::string session_part_path(const std::string& first, int64_t part) {
    if (part == 0) return first;
    fs::path p(first);
    std::string name = p.filename().string();
    std::string ending;
    for (const char* candidate : kEndings)
        if (ends_with(name, candidate) && name.size() > std::string(candidate).size()) {
            ending = candidate;
            break;
        }
    std::string renamed =
        name.substr(0, name.size() - ending.size()) + "." + std::to_string(part) + ending;
    return (p.parent_path() / renamed).string();
}

ExistingSet find_existing_set(const std::string& first) {
    ExistingSet set;
    std::vector<SetFile> names;  // part numbers by name
    std::error_code error;
    if (fs::exists(fs::symlink_status(first, error))) names.push_back({first, 0});
    for (const auto& sibling : named_siblings(first))
        if (auto part = split_name(fs::path(sibling).filename().string()).part)
            if (session_part_path(first, *part) == sibling) names.push_back({sibling, *part});
    std::sort(names.begin(), names.end(),
              [](const SetFile& a, const SetFile& b) { return a.part > b.part; });
    for (const auto& name : names) {
        set.found = true;
        set.next_part = std::max(set.next_part, name.part + 1);
    }
    // The newest file that says which set it belongs to (a part cut before its header was
    // written says nothing).
    for (const auto& name : names) {
        if (!fs::is_regular_file(name.path, error)) continue;
        try {
            SessionReader reader(name.path);
            const auto& header = reader.header();
            if (!header.session_id || !header.part) continue;
            set.id = header.session_id;
            set.started = header.started;
            set.next_part = std::max(set.next_part, *header.part + 1);
            break;
        } catch (const SessionError&) {
        }
    }
    return set;
}

std::vector<SessionFiles> group_session_files(
    const std::vector<std::string>& files,
    const std::function<void(const std::string&)>& on_problem) {
    std::vector<SessionFiles> groups;
    std::map<std::string, size_t> group_of_set;  // set id -> index in groups
    std::map<std::string, std::vector<SetFile>> set_files;
    std::vector<std::string> seen;
    auto already = [&](const std::string& path) {
        std::error_code error;
        std::string key = fs::weakly_canonical(path, error).string();
        if (error) key = path;
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) return true;
        seen.push_back(key);
        return false;
    };
    for (const auto& path : files) {
        if (path == "-") {
            groups.push_back({{path}});
            continue;
        }
        if (already(path)) continue;
        std::string id;
        auto file = set_file_of(path, id);
        if (!file) {
            groups.push_back({{path}});
            continue;
        }
        if (group_of_set.count(id) == 0) {
            group_of_set[id] = groups.size();
            groups.push_back({});
            // The set's files beside this one, named or not.
            for (const auto& sibling : named_siblings(path)) {
                std::string sibling_id;
                auto other = set_file_of(sibling, sibling_id);
                if (other && sibling_id == id && !already(sibling)) set_files[id].push_back(*other);
            }
        }
        set_files[id].push_back(*file);
    }
    for (auto& [id, parts] : set_files) {
        std::sort(parts.begin(), parts.end(),
                  [](const SetFile& a, const SetFile& b) { return a.part < b.part; });
        auto& group = groups[group_of_set[id]];
        std::string first = first_file_name(parts.front().path);
        for (size_t i = 0; i < parts.size(); ++i) {
            if (i > 0 && parts[i].part == parts[i - 1].part) continue;  // the same part twice
            if (i > 0)
                for (int64_t missing = parts[i - 1].part + 1; missing < parts[i].part; ++missing)
                    if (on_problem)
                        on_problem(fmt::format(
                            "{}: missing: part {} of the rotated session is not there; the "
                            "other files are read",
                            session_part_path(first, missing), missing));
            group.paths.push_back(parts[i].path);
        }
    }
    return groups;
}

}  // namespace edgetop
