// The disk (/proc/diskstats) and network (/proc/net/dev) readers on every board's fixture tree,
// and their rates from two readings the test changes between samples.
#include <gtest/gtest.h>

#include <sstream>

#include "sensors/core/source.hpp"
#include "sensors/io/io_diskstats.hpp"
#include "sensors/io/io_net_dev.hpp"
#include "sensors/io/io_sources.hpp"
#include "sensors/io/rates_io.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::FixtureTree;

struct IoReaders {
    SourcePtr disk = make_disk_source();
    SourcePtr net = make_net_source();

    explicit IoReaders(const FixtureTree& tree) {
        Root root(tree.root());
        disk->discover(root);
        net->discover(root);
    }
    Sample poll(double t_s) {
        Sample s;
        s.t_s = t_s;
        disk->poll(s);
        net->poll(s);
        return s;
    }
};

template <class T>
std::vector<std::string> names(const std::vector<T>& list) {
    std::vector<std::string> out;
    for (const auto& item : list)
        out.push_back(item.name);
    return out;
}

template <class T>
const T& named(const std::vector<T>& list, const std::string& name) {
    for (const auto& item : list)
        if (item.name == name) return item;
    throw std::runtime_error("no " + name);
}

// The fixture's text with the counters of one line raised: `column` counts the line's
// white-space separated tokens from 0 (diskstats: 5 sectors read, 9 sectors written, 12 io_ticks;
// net/dev after "name:": 1 rx bytes, 9 tx bytes).
std::string raised(const std::string& text, const std::string& first_token,
                   std::vector<std::pair<int, uint64_t>> deltas, int name_token) {
    std::istringstream in(text);
    std::string out, line;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::vector<std::string> tokens;
        for (std::string w; words >> w;)
            tokens.push_back(w);
        if (static_cast<int>(tokens.size()) > name_token && tokens[name_token] == first_token) {
            for (auto [column, delta] : deltas)
                tokens[column] = std::to_string(std::stoull(tokens[column]) + delta);
            line.clear();
            for (const auto& t : tokens)
                line += (line.empty() ? "" : " ") + t;
        }
        out += line + "\n";
    }
    return out;
}

std::string raised_disk(const std::string& text, const std::string& disk, uint64_t sectors_read,
                        uint64_t sectors_written, uint64_t io_ms) {
    return raised(text, disk, {{5, sectors_read}, {9, sectors_written}, {12, io_ms}}, 2);
}

std::string raised_net(const std::string& text, const std::string& interface, uint64_t rx,
                       uint64_t tx) {
    return raised(text, interface + ":", {{1, rx}, {9, tx}}, 0);
}

TEST(IoDiskFilter, WholeDisksOnly) {
    for (const char* disk :
         {"mmcblk0", "mmcblk1", "nvme0n1", "nvme1n2", "sda", "sdab", "hdb", "vda", "xvda"})
        EXPECT_TRUE(is_physical_disk(disk)) << disk;
    for (const char* other :
         {"mmcblk0p1", "mmcblk0p15", "mmcblk0boot0", "mmcblk0boot1", "mmcblk0rpmb",
          "nvme0n1p1", "nvme0c0n1",  "nvme0",        "sda1",         "vda2",
          "xvda1",     "loop0",      "ram0",         "zram0",        "dm-0",
          "md0",       "sr0",        "nbd0",         "mmcblk",       "sd",
          ""})
        EXPECT_FALSE(is_physical_disk(other)) << other;
}

struct BoardIo {
    const char* board;
    std::vector<std::string> disks;
    std::vector<std::string> interfaces;
};

