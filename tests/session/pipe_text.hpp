// Everything a file descriptor gives until end of file (the read end of a test's pipe).
#pragma once

#include <unistd.h>

#include <string>

namespace edgetop::testing {

inline std::string read_until_eof(int fd) {
    std::string out;
    char buf[65536];
    ssize_t n;
    while ((n = ::read(fd, buf, sizeof buf)) > 0)
        out.append(buf, static_cast<size_t>(n));
    return out;
}

}  // namespace edgetop::testing
