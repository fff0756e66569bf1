// JetPack and the CUDA, cuDNN and TensorRT versions from dpkg's status database first, the
// L4T -> JetPack table only without the nvidia-jetpack package; a status file that is missing,
// garbage or huge gives absent values, bounded work and no crash.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

#include "board_test_data.hpp"
#include "sensors/board/board_software.hpp"
#include "sensors/board/board_sources.hpp"
#include "sensors/core/source.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing::jetpack_identity {
namespace {

using namespace std::string_literals;

struct Described {
    Board board;
    std::vector<SourceStatus> status;
};

Described describe_tree(const FixtureTree& tree) {
    auto source = make_board_source();
    source->discover(Root(tree.root()));
    Described out;
    source->describe(out.board);
    out.status = source->status();
    return out;
}

std::string l4t_hint(const Described& d) {
    for (const auto& s : d.status)
        if (s.name == "board.l4t") return s.hint;
    return "no board.l4t status";
}

// The files the release and software readers look at: a release's nv_tegra_release first line and
// its dpkg database, without the toolkit's version file (a runtime-only install): CUDA's version
// can then come from the packages only.
struct ReleaseTree {
    FixtureTree tree;
    ReleaseTree(const std::string& release_line, const std::string& status) {
        tree.write("/etc/nv_tegra_release", release_line + "\n# KERNEL_VARIANT: oot\n");
        tree.write("/var/lib/dpkg/status", status);
    }
};

TEST(JetpackIdentity, JetPack5FromItsPackages) {
    ReleaseTree t("# R35 (release), REVISION: 4.1, GCID: 33958178, BOARD: t186ref, EABI: aarch64",
                  board_data("dpkg/jetpack-5.1.2.status"));
    auto d = describe_tree(t.tree);
    EXPECT_EQ(d.board.l4t, "35.4.1");
    EXPECT_EQ(d.board.jetpack, "5.1.2");
    EXPECT_EQ(d.board.software.cuda, "11.4.298");
    EXPECT_EQ(d.board.software.cudnn, "8.6.0.166");
    EXPECT_EQ(d.board.software.tensorrt, "8.5.2.2");
    EXPECT_EQ(l4t_hint(d), "");
}

TEST(JetpackIdentity, JetPack6FromItsPackages) {
    ReleaseTree t("# R36 (release), REVISION: 4.3, GCID: 38968081, BOARD: generic, EABI: aarch64",
                  board_data("dpkg/jetpack-6.2.status"));
    auto d = describe_tree(t.tree);
    EXPECT_EQ(d.board.jetpack, "6.2");
    EXPECT_EQ(d.board.software.cuda, "12.6.68");
    EXPECT_EQ(d.board.software.cudnn, "9.3.0.75");
    EXPECT_EQ(d.board.software.tensorrt, "10.3.0.30");
}

// L4T 36.5.2: the board header said "not in the JetPack table" while the package said 6.2.3.
TEST(JetpackIdentity, JetPack623OnL4t3652) {
    ReleaseTree t("# R36 (release), REVISION: 5.2, GCID: 43210455, BOARD: generic, EABI: aarch64",
                  board_data("dpkg/jetpack-6.2.3.status"));
    auto d = describe_tree(t.tree);
    EXPECT_EQ(d.board.l4t, "36.5.2");
    EXPECT_EQ(d.board.jetpack, "6.2.3");
    EXPECT_EQ(d.board.software.jetpack, "6.2.3");
    // The CUDA 11.4 runtime removed (config files left) is not the installed one.
    EXPECT_EQ(d.board.software.cuda, "12.6.68");
    EXPECT_EQ(l4t_hint(d), "");
}

TEST(JetpackIdentity, JetPack721OnL4t3921) {
    ReleaseTree t("# R39 (release), REVISION: 2.1, GCID: 44120397, BOARD: generic, EABI: aarch64",
                  board_data("dpkg/jetpack-7.2.1.status"));
    auto d = describe_tree(t.tree);
    EXPECT_EQ(d.board.l4t, "39.2.1");
    EXPECT_EQ(d.board.jetpack, "7.2.1");
    EXPECT_EQ(d.board.software.cuda, "13.2.51");
    EXPECT_EQ(d.board.software.cudnn, "9.20.0.48");
    EXPECT_EQ(d.board.software.tensorrt, "10.16.2.10");
}

// A release newer than the table: the package still names it, and the table is not asked.
TEST(JetpackIdentity, ThePackageWinsWhereTheTableLags) {
    std::string status = board_data("dpkg/jetpack-7.2.1.status");
    const std::string from = "7.2.1+b34";
    for (size_t at = status.find(from); at != std::string::npos; at = status.find(from))
        status.replace(at, from.size(), "7.3+b12");
    ReleaseTree t("# R39 (release), REVISION: 3.0, GCID: 45001122, BOARD: generic, EABI: aarch64",
                  status);
    auto d = describe_tree(t.tree);
    EXPECT_EQ(d.board.l4t, "39.3.0");
    EXPECT_EQ(d.board.jetpack, "7.3");
    EXPECT_EQ(l4t_hint(d), "");
}

// Neither package nor table: JetPack is absent (shown "unknown"), said once in --check.
TEST(JetpackIdentity, UnknownL4tWithoutThePackage) {
    std::string status = board_data("dpkg/jetpack-7.2.1.status");
    size_t record = status.find("Package: nvidia-jetpack\n");
    ASSERT_NE(record, std::string::npos);
    status.erase(record, status.find("\n\n", record) + 2 - record);
    ReleaseTree t("# R39 (release), REVISION: 3.0, GCID: 45001122, BOARD: generic, EABI: aarch64",
                  status);
    auto d = describe_tree(t.tree);
    EXPECT_EQ(d.board.l4t, "39.3.0");
    EXPECT_EQ(d.board.jetpack, std::nullopt);
    EXPECT_EQ(d.board.software.jetpack, std::nullopt);
    EXPECT_EQ(d.board.software.tensorrt, "10.16.2.10");
    EXPECT_EQ(l4t_hint(d),
              "JetPack unknown: no nvidia-jetpack package, and L4T 39.3.0 is not in the JetPack "
              "table");
}

TEST(JetpackIdentity, MissingStatusFileLeavesTheTable) {
    ReleaseTree t("# R36 (release), REVISION: 5.2, GCID: 43210455, BOARD: generic, EABI: aarch64",
                  "");
    t.tree.remove("/var/lib/dpkg/status");
    auto d = describe_tree(t.tree);
    EXPECT_EQ(d.board.jetpack, "6.2.3");  // the table's answer for 36.5.2
    EXPECT_EQ(d.board.software.cuda, std::nullopt);
    EXPECT_EQ(d.board.software.cudnn, std::nullopt);
}

// Binary noise, NULs, a line of 1 MB, a Version that is not one, records run together without
// blank lines, a Status line in a Description's continuation: only well-formed installed records
// count.
TEST(JetpackIdentity, GarbageStanzas) {
    std::string status;
    for (int i = 0; i < 256; ++i)
        status += static_cast<char>((i * 37) % 256);
    status += "\n" + std::string(1 << 20, 'x') + "\n\n";
    status += "Package: nvidia-jetpack\0\nStatus: install ok installed\n"s;
    status += "Version: " + std::string(4096, '6') + "\n\n";
    status += "Package: libcudnn9-cuda-12\nStatus: install ok installed\nVersion: 9.3.0.75-1\n";
    status += "Package: tensorrt\nDescription: x\n Status: install ok installed\nVersion: 1\n\n";
    status += "Package: cuda-cudart--12-6\nStatus: install ok installed\nVersion: 9.9.9-1\n\n";
    status += "Package: cuda-cudart-+12-6\nStatus: install ok installed\nVersion: 9.9.9-1\n\n";
    status += "Package: cuda-cudart-12-6\nStatus: install ok installed\nVersion: 12.6.68-1";
    ReleaseTree t("# R36 (release), REVISION: 4.3, GCID: 38968081, BOARD: generic, EABI: aarch64",
                  status);
    auto d = describe_tree(t.tree);
    EXPECT_EQ(d.board.software.cudnn, "9.3.0.75");
    EXPECT_EQ(d.board.software.tensorrt, std::nullopt);
    EXPECT_EQ(d.board.software.cuda, "12.6.68");
    EXPECT_EQ(d.board.jetpack, "6.2");  // the 4 KB Version is not one: the table's answer
}

// A status file of 1 GiB (sparse: no disk used) is read up to its cap: the records at its start
// count, and the read ends.
TEST(JetpackIdentity, HugeStatusFileIsReadUpToItsCap) {
    ReleaseTree t("# R36 (release), REVISION: 5.2, GCID: 43210455, BOARD: generic, EABI: aarch64",
                  board_data("dpkg/jetpack-6.2.3.status"));
    int fd = ::open(t.tree.path("/var/lib/dpkg/status").c_str(), O_WRONLY);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, off_t{1} << 30), 0);
    ::close(fd);
    auto d = describe_tree(t.tree);
    EXPECT_EQ(d.board.software.jetpack, "6.2.3");
    EXPECT_EQ(d.board.software.cuda, "12.6.68");
}

TEST(JetpackIdentity, CudartSeries) {
    EXPECT_EQ(cudart_series("cuda-cudart-12-6"), (std::pair{12, 6}));
    EXPECT_EQ(cudart_series("cuda-cudart-13-2"), (std::pair{13, 2}));
    EXPECT_EQ(cudart_series("cuda-cudart-dev-12-6"), std::nullopt);
    EXPECT_EQ(cudart_series("cuda-cudart-12"), std::nullopt);
    EXPECT_EQ(cudart_series("cuda-cudart-12-6-1"), std::nullopt);
    EXPECT_EQ(cudart_series("cuda-cudart-12--6"), std::nullopt);
    EXPECT_EQ(cudart_series("cuda-cudart- 12-6"), std::nullopt);
    EXPECT_EQ(cudart_series("cuda-cudart-99999999999999999999-1"), std::nullopt);
    EXPECT_EQ(cudart_series("libcudart12"), std::nullopt);
}

}  // namespace
}  // namespace edgetop::testing::jetpack_identity