TEST(IoReaders, EveryBoardItsDisksAndInterfaces) {
    const std::vector<BoardIo> boards = {
        {"nano", {"mmcblk0"}, {"dummy0", "wlan0", "eth0", "rndis0", "usb0", "l4tbr0", "docker0"}},
        {"tx2",
         {"mmcblk0"},
         {"dummy0", "can0", "can1", "wlan0", "eth0", "rndis0", "usb0", "l4tbr0"}},
        {"xavier-nx",
         {"mmcblk1"},
         {"dummy0", "can0", "wlan0", "eth0", "l4tbr0", "rndis0", "usb0", "usb1"}},
        {"agx-xavier",
         {"mmcblk0", "nvme0n1"},
         {"dummy0", "can0", "can1", "eth0", "l4tbr0", "rndis0", "usb0", "docker0"}},
        {"agx-orin",
         {"mmcblk0", "nvme0n1"},
         {"can0", "eth0", "wlan0", "l4tbr0", "usb0", "usb1", "docker0"}},
        {"orin-nano", {"nvme0n1"}, {"can0", "eth0", "wlan0", "l4tbr0", "usb0", "usb1"}},
        {"thor",
         {"nvme0n1", "sda"},
         {"mgbe0_0", "enP2p1s0", "wlP1p1s0", "l4tbr0", "usb0", "usb1", "docker0"}},
        {"x86-pc", {"nvme0n1", "sda"}, {"enp3s0", "wlp2s0", "docker0", "veth3f1a2b7"}},
    };
    for (const auto& expected : boards) {
        FixtureTree tree(expected.board);
        IoReaders readers(tree);
        Sample s = readers.poll(1);
        EXPECT_EQ(names(s.disks), expected.disks) << expected.board;
        EXPECT_EQ(names(s.net), expected.interfaces) << expected.board;
        for (const auto& d : s.disks) {
            // Counters are read; rates need a second reading.
            EXPECT_TRUE(d.read_bytes_total && d.written_bytes_total && d.io_time_ms_total)
                << expected.board << " " << d.name;
            EXPECT_EQ(*d.read_bytes_total % 512, 0u);
            EXPECT_FALSE(d.read_bytes_per_s || d.write_bytes_per_s || d.busy_pct);
        }
        for (const auto& n : s.net)
            EXPECT_TRUE(n.rx_bytes_total && n.tx_bytes_total) << expected.board << " " << n.name;
    }
}

TEST(IoReaders, CountersAsTheKernelPrintsThem) {
    // Nano (4.9: 11 counters) and Orin (5.10: 17 counters): the same columns.
    std::vector<DiskSample> disks;
    parse_diskstats(
        "   7       0 loop0 5 0 10 0 0 0 0 0 0 0 0\n"
        " 179       0 mmcblk0 61234 9876 4161024 51234 20345 11234 2097152 412345 "
        "2 98765 463579\n"
        " 179       1 mmcblk0p1 60000 9000 4000000 50000 20000 11000 2000000 400000 "
        "0 90000 450000\n"
        " 259       0 nvme0n1 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n",
        disks);
    ASSERT_EQ(names(disks), (std::vector<std::string>{"mmcblk0", "nvme0n1"}));
    EXPECT_EQ(disks[0].read_bytes_total, 4161024u * 512);
    EXPECT_EQ(disks[0].written_bytes_total, 2097152u * 512);
    EXPECT_EQ(disks[0].io_time_ms_total, 98765u);
    EXPECT_EQ(disks[1].read_bytes_total, 3u * 512);
    EXPECT_EQ(disks[1].written_bytes_total, 7u * 512);
    EXPECT_EQ(disks[1].io_time_ms_total, 10u);

    std::vector<NetSample> net;
    parse_net_dev(
        "Inter-|   Receive                            |  Transmit\n"
        " face |bytes    packets errs drop fifo frame compressed multicast|bytes\n"
        "    lo: 100 1 0 0 0 0 0 0 100 1 0 0 0 0 0 0\n"
        "  eth0:1234567 10 0 0 0 0 0 0 7654321 20 0 0 0 0 0 0\n"
        " wlan0: 5 1 0 0 0 0 0 0 6 1 0 0 0 0 0 0\n",
        net);
    ASSERT_EQ(names(net), (std::vector<std::string>{"eth0", "wlan0"}));
    EXPECT_EQ(net[0].rx_bytes_total, 1234567u);
    EXPECT_EQ(net[0].tx_bytes_total, 7654321u);
}

TEST(IoReaders, GarbageLinesAreSkippedOthersKept) {
    std::vector<DiskSample> disks;
    parse_diskstats(
        " 179 0 mmcblk0 1 2 3 4 5 6 7 8 9 10\n"                     // one counter short
        " 259 0 nvme0n1 1 2 x 4 5 6 7 8 9 10 11\n"                  // not a number
        "   8 0 sda -1 2 3 4 5 6 7 8 9 10 11\n"                     // negative
        "   8 16 sdb 1 2 99999999999999999999 4 5 6 7 8 9 10 11\n"  // past 64 bits
        "\ngarbage\n"
        "   8 32 sdc 1 2 3 4 5 6 7 8 9 10 11\n",
        disks);
    EXPECT_EQ(names(disks), std::vector<std::string>{"sdc"});
    std::vector<NetSample> net;
    parse_net_dev(
        "eth0: 1 2 3\nwlan0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n: 1\n"
        "usb0: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n",
        net);
    EXPECT_EQ(names(net), std::vector<std::string>{"usb0"});
}

