#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>

// The library's header, not the tests' own client of the same name (tests/exporter/).
#include "exporter/http_client.hpp"
#include "exporter/test_certificates.hpp"
#include "support/sample_http_server.hpp"

namespace edgetop::exporter {
namespace {

using testing::SampleHttpServer;

std::string error_of(const HttpTarget& target, const HttpClientLimits& limits) {
    try {
        http_get(target, limits);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

HttpTarget target_of(const std::string& url) {
    auto target = parse_http_target(url, "/api/v1/sample");
    EXPECT_TRUE(target) << url;
    return target.value_or(HttpTarget{});
}

TEST(HttpTarget, ReadsTheFormsOfFrom) {
    auto tcp = target_of("http://127.0.0.1:9102");
    EXPECT_EQ(tcp.scheme, HttpTarget::Scheme::http);
    EXPECT_EQ(tcp.host, "127.0.0.1");
    EXPECT_EQ(tcp.port, 9102);
    EXPECT_EQ(tcp.path, "/api/v1/sample");
    EXPECT_EQ(target_of("http://board.local/").path, "/api/v1/sample");
    EXPECT_EQ(target_of("http://board.local/").port, 80);
    auto tls = target_of("https://[::1]:8443/other/path");
    EXPECT_EQ(tls.scheme, HttpTarget::Scheme::https);
    EXPECT_EQ(tls.host, "::1");
    EXPECT_EQ(tls.port, 8443);
    EXPECT_EQ(tls.path, "/other/path");
    auto local = target_of("unix:/run/edgetop.sock");
    EXPECT_EQ(local.scheme, HttpTarget::Scheme::unix_socket);
    EXPECT_EQ(local.socket_path, "/run/edgetop.sock");
    for (const char* bad : {"http://", "http://h:0", "http://h:99999", "http://h:x", "ftp://h",
                            "unix:", "http://u@h:1", "https://[::1"})
        EXPECT_FALSE(parse_http_target(bad, "/")) << bad;
}

class HttpGet : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!server_.started()) GTEST_SKIP() << "python3 could not start the test server";
    }
    SampleHttpServer server_{"{\"t\":1.5}", true};
};

TEST_F(HttpGet, ReadsTheBodyOverTcpAndAUnixSocket) {
    auto reply = http_get(target_of(server_.url()), HttpClientLimits{});
    EXPECT_EQ(reply.status, 200);
    EXPECT_EQ(reply.body, "{\"t\":1.5}");
    SampleHttpServer local("{\"t\":2}", false);
    ASSERT_TRUE(local.started());
    reply = http_get(target_of("unix:" + local.socket_path()), HttpClientLimits{});
    EXPECT_EQ(reply.status, 200);
    EXPECT_EQ(reply.body, "{\"t\":2}");
    EXPECT_EQ(http_get(target_of(server_.url("/missing")), HttpClientLimits{}).status, 404);
}

TEST_F(HttpGet, AHugeOrEndlessAnswerStopsAtTheSizeLimit) {
    HttpClientLimits limits{std::size_t{1} << 20, std::chrono::milliseconds(10'000)};
    auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(error_of(target_of(server_.url("/huge")), limits),
              server_.url("/huge") + ": answer larger than 1 MiB");
    EXPECT_EQ(error_of(target_of(server_.url("/flood")), limits),
              server_.url("/flood") + ": answer larger than 1 MiB");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST_F(HttpGet, AnAnswerThatNeverEndsStopsAtTheTimeLimit) {
    HttpClientLimits limits{std::size_t{16} << 20, std::chrono::milliseconds(300)};
    auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(error_of(target_of(server_.url("/trickle")), limits),
              server_.url("/trickle") + ": no complete answer within 0.3 s");
    auto took = std::chrono::steady_clock::now() - start;
    EXPECT_GE(took, std::chrono::milliseconds(300));
    EXPECT_LT(took, std::chrono::seconds(2));
}

TEST(HttpGetTls, VerifiesTheServerAgainstTheGivenCaOrTheSystems) {
    testing::TempDir dir;
    auto made = testing::run_in_child([&] {
        std::string script =
            std::string(testing::kMakeCertificates) + "cd '" + dir.path() + "' && base";
        execlp("bash", "bash", "-c", script.c_str(), static_cast<char*>(nullptr));
        return 127;
    });
    if (made != 0) GTEST_SKIP() << "openssl could not make the test certificates";
    SampleHttpServer server("{\"t\":3}", true, dir.file("server.pem"), dir.file("server.key"));
    if (!server.started()) GTEST_SKIP() << "python3 could not start the TLS server";
    std::string url = "https://127.0.0.1:" + std::to_string(server.port());
    HttpCredentials credentials;
    credentials.ca_file = dir.file("ca.pem");
    auto reply = http_get(target_of(url), HttpClientLimits{}, credentials);
    EXPECT_EQ(reply.status, 200);
    EXPECT_EQ(reply.body, "{\"t\":3}");
    // The test CA is none of the system's.
    EXPECT_EQ(error_of(target_of(url), HttpClientLimits{}),
              url + ": TLS handshake: certificate verify failed");
}

TEST(HttpGetFailures, NoServerIsOneLineNamingTheUrl) {
    testing::TempDir dir;
    std::string url = "unix:" + dir.file("none.sock");
    std::string error = error_of(target_of(url), HttpClientLimits{});
    EXPECT_EQ(error, url + ": cannot connect: No such file or directory");
}

}  // namespace
}  // namespace edgetop::exporter
