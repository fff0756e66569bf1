// The names of a rotated set's files: the part number before the ending that says what the file is.
#include <gtest/gtest.h>

#include "session/session_parts.hpp"

namespace edgetop {
namespace {

TEST(SessionParts, TheNumberGoesBeforeTheEnding) {
    EXPECT_EQ(session_part_path("run.jsonl.zst", 0), "run.jsonl.zst");
    EXPECT_EQ(session_part_path("run.jsonl.zst", 1), "run.1.jsonl.zst");
    EXPECT_EQ(session_part_path("/var/log/run.jsonl.zst", 12), "/var/log/run.12.jsonl.zst");
    EXPECT_EQ(session_part_path("run.jsonl", 2), "run.2.jsonl");
    EXPECT_EQ(session_part_path("dir.d/run.zst", 3), "dir.d/run.3.zst");
    EXPECT_EQ(session_part_path("run.log", 4), "run.log.4");
    EXPECT_EQ(session_part_path("run", 5), "run.5");
    // A name that is only an ending keeps it whole.
    EXPECT_EQ(session_part_path(".jsonl", 1), ".jsonl.1");
}

}  // namespace
}  // namespace edgetop
