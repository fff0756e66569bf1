// The files of a rotated session set (record --rotate SIZE): how they are named, and how the
// session files given to a reader are grouped into sessions.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace edgetop {

// Part n of the set whose first file is `first`: the number goes before the ending that says
// what the file is, so that the name keeps it (a .zst stays a .zst for the writer, for zstd and
// for shell globs like *.jsonl.zst): run.jsonl.zst -> run.n.jsonl.zst, run.jsonl -> run.n.jsonl,
// run.zst -> run.n.zst; a name without one of these endings gets .n appended. Part 0 is `first`.
std::string session_part_path(const std::string& first, int64_t part);

// The files of the set whose first file is `first` already on disk, for a writer that continues
// the set instead of writing over it (serve --log after a restart).
struct ExistingSet {
    bool found = false;     // some name of the set exists (part 0 or part N, session or not)
    int64_t next_part = 0;  // after the highest part found, by name and by header
    // From the header of the highest part that is a session of a set: its id and start.
    std::optional<std::string> id;
    std::optional<std::chrono::system_clock::time_point> started;
};
ExistingSet find_existing_set(const std::string& first);

// One session among the files given to a reader: a file alone, or the files of one rotated set in
// part order.
struct SessionFiles {
    std::vector<std::string> paths;
};

// Groups session files given in any order into sessions, in the order their first files were
// named. Files whose headers carry the same set id are one session, in the order of the part
// numbers in their headers. The files beside a named one whose names are those of the set's other
// parts are added when their headers say they are of the set, so the first name alone stands for
// the whole set: the set's first name is the name of a file with ".N" taken out where
// session_part_path puts it, N being the part its header gives (nothing is guessed from the dots
// of a name: jp6.2.1.jsonl, part 1, is of jp6.2.jsonl). Reported through on_problem, and the
// others read: a run of missing parts between two present ones (one message, whatever its
// length), a file named as a part whose header cannot be read (cut as the disk filled), and a
// second file holding a part already held (the one named as that part is read, else the first by
// path). Standard input ("-"), and files that cannot be opened or are not sessions but for such
// parts, stay alone (their reader reports them).
std::vector<SessionFiles> group_session_files(
    const std::vector<std::string>& files,
    const std::function<void(const std::string&)>& on_problem);

}  // namespace edgetop
