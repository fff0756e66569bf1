// The web configuration's reader: every key of exporter-toolkit's format read into WebConfig,
// every key edgetop does not support refused by name with its line.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "exporter/http_auth.hpp"
#include "exporter/web_config_parse.hpp"
#include "tests/exporter/bcrypt_hash.hpp"

namespace edgetop::testing::web_config_parse {
namespace {

using exporter::ClientAuth;
using exporter::parse_web_config;
using exporter::TlsVersion;

// A hash of the $2y$ kind htpasswd -B makes, at cost 5.
const std::string& y_hash() {
    static const std::string hash = bcrypt_hash("secret", 5, "$2y$");
    return hash;
}

std::string error_of(const std::string& text) {
    auto parsed = parse_web_config(text, "/etc/edgetop");
    EXPECT_FALSE(parsed.config) << text;
    return parsed.error;
}

TEST(WebConfigParse, ReadsEveryDocumentedKey) {
    std::string other_hash = bcrypt_hash("secret", 4, "$2b$");
    const std::string& htpasswd_hash = y_hash();
    std::string text = R"(# a fleet's web config
tls_server_config:
  cert_file: certs/server.crt
  key_file: /etc/ssl/private/server.key
  client_auth_type: RequireAndVerifyClientCert
  client_ca_file: ca.pem
  min_version: TLS13
  max_version: TLS13
  cipher_suites:
    - TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384
    - TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
  prefer_server_cipher_suites: false
  curve_preferences: [X25519, CurveP256]
http_server_config:
  http2: false
  headers:
    Content-Security-Policy: "default-src 'none'"
    X-Frame-Options: sameorigin
    X-Content-Type-Options: nosniff
    X-XSS-Protection: "1; mode=block"
    Strict-Transport-Security: max-age=31536000
basic_auth_users:
  prometheus: )" + htpasswd_hash +
                       R"(
  "grafana agent": ')" +
                       other_hash + R"('
)";
    auto parsed = parse_web_config(text, "/etc/edgetop");
    ASSERT_TRUE(parsed.config) << parsed.error;
    const auto& config = *parsed.config;
    ASSERT_TRUE(config.tls);
    EXPECT_EQ(config.tls->cert_file, "/etc/edgetop/certs/server.crt");
    EXPECT_EQ(config.tls->key_file, "/etc/ssl/private/server.key");
    EXPECT_EQ(config.tls->client_ca_file, "/etc/edgetop/ca.pem");
    EXPECT_EQ(config.tls->client_auth, ClientAuth::RequireAndVerifyClientCert);
    EXPECT_EQ(config.tls->min_version, TlsVersion::Tls13);
    EXPECT_EQ(config.tls->max_version, TlsVersion::Tls13);
    EXPECT_EQ(config.tls->cipher_suites,
              (std::vector<std::string>{"TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
                                        "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"}));
    EXPECT_EQ(config.tls->curve_preferences, (std::vector<std::string>{"X25519", "CurveP256"}));
    EXPECT_FALSE(config.tls->prefer_server_cipher_suites);
    EXPECT_EQ(config.headers, (std::vector<std::pair<std::string, std::string>>{
                                  {"Content-Security-Policy", "default-src 'none'"},
                                  {"X-Frame-Options", "sameorigin"},
                                  {"X-Content-Type-Options", "nosniff"},
                                  {"X-XSS-Protection", "1; mode=block"},
                                  {"Strict-Transport-Security", "max-age=31536000"}}));
    EXPECT_EQ(config.basic_auth_users,
              (std::map<std::string, std::string>{{"prometheus", htpasswd_hash},
                                                  {"grafana agent", other_hash}}));
}

