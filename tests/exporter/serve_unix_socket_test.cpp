// serve --listen unix:PATH: a local socket beside TCP served by the same loop, its file's mode
// (0660, --socket-group) keeping other users out, and what serve does with a file already at
// PATH: a stale socket is replaced, a live one, a file that is not a socket and a missing
// directory are one line and exit status 2. Real serve, curl and setpriv; every wait bounded.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "tests/exporter/loopback_http.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/fixture_tree.hpp"
#include "tests/support/temp_dir.hpp"

namespace edgetop::testing {
namespace unix_socket_tests {

using namespace std::chrono_literals;

bool have(const std::string& tool) {
    for (const char* folder : {"/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"})
        if (::access((folder + tool).c_str(), X_OK) == 0) return true;
    return false;
}

std::vector<std::string> serve_args(const std::vector<std::string>& listen) {
    std::vector<std::string> argv{EDGETOP_BINARY,           "serve",      "--root",
                                  fixture_path("agx-orin"), "--interval", "100"};
    for (const auto& address : listen) {
        argv.push_back("--listen");
        argv.push_back(address);
    }
    return argv;
}

// serve on `listen`, started and waited for: it has said it serves on the socket.
struct UnixServe {
    UnixServe(const TempDir& dir, const std::vector<std::string>& listen,
              const std::vector<std::string>& extra = {})
        : child(with(serve_args(listen), extra), {.log_path = dir.file("serve.log")}) {
        started = child.wait_for_log(std::regex("(serving unix:)"), 20s).has_value();
    }
    static std::vector<std::string> with(std::vector<std::string> argv,
                                         const std::vector<std::string>& extra) {
        argv.insert(argv.end(), extra.begin(), extra.end());
        return argv;
    }
    ChildProcess child;
    bool started = false;
};

// curl over the socket, as `user_args` (setpriv's, empty: this user); the HTTP status ("200"), or
// curl's failure ("exit 7").
std::string curl_status(const std::string& socket, const std::string& path,
                        std::vector<std::string> user_args = {}) {
    std::vector<std::string> argv = std::move(user_args);
    for (const char* word : {"curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time",
                             "10", "--unix-socket"})
        argv.emplace_back(word);
    argv.push_back(socket);
    argv.push_back("http://localhost" + path);
    auto result = ChildProcess(argv).collect(15s);
    return result.status == 0 ? result.out : "exit " + std::to_string(result.status);
}

// /metrics over the socket once the first sample is in (503 before).
std::string metrics_status(const std::string& socket) {
    std::string status;
    for (int attempt = 0; attempt < 100; ++attempt) {
        status = curl_status(socket, "/metrics");
        if (status != "503") break;
        std::this_thread::sleep_for(50ms);
    }
    return status;
}

class ServeUnixSocket : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!have("curl")) GTEST_SKIP() << "curl is not installed (scripts/install-deps.sh test)";
    }
    TempDir dir_;
    std::string socket_ = dir_.file("edgetop.sock");
};

TEST_F(ServeUnixSocket, ServesTheSamePagesBesideTcpAndRemovesItsFileAtTheEnd) {
    UnixServe serve(dir_, {"unix:" + socket_, "127.0.0.1:0"});
    ASSERT_TRUE(serve.started) << serve.child.log();
    std::smatch port;
    std::string log = serve.child.log();
    ASSERT_TRUE(std::regex_search(log, port, std::regex(R"(serving http://127\.0\.0\.1:(\d+))")))
        << log;
    EXPECT_EQ(metrics_status(socket_), "200");
    EXPECT_EQ(curl_status(socket_, "/nothing"), "404");
    auto over_tcp = http_get(std::stoi(port[1]), "/metrics");
    ASSERT_TRUE(over_tcp);
    EXPECT_EQ(over_tcp->status, 200);

    struct stat info {};
    ASSERT_EQ(::lstat(socket_.c_str(), &info), 0);
    EXPECT_TRUE(S_ISSOCK(info.st_mode));
    EXPECT_EQ(info.st_mode & 07777, 0660u);
    EXPECT_EQ(serve.child.stop(5s), 0);
    EXPECT_FALSE(std::filesystem::exists(socket_)) << "the socket file outlived serve";
}

