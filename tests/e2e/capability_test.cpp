// edgetop installed with `setcap cap_dac_read_search+ep` (README "Permissions") and run by an
// unprivileged user must not read, for that user, files the user may not read: a copy of the
// binary carrying the capability runs as nobody against a root-only file reached as an input, a
// rule config, a --root tree's zone type and rail label planted as links to it, and an output
// path behind a directory only root may enter.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "e2e/edgetop_process.hpp"
#include "support/child_process.hpp"
#include "support/temp_dir.hpp"

namespace edgetop::testing::capability {
namespace {

constexpr uid_t kNobody = 65534;
constexpr const char* kSecret = "secret-b7d1c0de-not-for-nobody";

bool found_on_path(const std::string& name) {
    return ChildProcess({"sh", "-c", "command -v " + name})
               .collect(std::chrono::seconds(10))
               .status == 0;
}

int run_as_root(const std::vector<std::string>& argv) {
    return ChildProcess(argv).collect(std::chrono::seconds(30)).status;
}

RunResult run_as_nobody(const std::vector<std::string>& argv, const std::string& home = "/",
                        const std::string& config_home = "") {
    SpawnOptions options;
    options.uid = kNobody;
    options.env = {{"HOME", home},
                   {"XDG_CONFIG_HOME", config_home.empty() ? home + "/.config" : config_home}};
    return ChildProcess(argv, options).collect(std::chrono::seconds(60));
}

void write_file(const std::string& path, const std::string& text) {
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream(path) << text;
}

class CapabilityCopy : public ::testing::Test {
  protected:
    void SetUp() override {
        if (geteuid() != 0) GTEST_SKIP() << "needs root to give a copy of edgetop a capability";
        if (!found_on_path("setcap")) GTEST_SKIP() << "setcap not installed (libcap2-bin)";
        namespace fs = std::filesystem;
        chmod(dir_.path().c_str(), 0755);
        secret_ = dir_.file("secret");
        write_file(secret_, std::string(kSecret) + "\n");
        chmod(secret_.c_str(), 0600);
        binary_ = dir_.file("edgetop");
        fs::copy_file(EDGETOP_BINARY, binary_);
        chmod(binary_.c_str(), 0755);
        ASSERT_EQ(run_as_root({"setcap", "cap_dac_read_search+ep", binary_}), 0);
        // The same capability on a copy of cat shows whether file capabilities take effect here
        // at all (not on a nosuid mount, nor under qemu-user, which ignores them).
        std::string cat = dir_.file("cat");
        fs::copy_file("/bin/cat", cat);
        chmod(cat.c_str(), 0755);
        ASSERT_EQ(run_as_root({"setcap", "cap_dac_read_search+ep", cat}), 0);
        if (run_as_nobody({cat, secret_}).out.find(kSecret) == std::string::npos)
            GTEST_SKIP() << "file capabilities do not take effect on this file system";
    }

    // Output and error of the capability-carrying edgetop run as nobody, which must not hold the
    // secret.
    RunResult edgetop(std::vector<std::string> args, const std::string& config_home = "") {
        args.insert(args.begin(), binary_);
        RunResult result = run_as_nobody(args, dir_.path(), config_home);
        EXPECT_EQ(result.out.find(kSecret), std::string::npos) << result.out;
        EXPECT_EQ(result.err.find(kSecret), std::string::npos) << result.err;
        return result;
    }

    // A --root tree that nobody may read, whose zone type and rail label are links to the secret.
    std::string planted_tree() {
        std::string tree = dir_.file("tree");
        std::string zone = tree + "/sys/class/thermal/thermal_zone0";
        write_file(zone + "/temp", "45000\n");
        std::filesystem::create_symlink(secret_, zone + "/type");
        std::string chip = tree + "/sys/bus/i2c/devices/1-0040";
        write_file(chip + "/name", "ina3221\n");
        std::string hwmon = chip + "/hwmon/hwmon1";
        write_file(hwmon + "/in1_input", "5000\n");
        write_file(hwmon + "/curr1_input", "400\n");
        std::filesystem::create_symlink(secret_, hwmon + "/in1_label");
        run_as_root({"chmod", "-R", "a+rX", tree});
        return tree;
    }

    edgetop::testing::TempDir dir_;
    std::string secret_;
    std::string binary_;
};

// Each refusal names the file it could not read, so the test cannot pass for another reason.
void expect_refused(const RunResult& result, const std::string& path) {
    EXPECT_NE(result.status, 0);
    EXPECT_NE(result.err.find(path), std::string::npos) << result.err;
}

TEST_F(CapabilityCopy, AnInputFileIsReadWithTheUsersRights) {
    expect_refused(edgetop({"import", "tegrastats", secret_, "-o", dir_.file("out.jsonl")}),
                   secret_);
    expect_refused(edgetop({"report", secret_}), secret_);
    expect_refused(edgetop({"export", "--format", "csv", secret_}), secret_);
}

TEST_F(CapabilityCopy, ARuleConfigIsReadWithTheUsersRights) {
    std::string config_home = dir_.file("config");
    std::filesystem::create_directories(config_home + "/edgetop");
    std::filesystem::create_symlink(secret_, config_home + "/edgetop/config");
    expect_refused(edgetop({"record", "-n", "1", "-o", dir_.file("out.jsonl")}, config_home),
                   config_home + "/edgetop/config");
}

TEST_F(CapabilityCopy, LinksInARootTreeLeadNowhereTheUserCannotGo) {
    std::string tree = planted_tree();
    edgetop({"--root", tree, "--once"});
    std::string session = dir_.file("out/session.jsonl");
    std::filesystem::create_directories(dir_.file("out"));
    run_as_root({"chown", "nobody", dir_.file("out")});
    auto recorded = edgetop({"--root", tree, "record", "-n", "1", "-o", session});
    EXPECT_EQ(recorded.status, 0) << recorded.err;
    std::ifstream in(session);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_FALSE(content.empty());
    EXPECT_EQ(content.find(kSecret), std::string::npos);
}

TEST_F(CapabilityCopy, AnOutputPathIsOpenedWithTheUsersRights) {
    // Behind a directory only root may enter lies one anybody may write to: reaching it needs the
    // capability's search right, which must not serve a path the user names, even while the live
    // board is read with it.
    std::string hidden = dir_.file("root-only");
    std::filesystem::create_directories(hidden + "/open");
    chmod(hidden.c_str(), 0700);
    chmod((hidden + "/open").c_str(), 0777);
    auto recorded = edgetop({"record", "-n", "1", "-o", hidden + "/open/session.jsonl"});
    expect_refused(recorded, hidden + "/open/session.jsonl");
    EXPECT_FALSE(std::filesystem::exists(hidden + "/open/session.jsonl"));
}

}  // namespace
}  // namespace edgetop::testing::capability
