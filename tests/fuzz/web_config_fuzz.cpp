// libFuzzer target: arbitrary bytes as the file of `serve --web-config`, read by libyaml into a
// WebConfig. Whatever the input, the reader gives a configuration or an error naming a line,
// and a configuration holds only what serve can use as it is: resolved file names, bcrypt hashes
// of a well-formed kind, headers of the allowed names without a line break. Built and run by
// run_fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "exporter/http_auth.hpp"
#include "exporter/web_config_parse.hpp"

namespace {

bool is_resolved(const std::string& name) {
    return name.empty() || name.front() == '/';
}

bool is_clean(std::string_view text) {
    return text.find_first_of(std::string_view("\r\n\0", 3)) == std::string_view::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace edgetop::exporter;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    WebConfigParse parsed = parse_web_config(text, "/etc/edgetop");
    if (!parsed.config) {
        if (parsed.error.rfind("line ", 0) != 0) std::abort();
        return 0;
    }
    const WebConfig& config = *parsed.config;
    if (config.tls) {
        const TlsServerConfig& tls = *config.tls;
        if (tls.cert_file.empty() || tls.key_file.empty() || !is_resolved(tls.cert_file) ||
            !is_resolved(tls.key_file) || !is_resolved(tls.client_ca_file) ||
            tls.min_version > tls.max_version)
            std::abort();
    }
    for (const auto& [user, hash] : config.basic_auth_users)
        if (user.empty() || !bcrypt_hash_problem(hash).empty()) std::abort();
    for (const auto& [name, value] : config.headers)
        if (value.empty() || !is_clean(name) || !is_clean(value)) std::abort();
    return 0;
}
