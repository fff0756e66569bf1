// The names of a rotated set's files (the part number before the ending that says what the file
// is), and how the files given to a reader are grouped into the sets their headers say.
#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "session/session_parts.hpp"
#include "session/session_records_json.hpp"
#include "session/session_writer.hpp"
#include "support/temp_dir.hpp"

namespace edgetop {
namespace {

namespace fs = std::filesystem;

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

// Set files made in a temporary directory: each a header with the set's id and its part (what
// grouping reads), written plain or as zstd by its name, as record --rotate writes them.
class SessionSet : public ::testing::Test {
  protected:
    std::string path(const std::string& name) const { return tmp_.file(name); }

    void write_part(const std::string& name, const std::string& id, int64_t part) const {
        fs::create_directories(fs::path(path(name)).parent_path());
        int fd = ::open(path(name).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        ASSERT_GE(fd, 0) << name;
        {
            SessionWriter writer(fd, session_compression_for(name));
            SessionHeader header;
            header.interval_ms = 100;
            header.session_id = id;
            header.part = part;
            ASSERT_TRUE(writer.write_line(header_to_json(header)));
            ASSERT_TRUE(writer.write_line(end_to_json({1.0, 0, EndReason::rotated})));
            ASSERT_TRUE(writer.finish());
        }
        ::close(fd);
    }
    void write_set(const std::string& first, const std::string& id, int parts) const {
        for (int part = 0; part < parts; ++part)
            write_part(session_part_path(first, part), id, part);
    }
    // Its first bytes only: the header line cut where a full disk stopped it.
    void cut(const std::string& name, std::uintmax_t bytes) const {
        fs::resize_file(path(name), bytes);
    }

    // Groups the named files (names in the temporary directory); more problems than any input
    // here can honestly give end the test instead of letting one per missing part run on.
    std::vector<SessionFiles> group(const std::vector<std::string>& names) {
        problems.clear();
        std::vector<std::string> paths;
        for (const auto& name : names)
            paths.push_back(path(name));
        return group_session_files(paths, [&](const std::string& problem) {
            problems.push_back(problem);
            if (problems.size() > 20) throw std::runtime_error("a problem for each missing part");
        });
    }
    std::vector<std::string> paths_of(const std::vector<std::string>& names) const {
        std::vector<std::string> paths;
        for (const auto& name : names)
            paths.push_back(path(name));
        return paths;
    }

    std::vector<std::string> problems;

  private:
    testing::TempDir tmp_;
};

TEST_F(SessionSet, AFirstNameEndingInANumberStandsForEveryPart) {
    for (std::string first : {"jp6.2.jsonl", "trt-10.3.jsonl.zst", "run.7"}) {
        SCOPED_TRACE(first);
        std::string dir = first + ".d/";
        write_set(dir + first, "a1a1a1a1a1a1a1a1", 4);
        // Another recording whose names the number of the first name could be taken for.
        std::string stem = first.substr(0, first.find('.'));
        std::string ending = first.substr(first.find('.') + 2);
        write_part(dir + stem + ending, "b2b2b2b2b2b2b2b2", 0);
        write_part(dir + stem + ".1" + ending, "b2b2b2b2b2b2b2b2", 1);

        std::vector<std::string> expected;
        for (int part = 0; part < 4; ++part)
            expected.push_back(session_part_path(dir + first, part));
        for (const auto& named : {expected[0], expected[2]}) {
            auto groups = group({named});
            ASSERT_EQ(groups.size(), 1u);
            EXPECT_EQ(groups[0].paths, paths_of(expected));
            EXPECT_TRUE(problems.empty()) << problems.front();
        }
    }
}

TEST_F(SessionSet, APartNumberFarAheadIsOneWarning) {
    write_part("run.jsonl", "c3c3c3c3c3c3c3c3", 0);
    write_part("run.1000000000000.jsonl", "c3c3c3c3c3c3c3c3", 1000000000000);
    const std::string warning = path("run.1.jsonl") + " to " + path("run.999999999999.jsonl") +
                                ": missing: parts 1 to 999999999999 (999999999999 files) of the "
                                "rotated session are not there; the other files are read";
    for (const auto& named : std::vector<std::vector<std::string>>{
             {"run.jsonl", "run.1000000000000.jsonl"}, {"run.jsonl"}}) {
        auto groups = group(named);
        ASSERT_EQ(groups.size(), 1u);
        EXPECT_EQ(groups[0].paths, paths_of({"run.jsonl", "run.1000000000000.jsonl"}));
        EXPECT_EQ(problems, std::vector<std::string>{warning});
    }
    // One part missing is named alone.
    write_part("one.jsonl", "d4d4d4d4d4d4d4d4", 0);
    write_part("one.2.jsonl", "d4d4d4d4d4d4d4d4", 2);
    group({"one.jsonl"});
    EXPECT_EQ(problems, std::vector<std::string>{path("one.1.jsonl") +
                                                 ": missing: part 1 of the rotated session is not "
                                                 "there; the other files are read"});
}

TEST_F(SessionSet, APartWhoseHeaderWasCutIsAWarning) {
    for (std::string first : {"run.jsonl", "run.jsonl.zst"}) {
        SCOPED_TRACE(first);
        std::string dir = first + ".d/";
        write_set(dir + first, "e5e5e5e5e5e5e5e5", 3);
        std::string last = session_part_path(dir + first, 2);
        cut(last, 20);
        std::vector<std::string> read = {dir + first, session_part_path(dir + first, 1)};
        for (const auto& named : std::vector<std::vector<std::string>>{
                 {dir + first}, {dir + first, read[1], last}, {last, read[1], dir + first}}) {
            auto groups = group(named);
            ASSERT_EQ(groups.size(), 1u);
            EXPECT_EQ(groups[0].paths, paths_of(read));
            ASSERT_EQ(problems.size(), 1u);
            EXPECT_EQ(problems[0].rfind(path(last) + ": not", 0), 0u) << problems[0];
            EXPECT_NE(problems[0].find("skipped; the other files of the rotated session are read"),
                      std::string::npos)
                << problems[0];
        }
    }
    // A cut file alone is not a session: its reader says so.
    auto groups = group({"run.jsonl.d/run.2.jsonl"});
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_TRUE(problems.empty());
}

TEST_F(SessionSet, TwoFilesHoldingOnePartAreAWarningAndOneIsRead) {
    write_set("a/run.jsonl", "f6f6f6f6f6f6f6f6", 2);
    write_part("b/run.1.jsonl", "f6f6f6f6f6f6f6f6", 1);
    write_part("a/copy.jsonl", "f6f6f6f6f6f6f6f6", 1);
    const std::vector<std::string> expected = paths_of({"a/run.jsonl", "a/run.1.jsonl"});
    // Whatever the order they are given in, the same file is read.
    for (const auto& named : std::vector<std::vector<std::string>>{
             {"a/run.jsonl", "b/run.1.jsonl"}, {"b/run.1.jsonl", "a/run.jsonl"}}) {
        auto groups = group(named);
        ASSERT_EQ(groups.size(), 1u);
        EXPECT_EQ(groups[0].paths, expected);
        EXPECT_EQ(problems, std::vector<std::string>{
                                path("b/run.1.jsonl") +
                                ": skipped: it holds part 1 of the rotated session, as " +
                                path("a/run.1.jsonl") + " does, which is read"});
    }
    // A copy under another name loses to the file named as the part.
    auto groups = group({"a/copy.jsonl", "a/run.jsonl"});
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups[0].paths, expected);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].rfind(path("a/copy.jsonl") + ": skipped", 0), 0u) << problems[0];
}

}  // namespace
}  // namespace edgetop
