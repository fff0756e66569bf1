// libFuzzer target: arbitrary bytes as what a client sends serve's HTTP server, parsed head after
// head as the server does with pipelined requests, and the answer /metrics would give (content
// negotiation on Accept and Accept-Encoding, the Authorization field checked against a bearer
// token and a basic-auth user), and for a path under /api/ the JSON API's answer (its `since`
// parameter, If-None-Match, gzip) from a history of sample lines that has wrapped around. Built
// and run by run_fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "exporter/api_routes.hpp"
#include "exporter/api_store.hpp"
#include "exporter/content_negotiation.hpp"
#include "exporter/http_auth.hpp"
#include "exporter/http_request.hpp"

namespace {

bool is_ascii_path(std::string_view path) {
    if (path.empty() || path.front() != '/') return false;
    for (char c : path)
        if (static_cast<unsigned char>(c) <= ' ' || static_cast<unsigned char>(c) >= 0x7f ||
            c == '?')
            return false;
    return true;
}

// No CR, LF or NUL in a kept field: it would split or cut what is compared or logged.
bool is_clean(const std::optional<std::string>& field) {
    return !field || field->find_first_of(std::string_view("\r\n\0", 3)) == std::string::npos;
}

// The seeds' credentials: "prometheus:scrape-pw" (bcrypt at cost 4) and a bearer token.
edgetop::exporter::WebConfig basic_users() {
    edgetop::exporter::WebConfig config;
    config.basic_auth_users["prometheus"] =
        "$2y$04$EGMwFV89IRtxrqGW2SSOruiV8qtI/bzx.Xwgl/rKLpvMlRvXBo0jm";
    return config;
}

// Eight sample lines at 0.5 s through a history of five; t=2.5 s is the newest.
const edgetop::exporter::ApiStore& api_store() {
    // Not movable (it holds a mutex): made in place, kept for the process' life.
    static const auto* api = [] {
        auto* store = new edgetop::exporter::ApiStore(5);
        store->publish_board(R"({"board":{"model":"NVIDIA Jetson Orin Nano"},"software":{}})");
        store->publish_flags("[]");
        for (int i = 0; i < 8; ++i)
            store->publish_sample("{\"type\":\"sample\",\"t\":" + std::to_string(i * 0.5) +
                                  ",\"power_total_mw\":4321}");
        return store;
    }();
    return *api;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace edgetop::exporter;
    static const WebConfig users = basic_users();
    static HttpAuthenticator authenticator(std::string("b3arer-T0ken"));
    std::string_view in(reinterpret_cast<const char*>(data), size);
    while (!in.empty()) {
        ParsedHead parsed = parse_request_head(in);
        if (parsed.status != HeadStatus::Complete) break;
        // What the server relies on: a head within its bound, a path it can compare.
        if (parsed.head_bytes == 0 || parsed.head_bytes > in.size() ||
            parsed.head_bytes > kMaxHeaderBytes || !is_ascii_path(parsed.request.path) ||
            (parsed.request.minor_version == 1 && !parsed.request.host) ||
            !is_clean(parsed.request.host) || !is_clean(parsed.request.authorization))
            std::abort();
        (void)authenticator.allows(parsed.request.authorization, &users);
        (void)negotiate_format(parsed.request.accept);
        (void)accepts_gzip(parsed.request.accept_encoding);
        if (parsed.request.path.starts_with(kApiPrefix)) {
            HttpAnswer answer = answer_api_request(parsed.request, api_store());
            if (answer.status < 200 || answer.status > 599 ||
                (answer.status == 200 && !answer.owner))
                std::abort();
        }
        in.remove_prefix(parsed.head_bytes);
    }
    return 0;
}