TEST(WebConfigParse, DefaultsAndEachClientAuthType) {
    auto minimal =
        parse_web_config("tls_server_config:\n  cert_file: a.crt\n  key_file: a.key\n", "/srv");
    ASSERT_TRUE(minimal.config) << minimal.error;
    EXPECT_EQ(minimal.config->tls->client_auth, ClientAuth::NoClientCert);
    EXPECT_EQ(minimal.config->tls->min_version, TlsVersion::Tls12);
    EXPECT_EQ(minimal.config->tls->max_version, TlsVersion::Tls13);
    EXPECT_TRUE(minimal.config->tls->prefer_server_cipher_suites);
    EXPECT_TRUE(minimal.config->basic_auth_users.empty());

    const std::pair<const char*, ClientAuth> types[] = {
        {"NoClientCert", ClientAuth::NoClientCert},
        {"RequestClientCert", ClientAuth::RequestClientCert},
        {"RequireAnyClientCert", ClientAuth::RequireAnyClientCert},
        {"VerifyClientCertIfGiven", ClientAuth::VerifyClientCertIfGiven},
        {"RequireAndVerifyClientCert", ClientAuth::RequireAndVerifyClientCert}};
    for (auto [name, value] : types) {
        bool verifies = value == ClientAuth::VerifyClientCertIfGiven ||
                        value == ClientAuth::RequireAndVerifyClientCert;
        std::string text =
            "tls_server_config:\n  cert_file: a\n  key_file: b\n"
            "  client_auth_type: " +
            std::string(name) + "\n" + (verifies ? "  client_ca_file: ca\n" : "");
        auto parsed = parse_web_config(text, "");
        ASSERT_TRUE(parsed.config) << name << ": " << parsed.error;
        EXPECT_EQ(parsed.config->tls->client_auth, value) << name;
        EXPECT_EQ(parsed.config->tls->cert_file, "a") << "no folder: the name as written";
    }
    for (auto version : {"TLS10", "TLS11", "TLS12"}) {
        auto parsed = parse_web_config(std::string("tls_server_config: {cert_file: a, key_file: b, "
                                                   "min_version: ") +
                                           version + "}",
                                       "");
        ASSERT_TRUE(parsed.config) << version << ": " << parsed.error;
    }
}

TEST(WebConfigParse, EmptyFilesAndSectionsAskForNothing) {
    for (const char* text :
         {"", "# nothing yet\n", "tls_server_config:\n", "basic_auth_users: {}\n",
          "http_server_config:\n  headers:\n    X-Frame-Options: ''\n"}) {
        auto parsed = parse_web_config(text, "/etc");
        ASSERT_TRUE(parsed.config) << text << ": " << parsed.error;
        EXPECT_FALSE(parsed.config->tls) << text;
        EXPECT_TRUE(parsed.config->headers.empty()) << text;
        EXPECT_TRUE(parsed.config->basic_auth_users.empty()) << text;
    }
}

TEST(WebConfigParse, UnsupportedKeysAreRefusedByName) {
    const std::pair<const char*, const char*> cases[] = {
        {"rate_limit:\n  interval: 1s\n  burst: 5\n", "line 2: rate_limit: not supported"},
        {"tls_server_config:\n  cert: |\n    -----BEGIN CERTIFICATE-----\n",
         "tls_server_config.cert: an inline certificate"},
        {"tls_server_config:\n  cert_file: a\n  key: secret\n", "line 3: tls_server_config.key: "},
        {"tls_server_config:\n  client_ca: x\n", "tls_server_config.client_ca: "},
        {"tls_server_config:\n  cert_file: a\n  key_file: b\n  client_auth_type: "
         "RequireAnyClientCert\n  client_allowed_sans: [a.example]\n",
         "line 5: tls_server_config.client_allowed_sans: not supported"},
        {"http_server_config:\n  http2: true\n", "line 2: http_server_config.http2: HTTP/2"},
        {"http_server_config:\n  headers:\n    Server: edgetop\n",
         "line 3: http_server_config.headers.Server: not a header that can be set"},
        {"http_server_config:\n  headers:\n    x-frame-options: deny\n",
         "http_server_config.headers.x-frame-options: not a header"},
        {"tls_server_config:\n  cert_file: a\n  key_file: b\n  cert_files: c\n",
         "line 4: tls_server_config.cert_files: unknown key"},
        {"http_server_config:\n  keep_alive: true\n", "http_server_config.keep_alive: unknown key"},
        {"basic_auth_user:\n  a: b\n", "line 2: basic_auth_user: unknown key"},
    };
    for (auto [text, expected] : cases)
        EXPECT_NE(error_of(text).find(expected), std::string::npos)
            << text << "\ngave: " << error_of(text);
}

