// The most elements a sample read from a session keeps in each of its lists. A session is a file
// anyone can hand to edgetop: a few kilobytes of zstd can stand for lines of hundreds of
// thousands of cores, which every reader (report's statistics, the view's histories, export's
// columns) would otherwise hold. The bounds are far above any real machine; the elements past
// one are dropped (the readers warn once per file) and the rest of the sample is kept.
#pragma once

#include <cstddef>
#include <string_view>

#include "edgetop/sample.hpp"

namespace edgetop {

struct ElementLimit {
    std::string_view key;  // the list's key in the sample line ("cores", "top")
    std::size_t max;
};

// One entry per list of the sample schema (tests check that none is missing).
inline constexpr ElementLimit kElementLimits[] = {
    {"cores", 4096},   {"gpu", 64},   {"gpc", 64},       {"engines", 256}, {"rails", 1024},
    {"thermal", 1024}, {"fans", 256}, {"flags", 1024},   {"top", 4096},    {"cooling", 1024},
    {"disks", 1024},   {"net", 4096}, {"oc_events", 16}, {"groups", 1024},
};
// A list the table does not name (none today).
inline constexpr std::size_t kDefaultElementLimit = 1024;

constexpr std::size_t element_limit(std::string_view key) {
    for (const auto& limit : kElementLimits)
        if (limit.key == key) return limit.max;
    return kDefaultElementLimit;
}

// Whether the table names key.
constexpr bool has_element_limit(std::string_view key) {
    for (const auto& limit : kElementLimits)
        if (limit.key == key) return true;
    return false;
}

// What a reader keeps while reading a list: one element past the limit, so that
// drop_over_limit() can tell a list that was cut from one that just fits.
constexpr std::size_t elements_read(std::string_view key) {
    return element_limit(key) + 1;
}

// Cuts every list of sample (and of the objects it holds) to its limit. Returns the key of the
// first list cut, empty when none was.
std::string_view drop_over_limit(Sample& sample);

}  // namespace edgetop