TEST(IoReaders, AbsentFilesGiveNoDisksNorInterfaces) {
    FixtureTree tree;  // empty: a kernel without these files, or another root
    tree.write("/proc/stat", "cpu 1 2 3 4\n");
    IoReaders readers(tree);
    Sample s = readers.poll(1);
    EXPECT_TRUE(s.disks.empty());
    EXPECT_TRUE(s.net.empty());
    EXPECT_EQ(readers.disk->status().at(0).state, SourceStatus::State::absent);
    EXPECT_EQ(readers.net->status().at(0).state, SourceStatus::State::absent);
    EXPECT_EQ(readers.disk->status().at(0).name, "disk.diskstats");
    EXPECT_EQ(readers.net->status().at(0).name, "net.dev");
}

TEST(IoRates, DiskBytesAndBusyOverTheInterval) {
    FixtureTree tree("agx-orin");
    IoReaders readers(tree);
    const std::string before = tree.read("/proc/diskstats");
    Sample first = readers.poll(10);
    // In 2 s: nvme0n1 reads 20480 sectors (10 MiB), writes 4096 (2 MiB), busy 1500 ms; the
    // partition beneath it moves too, and must not add to it; mmcblk0 stays idle.
    std::string after = raised_disk(before, "nvme0n1", 20480, 4096, 1500);
    after = raised_disk(after, "nvme0n1p1", 20480, 4096, 1500);
    tree.write("/proc/diskstats", after);
    Sample second = readers.poll(12);
    derive_io_rates(first, second);
    const auto& nvme = named(second.disks, "nvme0n1");
    EXPECT_DOUBLE_EQ(*nvme.read_bytes_per_s, 5 * 1048576.0);
    EXPECT_DOUBLE_EQ(*nvme.write_bytes_per_s, 1048576.0);
    EXPECT_DOUBLE_EQ(*nvme.busy_pct, 75.0);
    const auto& emmc = named(second.disks, "mmcblk0");
    EXPECT_EQ(emmc.read_bytes_per_s, 0.0);
    EXPECT_EQ(emmc.write_bytes_per_s, 0.0);
    EXPECT_EQ(emmc.busy_pct, 0.0);
}

TEST(IoRates, NetworkBytesOverTheInterval) {
    FixtureTree tree("nano");
    IoReaders readers(tree);
    const std::string before = tree.read("/proc/net/dev");
    Sample first = readers.poll(1);
    tree.write("/proc/net/dev",
               raised_net(raised_net(before, "eth0", 1250000, 50000), "lo", 999999, 999999));
    Sample second = readers.poll(1.5);
    derive_io_rates(first, second);
    const auto& eth = named(second.net, "eth0");
    EXPECT_DOUBLE_EQ(*eth.rx_bytes_per_s, 2500000.0);
    EXPECT_DOUBLE_EQ(*eth.tx_bytes_per_s, 100000.0);
    EXPECT_EQ(named(second.net, "wlan0").rx_bytes_per_s, 0.0);
}

TEST(IoRates, SaturatedDiskReadsAtMostFullyBusy) {
    FixtureTree tree("nano");
    IoReaders readers(tree);
    const std::string before = tree.read("/proc/diskstats");
    Sample first = readers.poll(1);
    // The kernel's io_ticks and the sampling clock differ a little: 1030 ms in 1 s.
    tree.write("/proc/diskstats", raised_disk(before, "mmcblk0", 0, 8, 1030));
    Sample second = readers.poll(2);
    derive_io_rates(first, second);
    EXPECT_DOUBLE_EQ(*named(second.disks, "mmcblk0").busy_pct, 100.0);
}

