// A hostile sensor tree: FIFOs and a /dev/zero link where edgetop expects regular files. Before
// the files were opened non-blocking and checked, opening the FIFO never returned: record hung and
// ignored SIGTERM.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include "e2e/edgetop_process.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;

void replace_with_fifo(const FixtureTree& tree, const std::string& machine_path) {
    tree.remove(machine_path);
    ASSERT_EQ(::mkfifo(tree.path(machine_path).c_str(), 0644), 0) << machine_path;
}

void replace_with_link(const FixtureTree& tree, const std::string& machine_path,
                       const char* target) {
    tree.remove(machine_path);
    ASSERT_EQ(::symlink(target, tree.path(machine_path).c_str()), 0) << machine_path;
}

// orin-nano with its /proc/stat, nvpmodel files and the cpu zone's temperature made FIFOs, and the
// GPU zone's temperature and the L4T release linked to /dev/zero.
class HostileTree : public ::testing::Test {
  protected:
    void SetUp() override {
        replace_with_fifo(tree_, "/proc/stat");
        replace_with_fifo(tree_, "/etc/nvpmodel.conf");
        replace_with_fifo(tree_, "/var/lib/nvpmodel/status");
        replace_with_fifo(tree_, "/sys/devices/virtual/thermal/thermal_zone0/temp");
        replace_with_link(tree_, "/sys/devices/virtual/thermal/thermal_zone1/temp", "/dev/zero");
        replace_with_link(tree_, "/etc/nv_tegra_release", "/dev/zero");
        zone0_ = tree_.read("/sys/devices/virtual/thermal/thermal_zone0/type");
        zone1_ = tree_.read("/sys/devices/virtual/thermal/thermal_zone1/type");
    }

    const json* zone(const json& sample, const std::string& type) {
        std::string name = type.substr(0, type.find_first_of("-\n"));
        for (const auto& z : sample["thermal"])
            if (z["name"] == name) return &z;
        return nullptr;
    }

    FixtureTree tree_{"orin-nano"};
    std::string zone0_, zone1_;
    TempDir tmp_;
};

TEST_F(HostileTree, RecordFinishesWithTheRefusedValuesAbsent) {
    std::string out = tmp_.file("s.jsonl");
    auto start = std::chrono::steady_clock::now();
    RunResult run =
        run_edgetop({"record", "--root", tree_.root(), "-n", "2", "-i", "50", "-o", out}, {});
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
    ASSERT_EQ(run.status, 0) << run.err;
    auto lines = parse_lines(read_lines(out));
    ASSERT_GE(lines.size(), 4u);
    EXPECT_EQ(lines[0]["board"]["power_modes"], json::array());
    EXPECT_EQ(lines[0]["board"]["l4t"], nullptr);
    std::vector<json> samples;
    for (const auto& line : lines)
        if (line["type"] == "sample") samples.push_back(line);
    ASSERT_EQ(samples.size(), 2u);
    const json& last = samples.back();
    EXPECT_EQ(last["cpu"]["util"], nullptr);
    for (const auto& type : {zone0_, zone1_}) {
        const json* z = zone(last, type);
        ASSERT_NE(z, nullptr) << type;
        EXPECT_EQ((*z)["temp_c"], nullptr) << type;
    }
    // The rest of the tree is still read.
    EXPECT_NE(last["gpu"][0]["freq_hz"], nullptr);
    EXPECT_EQ(lines.back()["reason"], "count");
}

TEST_F(HostileTree, RecordStillStopsOnSigterm) {
    std::string out = tmp_.file("s.jsonl");
    EdgetopProcess process({"record", "--root", tree_.root(), "-i", "50", "-o", out});
    ASSERT_TRUE(wait_for_samples(out, 2));
    process.send(SIGTERM);
    RunResult run = process.wait(std::chrono::seconds(20));
    EXPECT_EQ(run.status, 0) << run.err;
    auto lines = parse_lines(read_lines(out));
    EXPECT_EQ(lines.back()["reason"], "signal");
}

TEST_F(HostileTree, ServeStillStopsOnSigterm) {
    std::string log = tmp_.file("serve.jsonl");
    EdgetopProcess process({"serve", "--listen", "127.0.0.1:0", "--root", tree_.root(),
                            "--interval", "50", "--log", log});
    ASSERT_TRUE(wait_for_samples(log, 2));
    process.send(SIGTERM);
    RunResult run = process.wait(std::chrono::seconds(20));
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(parse_lines(read_lines(log)).back()["reason"], "signal");
}

TEST_F(HostileTree, CheckNamesWhyEachFileIsRefused) {
    RunResult run = run_edgetop({"--check", "--root", tree_.root()});
    ASSERT_EQ(run.status, 0) << run.err;
    for (const char* row : {"cpu.stat", "board.nvpmodel ", "board.nvpmodel_status", "board.l4t"}) {
        auto at = run.out.find(row);
        ASSERT_NE(at, std::string::npos) << row << "\n" << run.out;
        std::string line = run.out.substr(at, run.out.find('\n', at) - at);
        EXPECT_NE(line.find("not a regular file"), std::string::npos) << line;
    }
}

TEST(HostileConfig, FifoOrDevZeroAsTheConfigFileIsAOneLineError) {
    TempDir home;
    std::string dir = home.file("edgetop");
    std::filesystem::create_directories(dir);
    for (const char* kind : {"fifo", "zero"}) {
        std::filesystem::remove(dir + "/config");
        if (std::string(kind) == "fifo")
            ASSERT_EQ(::mkfifo((dir + "/config").c_str(), 0644), 0);
        else
            std::filesystem::create_symlink("/dev/zero", dir + "/config");
        ::setenv("XDG_CONFIG_HOME", home.file("").c_str(), 1);
        RunResult run = run_edgetop(
            {"record", "--root", fixture_root("orin-nano"), "-n", "1", "-o", home.file("s.jsonl")});
        ::unsetenv("XDG_CONFIG_HOME");
        EXPECT_NE(run.status, 0) << kind;
        EXPECT_EQ(split_lines(run.err).size(), 1u) << run.err;
        EXPECT_NE(run.err.find("config: cannot read: not a regular file"), std::string::npos)
            << run.err;
    }
}

}  // namespace
}  // namespace edgetop::testing