TEST(WebConfigParse, BadValuesNameTheirKey) {
    const std::string& htpasswd_hash = y_hash();
    const std::pair<std::string, const char*> cases[] = {
        {"basic_auth_users:\n  alice: secret\n",
         "line 2: basic_auth_users.alice: not a bcrypt hash"},
        {"basic_auth_users:\n  alice: " + htpasswd_hash.substr(0, 59) + "\n",
         "basic_auth_users.alice: not a bcrypt hash"},
        {"basic_auth_users:\n  alice: $2x$05$" + htpasswd_hash.substr(7) + "\n",
         "basic_auth_users.alice: not a bcrypt hash"},
        {"basic_auth_users:\n  alice: $2y$03$" + htpasswd_hash.substr(7) + "\n",
         "basic_auth_users.alice: a bcrypt cost of 3"},
        {"basic_auth_users:\n  alice: $2y$05$" + htpasswd_hash.substr(7, 52) + "!\n",
         "basic_auth_users.alice: not a bcrypt hash"},
        {"basic_auth_users:\n  alice: [a]\n", "basic_auth_users.alice: not a string"},
        {"basic_auth_users:\n  alice: " + htpasswd_hash + "\n  alice: " + htpasswd_hash + "\n",
         "line 3: basic_auth_users.alice: given twice"},
        {"basic_auth_users: [alice]\n", "line 1: basic_auth_users: not a mapping"},
        {"tls_server_config:\n  key_file: b\n", "tls_server_config: cert_file is missing"},
        {"tls_server_config:\n  cert_file: a\n", "tls_server_config: key_file is missing"},
        {"tls_server_config:\n  cert_file: ''\n  key_file: b\n",
         "line 2: tls_server_config.cert_file: an empty file name"},
        {"tls_server_config: {cert_file: a, key_file: b, min_version: TLS14}",
         "tls_server_config.min_version: 'TLS14' is not TLS10, TLS11, TLS12 or TLS13"},
        {"tls_server_config: {cert_file: a, key_file: b, min_version: TLS13, max_version: TLS12}",
         "min_version is above max_version"},
        {"tls_server_config: {cert_file: a, key_file: b, client_auth_type: RequireClientCert}",
         "tls_server_config.client_auth_type: 'RequireClientCert' is not NoClientCert"},
        {"tls_server_config: {cert_file: a, key_file: b, client_auth_type: "
         "RequireAndVerifyClientCert}",
         "client_ca_file is missing"},
        {"tls_server_config: {cert_file: a, key_file: b, client_ca_file: ca}",
         "client_ca_file is given but client_auth_type does not verify"},
        {"tls_server_config: {cert_file: a, key_file: b, cipher_suites: TLS_AES_128_GCM_SHA256}",
         "tls_server_config.cipher_suites: not a list"},
        {"tls_server_config: {cert_file: a, key_file: b, prefer_server_cipher_suites: maybe}",
         "tls_server_config.prefer_server_cipher_suites: not true or false"},
        {"http_server_config:\n  headers:\n    X-Frame-Options: allow\n",
         "http_server_config.headers.X-Frame-Options: 'allow' is not deny or sameorigin"},
        {"http_server_config:\n  headers:\n    X-Content-Type-Options: sniff\n",
         "'sniff' is not nosniff"},
        {"http_server_config:\n  headers:\n    X-XSS-Protection: \"1\\r\\nSet-Cookie: a=b\"\n",
         "http_server_config.headers.X-XSS-Protection: holds a control character"},
        {"- tls_server_config\n", "line 1: the file: not a mapping"},
        {"tls_server_config: [\n", "line 2: not valid YAML"},
        {"basic_auth_users: {}\n---\nbasic_auth_users: {}\n", "more than one YAML document"},
    };
    for (const auto& [text, expected] : cases)
        EXPECT_NE(error_of(text).find(expected), std::string::npos)
            << text << "\ngave: " << error_of(text);
}

TEST(WebConfigParse, ThePackagedExampleReads) {
    std::string folder = std::string(EDGETOP_SOURCE_DIR) + "/packaging";
    std::ifstream file(folder + "/web-config.yml");
    std::stringstream text;
    text << file.rdbuf();
    auto parsed = parse_web_config(text.str(), folder);
    ASSERT_TRUE(parsed.config) << parsed.error;
    ASSERT_TRUE(parsed.config->tls);
    EXPECT_EQ(parsed.config->tls->cert_file, folder + "/tls/board.crt");
    EXPECT_EQ(parsed.config->headers.size(), 2u);
    // Its comment says the hash is of "change-me".
    exporter::HttpAuthenticator authenticator;
    EXPECT_TRUE(authenticator.allows("Basic cHJvbWV0aGV1czpjaGFuZ2UtbWU=", &*parsed.config));
}

}  // namespace
}  // namespace edgetop::testing::web_config_parse
