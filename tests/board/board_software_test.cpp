#include "sensors/board/board_software.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "sensors/board/board_sources.hpp"
#include "sensors/core/source.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::fixture_path;
using testing::FixtureTree;

SoftwareInfo software_of(const std::string& root) {
    auto source = make_board_source();
    source->discover(Root(root));
    Board board;
    source->describe(board);
    return board.software;
}

TEST(BoardSoftware, UpstreamVersionDropsEpochRevisionAndBuild) {
    EXPECT_EQ(upstream_version("8.6.0.166-1+cuda11.4"), "8.6.0.166");
    EXPECT_EQ(upstream_version("1:4.5.4+dfsg-9ubuntu4"), "4.5.4");
    EXPECT_EQ(upstream_version("6.2.1+b38"), "6.2.1");
    EXPECT_EQ(upstream_version("5.1.1-b56"), "5.1.1");
    EXPECT_EQ(upstream_version("4.8.0-1-g6371ee1"), "4.8.0");
    EXPECT_EQ(upstream_version(" 3.2.4\n"), "3.2.4");
    EXPECT_EQ(upstream_version(""), "");
}

TEST(BoardSoftware, DpkgStatusKeepsOnlyInstalledWantedRecords) {
    std::string status(
        "Package: libcudnn8\nStatus: install ok installed\nArchitecture: arm64\n"
        "Version: 8.6.0.166-1+cuda11.4\nDescription: cuDNN\n continued line\n\n"
        "Package: libnvvpi2\nStatus: deinstall ok config-files\nVersion: 2.2.7\n\n"
        "Package: libnvvpi1\nStatus: install ok half-installed\nVersion: 1.1.11\n\n"
        "Package: libc6\nStatus: install ok installed\nVersion: 2.35-0ubuntu3\n\n"
        "Package: tensorrt\nStatus: install ok installed\n\n"  // no Version: skipped
        "Package: libcudnn8\nStatus: install ok installed\nVersion: 9.9.9\n\n"  // second arch
        "garbage without a colon\n"
        "Package: libopencv\r\nStatus: install ok installed\r\nVersion: 4.8.0-1-g6371ee1");  // no
                                                                                             // end
    auto versions = installed_versions(status, [](std::string_view package) {
        return package == "libcudnn8" || package == "libnvvpi2" || package == "libnvvpi1" ||
               package == "tensorrt" || package == "libopencv";
    });
    EXPECT_EQ(versions, (std::map<std::string, std::string>{{"libcudnn8", "8.6.0.166-1+cuda11.4"},
                                                            {"libopencv", "4.8.0-1-g6371ee1"}}));
}

TEST(BoardSoftware, CudaVersionFiles) {
    EXPECT_EQ(cuda_version_from_json(
                  R"({"cuda" : {"name" : "CUDA SDK", "version" : "12.6.68"}, "cuda_nvcc" : )"
                  R"({"name" : "CUDA NVCC", "version" : "12.6.77"}})"),
              "12.6.68");
    // The version of another component, after "cuda"'s object closes, is not CUDA's.
    EXPECT_EQ(
        cuda_version_from_json(R"({"cuda" : {"name" : "CUDA SDK"}, "x" : {"version" : "1"}})"),
        std::nullopt);
    EXPECT_EQ(cuda_version_from_json(R"({"cuda_cudart" : {"version" : "12.6.68"}})"), std::nullopt);
    EXPECT_EQ(cuda_version_from_json("{\"cuda\" : {\"version\" : \""), std::nullopt);
    EXPECT_EQ(cuda_version_from_json(""), std::nullopt);
    EXPECT_EQ(cuda_version_from_txt("CUDA Version 10.2.300\n"), "10.2.300");
    EXPECT_EQ(cuda_version_from_txt("CUDA Version \n"), std::nullopt);
    EXPECT_EQ(cuda_version_from_txt("\x7f"
                                    "ELF"),
              std::nullopt);
}

// JetPack 4.6 on a Nano: version.txt, a removed cuDNN doc package beside the installed one.
TEST(BoardSoftware, NanoJetPack4) {
    SoftwareInfo s = software_of(fixture_path("nano"));
    EXPECT_EQ(s.l4t, "32.6.1");
    EXPECT_EQ(s.jetpack, "4.6");
    EXPECT_EQ(s.kernel, "4.9.253");
    EXPECT_EQ(s.cuda, "10.2.300");
    EXPECT_EQ(s.cudnn, "8.2.1.32");
    EXPECT_EQ(s.tensorrt, "8.0.1.6");
    EXPECT_EQ(s.vpi, "1.1.11");
    EXPECT_EQ(s.opencv, "4.1.1");
    EXPECT_EQ(s.multimedia_api, "32.6.1");
    EXPECT_EQ(s.module_part_number, "3448");
    EXPECT_EQ(s.serial_number, std::nullopt);
}

