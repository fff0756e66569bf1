// Who may read serve's pages: HTTP basic authentication against the bcrypt hashes of a web
// configuration's basic_auth_users (verified by libxcrypt, as exporter-toolkit does with Go's
// bcrypt), and a bearer token (--bearer-token-file). When both are configured either one is
// accepted; when neither is, every request is.
//
// bcrypt is slow on purpose (about 70 ms at cost 10 on a Jetson core): a password that matched
// once is remembered for its user and hash, so a scrape every second costs one bcrypt, not one
// a scrape; a changed hash in the configuration (a reload) is a new key and is verified again.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "exporter/web_config.hpp"

namespace edgetop::exporter {

// Empty when `hash` is a bcrypt hash as htpasswd -B or exporter-toolkit's docs make them
// ($2a$, $2b$ or $2y$, a cost from 04 to 31, 53 characters of salt and hash); else why not.
std::string bcrypt_hash_problem(std::string_view hash);

// Whether a and b are equal, in a time that depends on their lengths only.
bool constant_time_equals(std::string_view a, std::string_view b);

inline constexpr size_t kMaxBearerTokenBytes = 4096;

// The token of --bearer-token-file: the file's text without its trailing newline. Throws
// std::runtime_error("--bearer-token-file PATH: REASON") when the file is missing, unreadable,
// not a regular file, empty or holds a control character inside the token.
std::string read_bearer_token_file(const std::string& path);
// The password of fleet --password-file: the same rules, spaces allowed.
std::string read_password_file(const std::string& path);

class HttpAuthenticator {
  public:
    explicit HttpAuthenticator(std::optional<std::string> bearer_token = std::nullopt);

    // Whether a request may be answered, given its Authorization field and the web
    // configuration in force (null: none).
    bool allows(const std::optional<std::string>& authorization, const WebConfig* config);
    // The WWW-Authenticate fields of a 401 answer, each ending in CRLF.
    std::string challenge(const WebConfig* config) const;

  private:
    bool basic_allows(std::string_view credentials,
                      const std::map<std::string, std::string>& users);

    std::optional<std::string> bearer_token_;
    std::mutex mutex_;
    // user + '\n' + bcrypt hash -> the password that matched it
    std::map<std::string, std::string> verified_;
};

}  // namespace edgetop::exporter
