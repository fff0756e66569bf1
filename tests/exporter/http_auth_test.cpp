// Who may read serve's pages: basic auth against bcrypt hashes (libxcrypt), the bearer token,
// both together, the remembered verifications, and the token file.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <string>

#include "exporter/http_auth.hpp"
#include "tests/exporter/bcrypt_hash.hpp"
#include "tests/support/temp_dir.hpp"

namespace edgetop::testing::http_auth {
namespace {

using exporter::HttpAuthenticator;
using exporter::WebConfig;

std::string basic(const std::string& user_and_password) {
    static const char* alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    size_t i = 0;
    for (; i + 2 < user_and_password.size(); i += 3) {
        unsigned v = (static_cast<unsigned char>(user_and_password[i]) << 16) |
                     (static_cast<unsigned char>(user_and_password[i + 1]) << 8) |
                     static_cast<unsigned char>(user_and_password[i + 2]);
        for (int shift : {18, 12, 6, 0})
            out += alphabet[(v >> shift) & 63];
    }
    size_t rest = user_and_password.size() - i;
    if (rest > 0) {
        unsigned v = static_cast<unsigned char>(user_and_password[i]) << 16;
        if (rest == 2) v |= static_cast<unsigned char>(user_and_password[i + 1]) << 8;
        out += alphabet[(v >> 18) & 63];
        out += alphabet[(v >> 12) & 63];
        out += rest == 2 ? alphabet[(v >> 6) & 63] : '=';
        out += '=';
    }
    return "Basic " + out;
}

WebConfig users(std::map<std::string, std::string> users) {
    WebConfig config;
    config.basic_auth_users = std::move(users);
    return config;
}

TEST(HttpAuth, NothingConfiguredLetsEveryRequestIn) {
    HttpAuthenticator open;
    WebConfig empty;
    EXPECT_TRUE(open.allows(std::nullopt, nullptr));
    EXPECT_TRUE(open.allows(std::nullopt, &empty));
    EXPECT_TRUE(open.allows("Basic garbage", &empty));
    EXPECT_EQ(open.challenge(&empty), "");
}

TEST(HttpAuth, BasicAuthChecksTheBcryptHashOfEachKind) {
    for (const char* prefix : {"$2y$", "$2b$", "$2a$"}) {
        auto config = users({{"prometheus", bcrypt_hash("s3cret:with colon", 4, prefix)},
                             {"other", bcrypt_hash("other", 4, prefix)}});
        HttpAuthenticator auth;
        EXPECT_TRUE(auth.allows(basic("prometheus:s3cret:with colon"), &config)) << prefix;
        EXPECT_TRUE(
            auth.allows("basic   " + basic("prometheus:s3cret:with colon").substr(6), &config))
            << "the scheme without case, any number of spaces";
        EXPECT_FALSE(auth.allows(basic("prometheus:s3cret"), &config)) << prefix;
        EXPECT_FALSE(auth.allows(basic("prometheus:"), &config));
        EXPECT_FALSE(auth.allows(basic("Prometheus:s3cret:with colon"), &config));
        EXPECT_FALSE(auth.allows(basic("nobody:other"), &config));
        EXPECT_FALSE(auth.allows(basic("other:s3cret:with colon"), &config));
        EXPECT_FALSE(auth.allows(std::nullopt, &config));
        for (const char* bad : {"Basic", "Basic !!!!", "Basic cHJvbWV0aGV1cw==", "Digest x",
                                "Bearer s3cret", "BasicX cHJvbWV0aGV1cw=="})
            EXPECT_FALSE(auth.allows(std::string(bad), &config)) << bad;
        EXPECT_EQ(auth.challenge(&config),
                  "WWW-Authenticate: Basic realm=\"edgetop\", charset=\"UTF-8\"\r\n");
    }
}

TEST(HttpAuth, ABearerTokenAndBasicUsersAreEachAccepted) {
    HttpAuthenticator auth(std::string("tok-en.123"));
    auto config = users({{"alice", bcrypt_hash("pw")}});
    EXPECT_TRUE(auth.allows("Bearer tok-en.123", nullptr));
    EXPECT_TRUE(auth.allows("bearer tok-en.123", &config));
    EXPECT_TRUE(auth.allows(basic("alice:pw"), &config));
    EXPECT_FALSE(auth.allows(basic("alice:pw"), nullptr)) << "no users without the config";
    for (const char* bad :
         {"Bearer tok-en.12", "Bearer tok-en.1234", "Bearer ", "Bearertok-en.123", "tok-en.123"})
        EXPECT_FALSE(auth.allows(std::string(bad), &config)) << bad;
    EXPECT_FALSE(auth.allows(std::nullopt, &config));
    EXPECT_EQ(auth.challenge(&config),
              "WWW-Authenticate: Basic realm=\"edgetop\", charset=\"UTF-8\"\r\n"
              "WWW-Authenticate: Bearer realm=\"edgetop\"\r\n");
}

TEST(HttpAuth, AVerifiedPasswordIsRememberedUntilItsHashChanges) {
    // Cost 10, as exporter-toolkit's docs suggest: tens of milliseconds per bcrypt.
    auto config = users({{"prometheus", bcrypt_hash("scrape", 10)}});
    HttpAuthenticator auth;
    auto start = std::chrono::steady_clock::now();
    ASSERT_TRUE(auth.allows(basic("prometheus:scrape"), &config));
    auto first = std::chrono::steady_clock::now() - start;
    start = std::chrono::steady_clock::now();
    for (int scrape = 0; scrape < 20; ++scrape)
        ASSERT_TRUE(auth.allows(basic("prometheus:scrape"), &config));
    auto twenty_more = std::chrono::steady_clock::now() - start;
    EXPECT_LT(twenty_more, first) << "twenty scrapes cost more than one bcrypt";
    EXPECT_FALSE(auth.allows(basic("prometheus:scrapes"), &config)) << "only that password";

    // The configuration now holds another password's hash: the remembered one is no longer
    // enough, the new one is verified.
    auto changed = users({{"prometheus", bcrypt_hash("rotated", 4)}});
    EXPECT_FALSE(auth.allows(basic("prometheus:scrape"), &changed));
    EXPECT_TRUE(auth.allows(basic("prometheus:rotated"), &changed));
}

TEST(HttpAuth, BcryptHashProblems) {
    std::string good = bcrypt_hash("x", 4);
    EXPECT_EQ(exporter::bcrypt_hash_problem(good), "");
    EXPECT_EQ(exporter::bcrypt_hash_problem("$2y$31$" + good.substr(7)), "");
    for (const std::string& bad :
         {std::string(""), std::string("secret"), good.substr(0, 59), good + ".",
          "$1$" + good.substr(3), "$2x$" + good.substr(4), "$2y$4$" + good.substr(7) + "a",
          "$2y$32$" + good.substr(7), "$2y$04-" + good.substr(7), good.substr(0, 59) + "*"})
        EXPECT_NE(exporter::bcrypt_hash_problem(bad), "") << bad;
}

TEST(HttpAuth, TheBearerTokenFileLosesItsNewlineAndMustHoldAToken) {
    TempDir dir;
    auto write = [&](const std::string& name, const std::string& text) {
        std::ofstream(dir.file(name), std::ios::binary) << text;
        return dir.file(name);
    };
    EXPECT_EQ(exporter::read_bearer_token_file(write("unix", "abc123\n")), "abc123");
    EXPECT_EQ(exporter::read_bearer_token_file(write("dos", "abc123\r\n")), "abc123");
    EXPECT_EQ(exporter::read_bearer_token_file(write("bare", "abc123")), "abc123");
    auto error = [](const std::string& path) -> std::string {
        try {
            exporter::read_bearer_token_file(path);
        } catch (const std::exception& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_EQ(error(write("empty", "")), "--bearer-token-file " + dir.file("empty") + ": empty");
    EXPECT_EQ(error(write("newline", "\n")),
              "--bearer-token-file " + dir.file("newline") + ": empty");
    EXPECT_NE(error(write("two", "abc\ndef\n")).find("a line break"), std::string::npos);
    EXPECT_EQ(error(dir.file("missing")),
              "--bearer-token-file " + dir.file("missing") + ": no such file");
    EXPECT_EQ(error(dir.path()), "--bearer-token-file " + dir.path() + ": not a regular file");
}

}  // namespace
}  // namespace edgetop::testing::http_auth
