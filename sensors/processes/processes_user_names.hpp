// User names of uids from /etc/passwd, read by edgetop itself: getpwuid goes through NSS, whose
// modules a static binary cannot load, and ps shows the same local names. The file is parsed once
// and again only when its modification time or size changes. An unknown uid reads as its number
// in decimal, as ps prints it.
#pragma once

#include <sys/types.h>

#include <string>
#include <string_view>
#include <unordered_map>

namespace edgetop {

class UserNames {
  public:
    explicit UserNames(std::string passwd_path = "/etc/passwd") : path_(std::move(passwd_path)) {}

    // Re-reads the file if it changed since the last call (one stat(2) per call).
    void refresh();
    // The name of uid as of the last refresh(), or the uid as text.
    std::string name(uid_t uid) const;

    // The uid -> name entries of one passwd file's text ("name:x:uid:gid:gecos:home:shell"
    // lines; comments, short or malformed lines are skipped; the first entry of a uid wins).
    static std::unordered_map<uid_t, std::string> parse(std::string_view text);

  private:
    std::string path_;
    bool read_once_ = false;
    long long mtime_ns_ = -1;
    long long size_ = -1;
    std::unordered_map<uid_t, std::string> names_;
};

}  // namespace edgetop
