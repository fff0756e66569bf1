#include "sensors/processes/processes_user_names.hpp"

#include <sys/stat.h>

#include <charconv>
#include <fstream>
#include <sstream>

namespace edgetop {

namespace {

// The n-th ':'-separated field of line (0-based); false when the line has fewer fields.
bool field(std::string_view line, int n, std::string_view& out) {
    for (int i = 0; i < n; ++i) {
        auto colon = line.find(':');
        if (colon == std::string_view::npos) return false;
        line.remove_prefix(colon + 1);
    }
    out = line.substr(0, line.find(':'));
    return true;
}

}  // namespace

std::unordered_map<uid_t, std::string> UserNames::parse(std::string_view text) {
    std::unordered_map<uid_t, std::string> names;
    while (!text.empty()) {
        auto newline = text.find('\n');
        std::string_view line = text.substr(0, newline);
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty() || line.front() == '#' || line.front() == '+' || line.front() == '-')
            continue;  // comments and NIS compat entries ("+", "-user") name nobody here
        std::string_view name, uid_text, gid_text;
        if (!field(line, 0, name) || !field(line, 2, uid_text) || !field(line, 3, gid_text) ||
            name.empty() || uid_text.empty())
            continue;
        unsigned long long uid = 0;
        auto [end, ec] = std::from_chars(uid_text.data(), uid_text.data() + uid_text.size(), uid);
        if (ec != std::errc() || end != uid_text.data() + uid_text.size() ||
            uid > static_cast<unsigned long long>(static_cast<uid_t>(-1)))
            continue;  // not a number, or beyond uid_t (a 64-bit value in a 32-bit field)
        names.emplace(static_cast<uid_t>(uid), std::string(name));
    }
    return names;
}

void UserNames::refresh() {
    struct stat info {};
    if (stat(path_.c_str(), &info) != 0) {
        names_.clear();
        read_once_ = true;
        mtime_ns_ = size_ = -1;
        return;
    }
    long long mtime_ns =
        static_cast<long long>(info.st_mtim.tv_sec) * 1000000000LL + info.st_mtim.tv_nsec;
    long long size = static_cast<long long>(info.st_size);
    if (read_once_ && mtime_ns == mtime_ns_ && size == size_) return;
    std::ifstream in(path_, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    names_ = parse(text.str());
    read_once_ = true;
    mtime_ns_ = mtime_ns;
    size_ = size;
}

std::string UserNames::name(uid_t uid) const {
    auto found = names_.find(uid);
    return found != names_.end() ? found->second : std::to_string(uid);
}

}  // namespace edgetop