TEST(IoRates, CountersThatWentBackwardsGiveNoRateThenResume) {
    FixtureTree tree("tx2");
    IoReaders readers(tree);
    Sample first = readers.poll(1);
    // A 32-bit counter wrapped (or the device was replaced under the same name): every counter
    // restarts near zero.
    tree.write("/proc/diskstats", " 179       0 mmcblk0 10 0 80 5 3 0 16 2 0 7 7\n");
    tree.write("/proc/net/dev", "  eth0: 500 5 0 0 0 0 0 0 700 7 0 0 0 0 0 0\n");
    Sample second = readers.poll(2);
    derive_io_rates(first, second);
    const auto& wrapped = named(second.disks, "mmcblk0");
    EXPECT_FALSE(wrapped.read_bytes_per_s || wrapped.write_bytes_per_s || wrapped.busy_pct);
    EXPECT_FALSE(named(second.net, "eth0").rx_bytes_per_s ||
                 named(second.net, "eth0").tx_bytes_per_s);
    tree.write("/proc/diskstats", " 179       0 mmcblk0 20 0 2128 9 3 0 16 2 0 507 9\n");
    tree.write("/proc/net/dev", "  eth0: 1500 9 0 0 0 0 0 0 700 7 0 0 0 0 0 0\n");
    Sample third = readers.poll(3);
    derive_io_rates(second, third);
    EXPECT_DOUBLE_EQ(*named(third.disks, "mmcblk0").read_bytes_per_s, 2048.0 * 512);
    EXPECT_DOUBLE_EQ(*named(third.disks, "mmcblk0").busy_pct, 50.0);
    EXPECT_DOUBLE_EQ(*named(third.net, "eth0").rx_bytes_per_s, 1000.0);
    EXPECT_DOUBLE_EQ(*named(third.net, "eth0").tx_bytes_per_s, 0.0);
}

TEST(IoRates, DiskOrInterfaceThatAppearsOrVanishes) {
    FixtureTree tree("thor");
    IoReaders readers(tree);
    const std::string disks_before = tree.read("/proc/diskstats");
    const std::string net_before = tree.read("/proc/net/dev");
    Sample first = readers.poll(1);
    // The USB disk and usb1 are unplugged; a second USB disk and a new interface appear.
    std::string disks, line;
    std::istringstream in(disks_before);
    while (std::getline(in, line))
        if (line.find(" sda") == std::string::npos) disks += line + "\n";
    disks += "   8      16 sdb 100 0 800 10 0 0 0 0 0 10 10 0 0 0 0 0 0\n";
    tree.write("/proc/diskstats", disks);
    std::string net;
    std::istringstream net_in(net_before);
    while (std::getline(net_in, line))
        if (line.find("usb1:") == std::string::npos) net += line + "\n";
    net +=
        " wwan0:    4000      10    0    0    0     0          0         0     2000      10    0   "
        " 0    0     0       0          0\n";
    tree.write("/proc/net/dev", net);
    Sample second = readers.poll(2);
    derive_io_rates(first, second);
    EXPECT_EQ(names(second.disks), (std::vector<std::string>{"nvme0n1", "sdb"}));
    EXPECT_FALSE(named(second.disks, "sdb").read_bytes_per_s);  // first reading of it
    EXPECT_EQ(named(second.disks, "nvme0n1").read_bytes_per_s, 0.0);
    EXPECT_EQ(names(second.net).back(), "wwan0");
    EXPECT_FALSE(named(second.net, "wwan0").rx_bytes_per_s);
    EXPECT_THROW(named(second.net, "usb1"), std::runtime_error);
    // And back: the previous sample lacks sda, so no rate for it yet.
    tree.write("/proc/diskstats", disks_before);
    Sample third = readers.poll(3);
    derive_io_rates(second, third);
    EXPECT_FALSE(named(third.disks, "sda").read_bytes_per_s);
    EXPECT_EQ(named(third.disks, "nvme0n1").read_bytes_per_s, 0.0);
}

TEST(IoRates, NoRateWithoutTimePassing) {
    FixtureTree tree("nano");
    IoReaders readers(tree);
    Sample first = readers.poll(5);
    Sample second = readers.poll(5);
    derive_io_rates(first, second);
    EXPECT_FALSE(named(second.disks, "mmcblk0").read_bytes_per_s);
    EXPECT_FALSE(named(second.net, "eth0").rx_bytes_per_s);
}

}  // namespace
}  // namespace edgetop
