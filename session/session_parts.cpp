#include "session/session_parts.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <system_error>

#include <fmt/format.h>

#include "session/session_reader.hpp"

namespace edgetop {

namespace {

namespace fs = std::filesystem;

// Longest first: run.jsonl.zst ends in .zst too.
constexpr const char* kEndings[] = {".jsonl.zst", ".jsonl", ".zst"};

bool ends_with(std::string_view text, std::string_view end) {
    return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

// The ending a first file's name keeps after the part number ("" for a name without one).
std::string_view part_ending(std::string_view name) {
    for (std::string_view ending : kEndings)
        if (ends_with(name, ending) && name.size() > ending.size()) return ending;
    return {};
}

// The part number of `entry` (a file name) in the set whose first file is named `first`:
// 0 for `first` itself, n where entry is session_part_path(first, n), nullopt otherwise.
std::optional<int64_t> part_in_name(std::string_view first, std::string_view entry) {
    if (entry == first) return 0;
    std::string_view ending = part_ending(first);
    std::string_view stem = first.substr(0, first.size() - ending.size());
    if (entry.size() <= stem.size() + 1 + ending.size() || !entry.starts_with(stem) ||
        entry[stem.size()] != '.' || !ends_with(entry, ending))
        return std::nullopt;
    std::string_view digits =
        entry.substr(stem.size() + 1, entry.size() - stem.size() - 1 - ending.size());
    // session_part_path writes no sign and no leading zero (part 0 is the first name).
    if (digits.front() == '0' ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    int64_t part = 0;
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), part);
    if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return part;
}

// The name of the first file of the set in which the file named `name` is part `part` (the
// header says which): ".part" taken out where session_part_path put it. Nothing is guessed from
// the dots of the name ("jp6.2.1.jsonl", part 1, is of "jp6.2.jsonl"); nullopt for a name that
// session_part_path does not write for that part (a renamed file).
std::optional<std::string> first_name_of(const std::string& name, int64_t part) {
    if (part == 0) return name;
    std::string number = "." + std::to_string(part);
    for (std::string_view ending : {".jsonl.zst", ".jsonl", ".zst", ""}) {
        std::string tail = number + std::string(ending);
        if (!ends_with(name, tail) || name.size() == tail.size()) continue;
        std::string first = name.substr(0, name.size() - tail.size()) + std::string(ending);
        if (session_part_path(first, part) == name) return first;
    }
    return std::nullopt;
}

// A file of a rotated set, as its header says.
struct SetFile {
    std::string path;
    std::string id;
    int64_t part = 0;
};

// The path of the first file of f's set, from f's name and part; nullopt for a renamed file.
std::optional<std::string> first_path_of(const SetFile& f) {
    fs::path p(f.path);
    auto first = first_name_of(p.filename().string(), f.part);
    if (!first) return std::nullopt;
    return (p.parent_path() / *first).string();
}

// What a file's header says: a file of a set, not one (or not a regular file: a pipe, as in
// report <(zstd -dc x), is read once, by its own reader, never probed here), or the reason its
// header cannot be read.
struct Probe {
    std::optional<SetFile> set_file;
    std::optional<std::string> unreadable;
};

Probe probe(const std::string& path) {
    std::error_code error;
    if (!fs::is_regular_file(path, error)) return {};
    try {
        SessionReader reader(path);
        const auto& header = reader.header();
        if (!header.session_id || !header.part || *header.part < 0) return {};
        return {SetFile{path, *header.session_id, *header.part}, std::nullopt};
    } catch (const SessionError& e) {
        return {std::nullopt, e.what()};
    }
}

// A file whose header cannot be read (cut by a full disk as the part was started), named as a
// part of a set: skipped with a warning, the set read without it.
std::string unreadable_part_problem(const std::string& reason) {
    return reason + ": skipped; the other files of the rotated session are read";
}

// One set being gathered: its files (as named, then as found beside them, by name), the paths of
// its first file that their names give (part 0's name, the file may be gone; one per directory
// the set's files were named in) and the problems found on the way.
struct SetGroup {
    std::vector<SetFile> files;
    std::vector<std::string> firsts;
    std::vector<std::string> problems;
};

// Identifies a file whatever the spelling of its path, so that no file is read twice.
class SeenFiles {
  public:
    bool add(const std::string& path) {
        std::error_code error;
        std::string key = fs::weakly_canonical(path, error).string();
        if (error) key = path;
        return seen_.insert(key).second;
    }

  private:
    std::set<std::string> seen_;
};

// The files beside `first` named as parts of its set, in name order (directory order is not
// stable); each is probed: one of the set joins it, one whose header cannot be read is a
// warning, any other (another recording under a similar name) is left alone.
void add_named_parts(SetGroup& group, const std::string& first_path, const std::string& id,
                     SeenFiles& seen) {
    fs::path first(first_path);
    fs::path dir = first.parent_path().empty() ? fs::path(".") : first.parent_path();
    std::string first_name = first.filename().string();
    std::vector<std::string> names;
    std::error_code error;
    for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
        std::string entry = it->path().filename().string();
        if (part_in_name(first_name, entry)) names.push_back(entry);
    }
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
        std::string path = (first.parent_path() / name).string();
        Probe found = probe(path);
        if (found.set_file && found.set_file->id == id) {
            if (seen.add(path)) group.files.push_back(*found.set_file);
        } else if (found.unreadable && seen.add(path)) {
            group.problems.push_back(unreadable_part_problem(*found.unreadable));
        }
    }
}