TEST_F(ServeUnixSocket, OtherUsersAreRefusedByTheModeAndTheGroupsMembersServed) {
    if (geteuid() != 0) GTEST_SKIP() << "needs root to run curl as another user";
    if (!have("setpriv")) GTEST_SKIP() << "setpriv (util-linux) is not installed";
    std::filesystem::permissions(dir_.path(), std::filesystem::perms(0755));
    // Group 100 ("users" on Debian and Ubuntu): nobody (65534) is not in it unless given it.
    UnixServe serve(dir_, {"unix:" + socket_}, {"--socket-group", "100"});
    ASSERT_TRUE(serve.started) << serve.child.log();
    ASSERT_EQ(metrics_status(socket_), "200");
    struct stat info {};
    ASSERT_EQ(::lstat(socket_.c_str(), &info), 0);
    EXPECT_EQ(info.st_gid, 100u);

    std::vector<std::string> outsider{"setpriv", "--reuid=65534", "--regid=65534",
                                      "--clear-groups"};
    std::vector<std::string> member{"setpriv", "--reuid=65534", "--regid=65534", "--groups=100"};
    EXPECT_EQ(curl_status(socket_, "/metrics", outsider), "exit 7")
        << "curl as nobody, outside the group, connected";
    EXPECT_EQ(curl_status(socket_, "/metrics", member), "200");
}

TEST_F(ServeUnixSocket, AStaleSocketIsReplacedALiveOneIsNot) {
    {
        UnixServe killed(dir_, {"unix:" + socket_});
        ASSERT_TRUE(killed.started) << killed.child.log();
        killed.child.send(SIGKILL);
        killed.child.wait(5s);
    }
    ASSERT_TRUE(std::filesystem::is_socket(socket_)) << "SIGKILL left no socket file to test";

    TempDir second_dir;
    UnixServe replacing(second_dir, {"unix:" + socket_});
    ASSERT_TRUE(replacing.started) << replacing.child.log();
    EXPECT_EQ(metrics_status(socket_), "200");

    // A third serve on the live socket: one line naming it, exit 2, and the first one serves on.
    auto refused = ChildProcess(serve_args({"unix:" + socket_})).collect(20s);
    EXPECT_EQ(refused.status, 2);
    EXPECT_EQ(refused.err,
              "edgetop: --listen unix:" + socket_ + ": another process serves on it\n");
    EXPECT_EQ(metrics_status(socket_), "200");
}

TEST_F(ServeUnixSocket, AFileThatIsNotASocketAndAMissingDirectoryAreRefused) {
    std::ofstream(socket_) << "not a socket\n";
    auto not_socket = ChildProcess(serve_args({"unix:" + socket_})).collect(20s);
    EXPECT_EQ(not_socket.status, 2);
    EXPECT_EQ(not_socket.err, "edgetop: --listen unix:" + socket_ +
                                  ": exists and is not a socket (it is left as it is)\n");
    std::ifstream kept(socket_);
    std::string content;
    std::getline(kept, content);
    EXPECT_EQ(content, "not a socket");

    std::string missing = dir_.file("no-such-dir") + "/edgetop.sock";
    auto no_dir = ChildProcess(serve_args({"unix:" + missing})).collect(20s);
    EXPECT_EQ(no_dir.status, 2);
    EXPECT_EQ(no_dir.err, "edgetop: --listen unix:" + missing + ": directory " +
                              dir_.file("no-such-dir") + " does not exist\n");
}

}  // namespace unix_socket_tests
}  // namespace edgetop::testing
