#include "sensors/processes/processes_gpu_fds.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace edgetop {
namespace {

TEST(IsGpuDevicePath, NvgpuNodesOfEveryJetPack) {
    // JetPack 4 (nvhost-*-gpu) and JetPack 5/6 (/dev/nvgpu/igpu0/*) nodes of the integrated GPU.
    EXPECT_TRUE(is_gpu_device_path("/dev/nvhost-gpu"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvhost-ctrl-gpu"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvhost-as-gpu"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvhost-tsg-gpu"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvhost-prof-gpu"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvgpu/igpu0/ctrl"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvgpu/igpu0/as"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvgpu/igpu0/channel"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvgpu-pci/card-0004:01:00.0-ctrl"));
}

TEST(IsGpuDevicePath, OpenRmAndDrmRenderNodes) {
    EXPECT_TRUE(is_gpu_device_path("/dev/nvidia0"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvidia12"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvidiactl"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvidia-uvm"));
    EXPECT_TRUE(is_gpu_device_path("/dev/nvidia-uvm-tools"));
    EXPECT_TRUE(is_gpu_device_path("/dev/dri/renderD128"));
}

TEST(IsGpuDevicePath, EnginesDisplayAndMemoryNodesAreNotGpu) {
    EXPECT_FALSE(is_gpu_device_path("/dev/nvmap"));  // any graphics/camera/codec client
    EXPECT_FALSE(is_gpu_device_path("/dev/nvhost-ctrl"));
    EXPECT_FALSE(is_gpu_device_path("/dev/nvhost-vic"));
    EXPECT_FALSE(is_gpu_device_path("/dev/nvhost-nvdec"));
    EXPECT_FALSE(is_gpu_device_path("/dev/nvhost-msenc"));
    EXPECT_FALSE(is_gpu_device_path("/dev/nvhost-ctrl-nvdla0"));
    EXPECT_FALSE(is_gpu_device_path("/dev/nvidia-modeset"));
    EXPECT_FALSE(is_gpu_device_path("/dev/nvidia-caps/nvidia-cap1"));
    EXPECT_FALSE(is_gpu_device_path("/dev/dri/card0"));
    EXPECT_FALSE(is_gpu_device_path("/dev/dri/renderD"));
    EXPECT_FALSE(is_gpu_device_path("/dev/null"));
    EXPECT_FALSE(is_gpu_device_path("socket:[12345]"));
    EXPECT_FALSE(is_gpu_device_path("/home/user/dev/nvgpu/notes.txt"));
    EXPECT_FALSE(is_gpu_device_path(""));
}

TEST(ScanGpuFds, OwnProcessHoldsNoGpuNode) {
    EXPECT_EQ(scan_gpu_fds(getpid()), FdScan::no_gpu);
}

TEST(ScanGpuFds, ExitedProcessIsGone) {
    pid_t child = fork();
    if (child == 0) _exit(0);
    ASSERT_GT(child, 0);
    ASSERT_EQ(waitpid(child, nullptr, 0), child);
    EXPECT_EQ(scan_gpu_fds(child), FdScan::gone);
}

// Another user's descriptors are unreadable: unknown, not "no GPU". As root the check runs in
// a child dropped to nobody against this process; otherwise against pid 1 when root owns it.
TEST(ScanGpuFds, OtherUsersProcessIsDenied) {
    constexpr int kSkip = 3;
    pid_t target = geteuid() == 0 ? getpid() : 1;
    struct stat owner {};
    if (geteuid() != 0 && (stat("/proc/1", &owner) != 0 || owner.st_uid == geteuid()))
        GTEST_SKIP() << "no process of another user to check against";
    pid_t child = fork();
    if (child == 0) {
        if (geteuid() == 0 && setuid(65534) != 0) _exit(kSkip);
        _exit(scan_gpu_fds(target) == FdScan::denied ? 0 : 1);
    }
    ASSERT_GT(child, 0);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    if (WEXITSTATUS(status) == kSkip) GTEST_SKIP() << "cannot drop to an unprivileged user";
    EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace edgetop
