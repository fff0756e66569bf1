// libFuzzer target: arbitrary bytes as what a client sends serve's HTTP server, parsed head after
// head as the server does with pipelined requests, and the answer /metrics would give (content
// negotiation on Accept and Accept-Encoding). Built and run by run_fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "exporter/content_negotiation.hpp"
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace edgetop::exporter;
    std::string_view in(reinterpret_cast<const char*>(data), size);
    while (!in.empty()) {
        ParsedHead parsed = parse_request_head(in);
        if (parsed.status != HeadStatus::Complete) break;
        // What the server relies on: a head within its bound, a path it can compare.
        if (parsed.head_bytes == 0 || parsed.head_bytes > in.size() ||
            parsed.head_bytes > kMaxHeaderBytes || !is_ascii_path(parsed.request.path))
            std::abort();
        (void)negotiate_format(parsed.request.accept);
        (void)accepts_gzip(parsed.request.accept_encoding);
        in.remove_prefix(parsed.head_bytes);
    }
    return 0;
}
