// Files edgetop writes: a symbolic link planted at an output's name is refused (one line naming
// it, nothing written through it), and new files get the mode the umask leaves, a replaced
// report page the mode it had.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "e2e/edgetop_process.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing {
namespace {

namespace fs = std::filesystem;

const std::string kPrecious = "precious: not to be written over\n";

std::string file_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_text(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

unsigned mode_of(const std::string& path) {
    struct stat st {};
    EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
    return st.st_mode & 07777;
}

// Sets the umask for the scope (the programs the test starts inherit it).
class Umask {
  public:
    explicit Umask(mode_t mask) : old_(::umask(mask)) {}
    ~Umask() { ::umask(old_); }

  private:
    mode_t old_;
};

std::string example_session() {
    return std::string(EDGETOP_SOURCE_DIR) + "/examples/xavier-nx.jsonl";
}

std::vector<std::string> orin() {
    return {"--root", fixture_path("agx-orin"), "--interval", "50"};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

TEST(OutputFiles, ALinkPlantedAtAnOutputIsRefusedAndWhatItPointsAtIsUntouched) {
    TempDir dir;
    std::string victim = dir.file("victim");
    std::string link = dir.file("out");
    std::string dangling = dir.file("dangling");
    std::string created = dir.file("would-be-created");
    ASSERT_EQ(::symlink(victim.c_str(), link.c_str()), 0);
    ASSERT_EQ(::symlink(created.c_str(), dangling.c_str()), 0);
    std::string tegrastats =
        std::string(EDGETOP_SOURCE_DIR) + "/tests/import/data/agx-orin-32gb-jetsontools-all.log";
    auto commands = [&](const std::string& out) {
        return std::vector<std::vector<std::string>>{
            with({"record", "-n", "2", "-o", out}, orin()),
            {"import", "tegrastats", tegrastats, "-o", out},
            {"export", "--format", "csv", "-o", out, example_session()},
            {"report", "--html", out, example_session()},
            with({"serve", "--listen", "127.0.0.1:0", "--log", out}, orin()),
        };
    };
    auto refused = [&](const std::vector<std::string>& args, const std::string& out) {
        write_text(victim, kPrecious);
        ::chmod(victim.c_str(), 0600);
        RunResult run = run_edgetop(args);
        EXPECT_NE(run.status, 0) << args[0];
        EXPECT_EQ(run.err, "edgetop: cannot write '" + out +
                               "': it is a symbolic link, not followed (remove it or name its "
                               "target)\n")
            << args[0];
        EXPECT_EQ(file_text(victim), kPrecious) << args[0];
        EXPECT_EQ(mode_of(victim), 0600u) << args[0];
        EXPECT_TRUE(fs::is_symlink(out)) << args[0];
    };
    for (const auto& args : commands(link))
        refused(args, link);
    // A dangling link: what it names is not created either (the first two open the file as
    // every output does).
    auto to_dangling = commands(dangling);
    for (size_t i = 0; i < 2; ++i) {
        refused(to_dangling[i], dangling);
        EXPECT_FALSE(fs::exists(created)) << to_dangling[i][0];
    }
}

TEST(OutputFiles, ALinkAtTheNameOfTheNextRotatedPartIsAWriteErrorNotFollowed) {
    TempDir dir;
    std::string victim = dir.file("victim");
    write_text(victim, kPrecious);
    ASSERT_EQ(::symlink(victim.c_str(), dir.file("run.1.jsonl").c_str()), 0);
    RunResult run = run_edgetop(
        with({"record", "-n", "40", "--rotate", "4k", "-o", dir.file("run.jsonl")}, orin()));
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, "edgetop: cannot write '" + dir.file("run.1.jsonl") +
                           "': it is a symbolic link, not followed (remove it or name its "
                           "target)\n");
    EXPECT_EQ(file_text(victim), kPrecious);
}

TEST(OutputFiles, ALinkToADeviceIsStillWritten) {
    RunResult run = run_edgetop(with({"record", "-n", "1", "-o", "/dev/stdout"}, orin()));
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("\"type\":\"header\""), std::string::npos);
}

// A FIFO that nobody reads, directly or through a link, would hold the open forever: refused
// with the path named instead.
TEST(OutputFiles, AFifoNobodyReadsIsAnErrorNotAHang) {
    TempDir dir;
    std::string fifo = dir.file("fifo");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    fs::create_symlink(fifo, dir.file("link"));
    for (const std::string& path : {fifo, dir.file("link")}) {
        RunResult run = run_edgetop(with({"record", "-n", "1", "-o", path}, orin()));
        EXPECT_NE(run.status, 0);
        EXPECT_FALSE(run.timed_out);
        EXPECT_NE(run.err.find(path), std::string::npos) << run.err;
    }
}

TEST(OutputFiles, NewFilesGetTheModeTheUmaskLeaves) {
    TempDir dir;
    Umask mask(077);
    std::string session = dir.file("s.jsonl");
    ASSERT_EQ(run_edgetop(with({"record", "-n", "1", "-o", session}, orin())).status, 0);
    EXPECT_EQ(mode_of(session), 0600u);
    std::string page = dir.file("s.html");
    ASSERT_EQ(run_edgetop({"report", "--html", page, session}).status, 0);
    EXPECT_EQ(mode_of(page), 0600u);
    std::string csv = dir.file("s.csv");
    ASSERT_EQ(run_edgetop({"export", "--format", "csv", "-o", csv, session}).status, 0);
    EXPECT_EQ(mode_of(csv), 0600u);
}

TEST(OutputFiles, AReplacedReportPageKeepsItsMode) {
    TempDir dir;
    Umask mask(022);
    std::string page = dir.file("r.html");
    write_text(page, "old page\n");
    ASSERT_EQ(::chmod(page.c_str(), 0600), 0);
    ASSERT_EQ(run_edgetop({"report", "--html", page, example_session()}).status, 0);
    EXPECT_NE(file_text(page), "old page\n");
    EXPECT_EQ(mode_of(page), 0600u);
    ASSERT_EQ(::chmod(page.c_str(), 0640), 0);
    ASSERT_EQ(run_edgetop({"report", "--html", page, example_session()}).status, 0);
    EXPECT_EQ(mode_of(page), 0640u);
}

}  // namespace
}  // namespace edgetop::testing
