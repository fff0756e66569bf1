// `edgetop serve --web-config` and `--bearer-token-file` as a fleet runs them: curl with right,
// wrong and missing credentials, a password changed in the file while serve runs, bad files
// refused before anything listens, and the line that warns of an unauthenticated network
// address.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>

#include "tests/exporter/bcrypt_hash.hpp"
#include "tests/exporter/serve_process.hpp"
#include "tests/support/fixture_tree.hpp"

namespace edgetop::testing::serve_security {
namespace {

using namespace std::chrono_literals;

constexpr const char* kCurl = "/usr/bin/curl";

// curl's status code for a GET of /metrics with `options`; 0 when curl got no answer.
int curl_status(int port, std::vector<std::string> options) {
    std::vector<std::string> argv{kCurl, "-s",           "-o",         "/dev/null",
                                  "-w",  "%{http_code}", "--max-time", "10"};
    argv.insert(argv.end(), options.begin(), options.end());
    argv.push_back("http://127.0.0.1:" + std::to_string(port) + "/metrics");
    RunResult run = ChildProcess(argv).collect(15s);
    return run.out.empty() ? 0 : std::stoi(run.out);
}

std::vector<std::string> serve_arguments(std::vector<std::string> extra) {
    std::vector<std::string> argv{"--root", fixture_path("agx-orin"), "--interval", "250"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
}

// Waits for serve's first sample (503 until then), asking with `credentials`.
bool wait_for_first_sample(ServeProcess& serve, const std::string& credentials) {
    for (int attempt = 0; attempt < 200; ++attempt) {
        auto response = serve.get("/metrics", "Authorization: " + credentials + "\r\n");
        if (response && response->status != 503) return response->status == 200;
        std::this_thread::sleep_for(50ms);
    }
    return false;
}

void replace(const std::string& path, const std::string& text) {
    std::ofstream(path + ".new") << text;
    std::filesystem::rename(path + ".new", path);
}

TEST(ServeSecurity, CurlNeedsTheRightBasicPasswordOrBearerToken) {
    if (!std::filesystem::exists(kCurl)) GTEST_SKIP() << kCurl << " is missing (package curl)";
    TempDir dir;
    std::ofstream(dir.file("web.yml"))
        << "basic_auth_users:\n  prometheus: " << bcrypt_hash("scrape-pw") << "\n"
        << "http_server_config:\n  headers:\n    X-Content-Type-Options: nosniff\n";
    std::ofstream(dir.file("token")) << "b3arer-T0ken\n";
    ServeProcess serve(dir, serve_arguments({"--web-config", dir.file("web.yml"),
                                             "--bearer-token-file", dir.file("token")}));
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    int port = serve.port();
    ASSERT_TRUE(wait_for_first_sample(serve, "Bearer b3arer-T0ken"));

    EXPECT_EQ(curl_status(port, {"-u", "prometheus:scrape-pw"}), 200);
    EXPECT_EQ(curl_status(port, {"-H", "Authorization: Bearer b3arer-T0ken"}), 200);
    EXPECT_EQ(curl_status(port, {"-u", "prometheus:wrong"}), 401);
    EXPECT_EQ(curl_status(port, {"-u", "nobody:scrape-pw"}), 401);
    EXPECT_EQ(curl_status(port, {"-H", "Authorization: Bearer b3arer-T0ke"}), 401);
    EXPECT_EQ(curl_status(port, {}), 401);

    auto refused = serve.get("/metrics");
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->status, 401);
    EXPECT_NE(refused->head.find("WWW-Authenticate: Basic realm=\"edgetop\""), std::string::npos);
    EXPECT_NE(refused->head.find("WWW-Authenticate: Bearer realm=\"edgetop\""), std::string::npos);
    EXPECT_NE(refused->head.find("X-Content-Type-Options: nosniff"), std::string::npos);
    EXPECT_EQ(refused->body.find("edgetop_"), std::string::npos);
    auto served = serve.get("/metrics", "Authorization: Bearer b3arer-T0ken\r\n");
    ASSERT_TRUE(served);
    EXPECT_NE(served->head.find("X-Content-Type-Options: nosniff"), std::string::npos);
    EXPECT_NE(served->body.find("edgetop_board_info{"), std::string::npos);

    // SIGHUP still ends serve, as it ends a recording.
    serve.child().send(SIGHUP);
    EXPECT_EQ(serve.child().wait(10s), 0) << serve.child().log();
}

TEST(ServeSecurity, AChangedWebConfigCountsFromTheNextConnection) {
    if (!std::filesystem::exists(kCurl)) GTEST_SKIP() << kCurl << " is missing (package curl)";
    TempDir dir;
    std::string web = dir.file("web.yml");
    std::ofstream(web) << "basic_auth_users:\n  alice: " << bcrypt_hash("alice-pw") << "\n";
    ServeProcess serve(dir, serve_arguments({"--web-config", web}));
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    ASSERT_TRUE(wait_for_first_sample(serve, "Basic YWxpY2U6YWxpY2UtcHc="));  // alice:alice-pw
    EXPECT_EQ(curl_status(serve.port(), {"-u", "alice:alice-pw"}), 200);

    replace(web, "basic_auth_users:\n  bob: " + bcrypt_hash("bob-pw") + "\n");
    EXPECT_EQ(curl_status(serve.port(), {"-u", "alice:alice-pw"}), 401);
    EXPECT_EQ(curl_status(serve.port(), {"-u", "bob:bob-pw"}), 200);

    // A change that does not read keeps bob, and says so once.
    replace(web, "basic_auth_users:\n  bob: not-a-hash\n");
    EXPECT_EQ(curl_status(serve.port(), {"-u", "bob:bob-pw"}), 200);
    EXPECT_EQ(curl_status(serve.port(), {"-u", "bob:bob-pw"}), 200);
    std::string log = serve.child().log();
    std::string expected =
        "edgetop: --web-config " + web + ": line 2: basic_auth_users.bob: not a bcrypt hash";
    ASSERT_NE(log.find(expected), std::string::npos) << log;
    EXPECT_EQ(log.find(expected), log.rfind(expected)) << "said once, not per request: " << log;
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

// One line naming the key or the file, exit status 2, and no "serving" line: nothing listened.
TEST(ServeSecurity, BadFilesAreRefusedBeforeAnythingListens) {
    TempDir dir;
    std::ofstream(dir.file("unknown.yml")) << "tls_server_config:\n  cert_file: a\n  key_file: b\n"
                                           << "  client_allowed_sans: [x]\n";
    std::ofstream(dir.file("hash.yml")) << "basic_auth_users:\n  alice: $2y$10$short\n";
    ASSERT_EQ(::mkfifo(dir.file("fifo.yml").c_str(), 0600), 0);
    std::ofstream(dir.file("empty-token"));
    // TLS settings that parse but do not load: checked before listening too.
    std::ofstream(dir.file("not-pem.txt")) << "not a certificate\n";
    std::ofstream(dir.file("not-pem.yml"))
        << "tls_server_config:\n  cert_file: not-pem.txt\n  key_file: not-pem.txt\n";
    const std::pair<std::vector<std::string>, std::string> cases[] = {
        {{"--web-config", dir.file("unknown.yml")},
         "--web-config " + dir.file("unknown.yml") +
             ": line 4: tls_server_config.client_allowed_sans: not supported"},
        {{"--web-config", dir.file("hash.yml")},
         "--web-config " + dir.file("hash.yml") +
             ": line 2: basic_auth_users.alice: not a "
             "bcrypt hash"},
        {{"--web-config", dir.file("fifo.yml")},
         "--web-config " + dir.file("fifo.yml") + ": not a regular file"},
        {{"--web-config", dir.file("not-pem.yml")}, "the certificate " + dir.file("not-pem.txt")},
        {{"--bearer-token-file", dir.file("empty-token")},
         "--bearer-token-file " + dir.file("empty-token") + ": empty"},
    };
    for (const auto& [options, expected] : cases) {
        std::vector<std::string> argv{EDGETOP_BINARY, "serve", "--listen", "127.0.0.1:0"};
        argv.insert(argv.end(), options.begin(), options.end());
        RunResult run = ChildProcess(argv).collect(20s);
        EXPECT_EQ(run.status, 2) << expected << "\n" << run.err;
        EXPECT_EQ(run.err.find("serving"), std::string::npos) << run.err;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
        EXPECT_NE(run.err.find(expected), std::string::npos) << run.err;
    }

    // A file only its owner (root) may read, for serve run as another user.
    std::ofstream(dir.file("private.yml")) << "basic_auth_users: {}\n";
    std::filesystem::permissions(dir.file("private.yml"), std::filesystem::perms::owner_read);
    if (::geteuid() != 0) GTEST_SKIP() << "the unreadable file needs root to run serve as nobody";
    std::filesystem::permissions(dir.path(), std::filesystem::perms(0755));
    RunResult run =
        ChildProcess({EDGETOP_BINARY, "serve", "--listen", "127.0.0.1:0", "--web-config",
                      dir.file("private.yml")},
                     {.env = {{"HOME", dir.path()}, {"XDG_CONFIG_HOME", dir.path()}}, .uid = 65534})
            .collect(20s);
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_NE(run.err.find("--web-config " + dir.file("private.yml") + ": permission denied"),
              std::string::npos)
        << run.err;
}

TEST(ServeSecurity, AnUnauthenticatedNetworkAddressIsSaidOnStart) {
    TempDir dir;
    ChildProcess open(
        {EDGETOP_BINARY, "serve", "--listen", "0.0.0.0:0", "--root", fixture_path("agx-orin")},
        {.log_path = dir.file("open.log")});
    static const std::regex warned(R"((0\.0\.0\.0:\d+) is reachable from other machines without )"
                                   R"(authentication: anyone there reads the metrics \(see )"
                                   R"(--web-config, --bearer-token-file\))");
    EXPECT_TRUE(open.wait_for_log(warned, 20s)) << open.log();
    EXPECT_EQ(open.stop(10s), 0);

    std::ofstream(dir.file("token")) << "t\n";
    ChildProcess guarded({EDGETOP_BINARY, "serve", "--listen", "0.0.0.0:0", "--root",
                          fixture_path("agx-orin"), "--bearer-token-file", dir.file("token")},
                         {.log_path = dir.file("guarded.log")});
    static const std::regex serving(R"(serving http://0\.0\.0\.0:(\d+)/metrics)");
    ASSERT_TRUE(guarded.wait_for_log(serving, 20s)) << guarded.log();
    EXPECT_EQ(guarded.stop(10s), 0);
    EXPECT_EQ(guarded.log().find("without authentication"), std::string::npos) << guarded.log();
}

}  // namespace
}  // namespace edgetop::testing::serve_security
