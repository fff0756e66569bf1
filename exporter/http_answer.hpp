// Reading an HTTP/1.0 answer as its bytes arrive, apart from the connection that brings them, so
// that what a server sends (hostile input like any other from the network) is bounded and can be
// fuzzed without a socket: a head of at most 64 KiB with a status line, an optional
// Content-Length, no Transfer-Encoding but identity, and a body within a given size.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace edgetop::exporter {

struct HttpReply {
    int status = 0;
    std::string body;
};

// One line naming what is wrong with the answer ("bad Content-Length", "answer larger than
// 16 MiB").
struct HttpAnswerError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

inline constexpr std::size_t kMaxAnswerHeadBytes = 64 * 1024;

class HttpAnswerReader {
  public:
    explicit HttpAnswerReader(std::size_t max_body_bytes);

    // Takes the next bytes; true once the answer is complete (its Content-Length is in), after
    // which further bytes are ignored. Throws HttpAnswerError.
    bool add(std::string_view bytes);
    // The connection has ended: the answer, or HttpAnswerError when it is not complete.
    HttpReply finish();

    // Whether the head is in; status() is then the answer's.
    bool has_head() const { return head_done_; }
    int status() const { return reply_.status; }
    // The body received so far, handed over (an answer that does not end, an event stream, is
    // read on in parts).
    std::string take_body() { return std::exchange(reply_.body, std::string()); }

  private:
    void read_head();

    std::size_t max_body_bytes_;
    std::string head_;
    bool head_done_ = false;
    bool complete_ = false;
    std::optional<std::size_t> length_;
    HttpReply reply_;
};

}  // namespace edgetop::exporter
