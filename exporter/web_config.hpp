// The web configuration of `edgetop serve --web-config FILE`: the file format of Prometheus'
// exporter-toolkit (what node_exporter's --web.config.file reads), so that one file serves a
// fleet's exporters. Every key exporter-toolkit documents for TLS, headers and basic auth is
// read; a key edgetop does not support is refused by name, never ignored.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace edgetop::exporter {

// exporter-toolkit's client_auth_type values, with Go's crypto/tls meaning.
enum class ClientAuth {
    NoClientCert,                // "NoClientCert": no certificate asked for (the default)
    RequestClientCert,           // asked for, not required, not verified
    RequireAnyClientCert,        // required, not verified
    VerifyClientCertIfGiven,     // not required; verified against client_ca_file when given
    RequireAndVerifyClientCert,  // required and verified against client_ca_file
};

enum class TlsVersion { Tls10, Tls11, Tls12, Tls13 };  // "TLS10" ... "TLS13"

struct TlsServerConfig {
    // PEM files; a relative name in the file is resolved against the web-config file's folder
    // when read (web_config_parse.hpp), so these are names to open as they are.
    std::string cert_file;
    std::string key_file;
    ClientAuth client_auth = ClientAuth::NoClientCert;
    std::string client_ca_file;  // empty: none
    TlsVersion min_version = TlsVersion::Tls12;
    TlsVersion max_version = TlsVersion::Tls13;
    std::vector<std::string> cipher_suites;      // Go's names ("TLS_ECDHE_RSA_WITH_..."); TLS 1.2
    std::vector<std::string> curve_preferences;  // Go's names ("X25519", "CurveP256", ...)
    bool prefer_server_cipher_suites = true;     // the server's order of cipher_suites wins
};

struct WebConfig {
    std::optional<TlsServerConfig> tls;  // absent: plain HTTP
    // http_server_config.headers: added to every answer (exporter-toolkit allows a fixed set of
    // names: Content-Security-Policy, X-Frame-Options, X-Content-Type-Options,
    // X-XSS-Protection, Strict-Transport-Security).
    std::vector<std::pair<std::string, std::string>> headers;
    std::map<std::string, std::string> basic_auth_users;  // user -> bcrypt hash ("$2y$...")
};

}  // namespace edgetop::exporter
