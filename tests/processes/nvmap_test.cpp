// nvmap's per-client table (/sys/kernel/debug/nvmap/iovmm/maps, root only on Jetson) as GPU
// memory per process.
#include "sensors/processes/processes_nvmap.hpp"

#include <gtest/gtest.h>

namespace edgetop {
namespace {

// The layout of an AGX Xavier's table under a desktop and a camera pipeline (JetPack 5).
constexpr std::string_view kTable =
    "CLIENT                        PROCESS      PID        SIZE\n"
    "user                   nvargus-daemon     5567     43688K\n"
    "user                             Xorg     6095     98184K\n"
    "user                      gnome-shell     6398     71020K\n"
    "user                     gst-launch-1.0   7001      12M\n"
    "user                     gst-launch-1.0   7001      4096K\n"
    "user                   Web Content     7120      2048K\n"
    "total                                                     232044K\n";

TEST(NvmapClients, SumsEachPidsClientsInKilobytes) {
    auto kb = parse_nvmap_clients(kTable);
    EXPECT_EQ(kb.size(), 5u);
    EXPECT_EQ(kb.at(5567), 43688);
    EXPECT_EQ(kb.at(6095), 98184);
    EXPECT_EQ(kb.at(7001), 12 * 1024 + 4096);  // two clients, M and K
    EXPECT_EQ(kb.at(7120), 2048);              // a process name with a space
    EXPECT_EQ(kb.count(0), 0u);
}

TEST(NvmapClients, GarbageGivesNothingAndNeverThrows) {
    EXPECT_TRUE(parse_nvmap_clients("").empty());
    EXPECT_TRUE(parse_nvmap_clients("CLIENT PROCESS PID SIZE\ntotal 0K\n").empty());
    EXPECT_TRUE(parse_nvmap_clients("user x -5 10K\nuser x 12 10B\nuser x 12 K\n").empty());
    EXPECT_TRUE(
        parse_nvmap_clients("user x 99999999999 10K\nuser x 12 99999999999999999G\n").empty());
    EXPECT_EQ(parse_nvmap_clients("user x 12 10K").at(12), 10);  // no final newline
}

TEST(NvmapClients, AFixtureRootIsNeverRead) {
    NvmapClients clients;
    EXPECT_FALSE(clients.open(Root(std::string(EDGETOP_FIXTURES) + "/agx-orin")));
    std::vector<ProcessSample> processes(1);
    processes[0].pid = 5567;
    clients.fill(processes);
    EXPECT_FALSE(processes[0].gpu_mem_kb.has_value());
}

}  // namespace
}  // namespace edgetop