// The set's files in part order, each part once, with a warning for each gap and each part held
// twice. A gap is one warning whatever its length: a header's part number never drives a loop.
std::vector<std::string> ordered_parts(SetGroup& group) {
    auto named_as_part = [](const SetFile& f) { return first_path_of(f).has_value(); };
    // Two files of one part: the one named as that part first, then by path, whatever the order
    // the files were given in.
    std::sort(group.files.begin(), group.files.end(), [&](const SetFile& a, const SetFile& b) {
        if (a.part != b.part) return a.part < b.part;
        if (named_as_part(a) != named_as_part(b)) return named_as_part(a);
        return a.path < b.path;
    });
    std::vector<std::string> paths;
    const SetFile* previous = nullptr;
    for (const auto& file : group.files) {
        if (previous && file.part == previous->part) {
            group.problems.push_back(fmt::format(
                "{}: skipped: it holds part {} of the rotated session, as {} does, which is read",
                file.path, file.part, previous->path));
            continue;
        }
        if (previous && file.part - previous->part > 1) {
            int64_t from = previous->part + 1;
            int64_t to = file.part - 1;
            auto first = first_path_of(file);
            if (!first) first = first_path_of(*previous);
            std::string where = !first       ? "before " + file.path
                                : from == to ? session_part_path(*first, from)
                                             : session_part_path(*first, from) + " to " +
                                                   session_part_path(*first, to);
            std::string what = from == to ? fmt::format("part {} of the rotated session is", from)
                                          : fmt::format(
                                                "parts {} to {} ({} files) of the rotated "
                                                "session are",
                                                from, to, to - from + 1);
            group.problems.push_back(
                fmt::format("{}: missing: {} not there; the other files are read", where, what));
        }
        paths.push_back(file.path);
        previous = &file;
    }
    return paths;
}

}  // namespace

std::string session_part_path(const std::string& first, int64_t part) {
    if (part == 0) return first;
    fs::path p(first);
    std::string name = p.filename().string();
    std::string_view ending = part_ending(name);
    std::string renamed = name.substr(0, name.size() - ending.size()) + "." + std::to_string(part) +
                          std::string(ending);
    return (p.parent_path() / renamed).string();
}

ExistingSet find_existing_set(const std::string& first) {
    ExistingSet set;
    struct Named {
        std::string path;
        int64_t part = 0;
    };
    std::vector<Named> names;  // part numbers by name, the first file's included
    fs::path first_path(first);
    fs::path dir = first_path.parent_path().empty() ? fs::path(".") : first_path.parent_path();
    std::string first_name = first_path.filename().string();
    std::error_code error;
    for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
        std::string entry = it->path().filename().string();
        if (auto part = part_in_name(first_name, entry))
            names.push_back({(first_path.parent_path() / entry).string(), *part});
    }
    std::sort(names.begin(), names.end(),
              [](const Named& a, const Named& b) { return a.part > b.part; });
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
    // Each file given, in order: alone, a file of a set (by id), or one whose header cannot be
    // read (alone, unless it is named as a part of one of the sets).
    struct Given {
        std::string path;
        std::optional<std::string> set_id;
        std::optional<std::string> unreadable;
    };
    std::vector<Given> given;
    std::map<std::string, SetGroup> sets;
    SeenFiles seen;
    for (const auto& path : files) {
        if (path == "-") {
            given.push_back({path, std::nullopt, std::nullopt});
            continue;
        }
        if (!seen.add(path)) continue;
        Probe found = probe(path);
        if (found.set_file) {
            sets[found.set_file->id].files.push_back(*found.set_file);
            given.push_back({path, found.set_file->id, std::nullopt});
        } else {
            given.push_back({path, std::nullopt, found.unreadable});
        }
    }
    // Each set's first names, from the names of the files given, and the files beside them.
    for (auto& [id, group] : sets) {
        for (const auto& file : group.files)
            if (auto first = first_path_of(file);
                first &&
                std::find(group.firsts.begin(), group.firsts.end(), *first) == group.firsts.end())
                group.firsts.push_back(*first);
        for (const auto& first : group.firsts)
            add_named_parts(group, first, id, seen);
    }
    // A file given whose header cannot be read, named as a part of a set: that set's warning.
    auto claiming_set = [&](const std::string& path) -> SetGroup* {
        fs::path p(path);
        auto dir_of = [](const fs::path& f) {
            return f.parent_path().empty() ? fs::path(".") : f.parent_path();
        };
        for (auto& [id, group] : sets)
            for (const fs::path first : group.firsts) {
                std::error_code error;
                if (part_in_name(first.filename().string(), p.filename().string()) &&
                    fs::equivalent(dir_of(first), dir_of(p), error))
                    return &group;
            }
        return nullptr;
    };
    std::vector<bool> claimed(given.size(), false);
    for (size_t i = 0; i < given.size(); ++i)
        if (given[i].unreadable)
            if (SetGroup* group = claiming_set(given[i].path)) {
                group->problems.push_back(unreadable_part_problem(*given[i].unreadable));
                claimed[i] = true;
            }
    std::vector<SessionFiles> groups;
    std::set<std::string> placed;
    for (size_t i = 0; i < given.size(); ++i) {
        if (!given[i].set_id) {
            if (!claimed[i]) groups.push_back({{given[i].path}});
            continue;
        }
        if (!placed.insert(*given[i].set_id).second) continue;
        SetGroup& group = sets[*given[i].set_id];
        groups.push_back({ordered_parts(group)});
        if (on_problem)
            for (const auto& problem : group.problems)
                on_problem(problem);
    }
    return groups;
}

}  // namespace edgetop