// JetPack 5.1.1 on AGX Orin: version.json; the tensorrt meta package before libnvinfer8.
TEST(BoardSoftware, AgxOrinJetPack5) {
    SoftwareInfo s = software_of(fixture_path("agx-orin"));
    EXPECT_EQ(s.l4t, "35.3.1");
    EXPECT_EQ(s.jetpack, "5.1.1");
    EXPECT_EQ(s.kernel, "5.10.104-tegra");
    EXPECT_EQ(s.cuda, "11.4.315");
    EXPECT_EQ(s.cudnn, "8.6.0.166");
    EXPECT_EQ(s.tensorrt, "8.5.2.2");
    EXPECT_EQ(s.vpi, "2.2.7");
    EXPECT_EQ(s.opencv, "4.5.4");
    EXPECT_EQ(s.multimedia_api, "35.3.1");
    EXPECT_EQ(s.module_part_number, std::nullopt);
}

// JetPack 6.2.1 without the nvidia-jetpack package: JetPack from the L4T table; NVIDIA's OpenCV
// before Ubuntu's; no Multimedia API installed.
TEST(BoardSoftware, OrinNanoJetPack6WithoutMetaPackage) {
    SoftwareInfo s = software_of(fixture_path("orin-nano"));
    EXPECT_EQ(s.l4t, "36.4.7");
    EXPECT_EQ(s.jetpack, "6.2.1");
    EXPECT_EQ(s.kernel, "5.15.148-tegra");
    EXPECT_EQ(s.cuda, "12.6.68");
    EXPECT_EQ(s.cudnn, "9.3.0.75");
    EXPECT_EQ(s.tensorrt, "10.3.0.30");
    EXPECT_EQ(s.vpi, "3.2.4");
    EXPECT_EQ(s.opencv, "4.8.0");
    EXPECT_EQ(s.multimedia_api, std::nullopt);
    EXPECT_EQ(s.serial_number, "1424523108735");
}

TEST(BoardSoftware, PcHasNothing) {
    SoftwareInfo s = software_of(fixture_path("x86-pc"));
    EXPECT_FALSE(s.l4t || s.jetpack || s.kernel || s.cuda || s.cudnn || s.tensorrt || s.vpi ||
                 s.opencv || s.multimedia_api || s.module_part_number || s.serial_number);
}

// Without nv_tegra_release the L4T core package gives L4T (and JetPack through the table).
TEST(BoardSoftware, L4tFromThePackageWithoutTheReleaseFile) {
    FixtureTree tree("agx-orin");
    tree.remove("/etc/nv_tegra_release");
    tree.write("/var/lib/dpkg/status",
               "Package: nvidia-l4t-core\nStatus: install ok installed\n"
               "Version: 36.4.7-20250918154033\n");
    SoftwareInfo s = software_of(tree.root());
    EXPECT_EQ(s.l4t, "36.4.7");
    EXPECT_EQ(s.jetpack, "6.2.1");
    EXPECT_EQ(s.cudnn, std::nullopt);
}

// A directory or a FIFO where dpkg's status belongs, garbage in the version files: absent values,
// no hang.
TEST(BoardSoftware, SpecialAndGarbageFilesAreAbsent) {
    FixtureTree tree("agx-orin");
    tree.remove("/var/lib/dpkg/status");
    ASSERT_EQ(::mkfifo(tree.path("/var/lib/dpkg/status").c_str(), 0600), 0);
    tree.write("/usr/local/cuda/version.json", "\x01\x02{{{\"cuda\"");
    tree.write("/proc/sys/kernel/osrelease", "\n");
    SoftwareInfo s = software_of(tree.root());
    EXPECT_EQ(s.cudnn, std::nullopt);
    EXPECT_EQ(s.cuda, std::nullopt);
    EXPECT_EQ(s.kernel, std::nullopt);
    EXPECT_EQ(s.jetpack, "5.1.1");  // from L4T 35.3.1

    tree.remove("/var/lib/dpkg/status");
    tree.write("/var/lib/dpkg/status/x", "");
    EXPECT_EQ(software_of(tree.root()).tensorrt, std::nullopt);
}

}  // namespace
}  // namespace edgetop
