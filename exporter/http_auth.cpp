#include "exporter/http_auth.hpp"

#include <crypt.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "exporter/web_config_source.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop::exporter {

// Named, not anonymous: unity builds put this file beside others.
namespace http_auth_detail {

constexpr size_t kMaxRemembered = 256;  // passwords that matched, over every configuration seen

bool is_bcrypt_char(char c) {
    return ascii::is_alnum(c) || c == '.' || c == '/';
}

// RFC 4648 base64 of a Basic credential. Written here: ten lines, where a library (OpenSSL's
// EVP_DecodeBlock) would tie authentication to the TLS build.
std::optional<std::string> decode_base64(std::string_view text) {
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+') return 62;
        if (c == '/') return 63;
        return -1;
    };
    while (!text.empty() && text.back() == '=')
        text.remove_suffix(1);
    if (text.size() % 4 == 1) return std::nullopt;
    std::string bytes;
    unsigned bits = 0;
    int count = 0;
    for (char c : text) {
        int v = value(c);
        if (v < 0) return std::nullopt;
        bits = (bits << 6) | static_cast<unsigned>(v);
        count += 6;
        if (count >= 8) {
            count -= 8;
            bytes += static_cast<char>((bits >> count) & 0xff);
        }
    }
    return bytes;
}

// The credentials after `scheme` ("Basic", "Bearer"; compared without case) and its spaces.
std::optional<std::string_view> credentials_of(std::string_view field, std::string_view scheme) {
    if (field.size() <= scheme.size() || field[scheme.size()] != ' ' ||
        !ascii::equals_ignoring_case(field.substr(0, scheme.size()), scheme))
        return std::nullopt;
    field.remove_prefix(scheme.size());
    while (!field.empty() && field.front() == ' ')
        field.remove_prefix(1);
    return field;
}

// Whether bcrypt of `password` with the salt and cost of `hash` gives `hash`.
bool bcrypt_matches(const std::string& password, const std::string& hash) {
    if (password.find('\0') != std::string::npos) return false;
    auto data = std::make_unique<crypt_data>();
    const char* computed = crypt_rn(password.c_str(), hash.c_str(), data.get(), sizeof *data);
    return computed && constant_time_equals(computed, hash);
}

}  // namespace http_auth_detail

std::string bcrypt_hash_problem(std::string_view hash) {
    using http_auth_detail::is_bcrypt_char;
    constexpr std::string_view kWhat =
        "not a bcrypt hash ($2y$, $2b$ or $2a$, as htpasswd -B makes)";
    if (hash.size() != 60 || hash.substr(0, 2) != "$2" ||
        (hash[2] != 'a' && hash[2] != 'b' && hash[2] != 'y') || hash[3] != '$' || hash[6] != '$')
        return std::string(kWhat);
    if (!ascii::is_digit(hash[4]) || !ascii::is_digit(hash[5])) return std::string(kWhat);
    int cost = (hash[4] - '0') * 10 + (hash[5] - '0');
    if (cost < 4 || cost > 31)
        return "a bcrypt cost of " + std::to_string(cost) + " (not 04 to 31)";
    if (!std::all_of(hash.begin() + 7, hash.end(), is_bcrypt_char)) return std::string(kWhat);
    return "";
}

namespace {

// A secret read once at start: the file's text without its trailing newline; spaces allowed
// where the header carries the secret encoded (basic auth's base64).
std::string read_secret_file(std::string_view option, const std::string& path, bool spaces) {
    auto fail = [&](const std::string& why) {
        return std::runtime_error(std::string(option) + " " + path + ": " + why);
    };
    ConfigFileText file = read_config_file(path, kMaxBearerTokenBytes);
    if (!file.text) throw fail(file.problem);
    std::string secret = std::move(*file.text);
    if (!secret.empty() && secret.back() == '\n') secret.pop_back();
    if (!secret.empty() && secret.back() == '\r') secret.pop_back();
    if (secret.empty()) throw fail("empty");
    auto bad = [spaces](char c) {
        auto u = static_cast<unsigned char>(c);
        return u < ' ' || u == 0x7f || (!spaces && u == ' ');
    };
    if (std::any_of(secret.begin(), secret.end(), bad))
        throw fail(spaces ? "it holds a line break or a control character"
                          : "the token holds a space, a line break or a control character");
    return secret;
}

}  // namespace

std::string read_bearer_token_file(const std::string& path) {
    return read_secret_file("--bearer-token-file", path, false);
}

std::string read_password_file(const std::string& path) {
    return read_secret_file("--password-file", path, true);
}

bool constant_time_equals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    unsigned char difference = 0;
    for (size_t i = 0; i < a.size(); ++i)
        difference |= static_cast<unsigned char>(a[i] ^ b[i]);
    return difference == 0;
}

HttpAuthenticator::HttpAuthenticator(std::optional<std::string> bearer_token)
    : bearer_token_(std::move(bearer_token)) {}

bool HttpAuthenticator::allows(const std::optional<std::string>& authorization,
                               const WebConfig* config) {
    using namespace http_auth_detail;
    bool has_users = config && !config->basic_auth_users.empty();
    if (!has_users && !bearer_token_) return true;
    if (!authorization) return false;
    if (bearer_token_) {
        if (auto token = credentials_of(*authorization, "Bearer"))
            return constant_time_equals(*token, *bearer_token_);
    }
    if (has_users) {
        if (auto credentials = credentials_of(*authorization, "Basic"))
            return basic_allows(*credentials, config->basic_auth_users);
    }
    return false;
}

bool HttpAuthenticator::basic_allows(std::string_view credentials,
                                     const std::map<std::string, std::string>& users) {
    using namespace http_auth_detail;
    auto decoded = decode_base64(credentials);
    if (!decoded) return false;
    size_t colon = decoded->find(':');
    if (colon == std::string::npos) return false;
    std::string user = decoded->substr(0, colon);
    std::string password = decoded->substr(colon + 1);
    auto found = users.find(user);
    if (found == users.end()) {
        // As long as for a known user, so that the time does not tell which users exist.
        bcrypt_matches(password, users.begin()->second);
        return false;
    }
    std::string key = user + '\n' + found->second;
    {
        std::lock_guard lock(mutex_);
        auto remembered = verified_.find(key);
        if (remembered != verified_.end() && constant_time_equals(remembered->second, password))
            return true;
    }
    if (!bcrypt_matches(password, found->second)) return false;
    std::lock_guard lock(mutex_);
    if (verified_.size() >= kMaxRemembered) verified_.clear();
    verified_[key] = password;
    return true;
}

std::string HttpAuthenticator::challenge(const WebConfig* config) const {
    std::string fields;
    if (config && !config->basic_auth_users.empty())
        fields += "WWW-Authenticate: Basic realm=\"edgetop\", charset=\"UTF-8\"\r\n";
    if (bearer_token_) fields += "WWW-Authenticate: Bearer realm=\"edgetop\"\r\n";
    return fields;
}

}  // namespace edgetop::exporter
