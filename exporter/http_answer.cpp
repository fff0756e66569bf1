#include "exporter/http_answer.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sensors/core/text_scan.hpp"

namespace edgetop::exporter {

namespace {

// The value of a header field in head (after the status line), if it has it; `lower` is head
// lowercased, `name` a lowercase field name.
std::optional<std::string> field(std::string_view head, std::string_view lower,
                                 std::string_view name) {
    std::string key = "\n" + std::string(name) + ":";
    auto at = lower.find(key);
    if (at == std::string::npos) return std::nullopt;
    auto start = at + key.size();
    auto end = head.find('\r', start);
    return std::string(
        ascii::trim_ows(head.substr(start, end == std::string_view::npos ? end : end - start)));
}

std::string size_text(std::size_t bytes) {
    if (bytes % (std::size_t{1} << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
    return fmt::format("{} bytes", bytes);
}

}  // namespace

HttpAnswerReader::HttpAnswerReader(std::size_t max_body_bytes) : max_body_bytes_(max_body_bytes) {}

bool HttpAnswerReader::add(std::string_view bytes) {
    if (complete_) return true;
    std::string& body = reply_.body;
    if (!head_done_) {
        head_.append(bytes);
        auto end = head_.find("\r\n\r\n");
        if (end == std::string::npos || end > kMaxAnswerHeadBytes) {
            if (head_.size() > kMaxAnswerHeadBytes)
                throw HttpAnswerError("answer head larger than 64 KiB");
            return false;
        }
        body = head_.substr(end + 4);
        head_.resize(end);
        read_head();
        head_done_ = true;
    } else {
        body.append(bytes);
    }
    if (length_ && body.size() >= *length_) {
        body.resize(*length_);
        complete_ = true;
    } else if (body.size() > max_body_bytes_) {
        throw HttpAnswerError(fmt::format("answer larger than {}", size_text(max_body_bytes_)));
    }
    return complete_;
}

// "HTTP/1.x NNN reason" (a status of RFC 9110's classes, 1xx to 5xx), then the fields this
// client looks at.
void HttpAnswerReader::read_head() {
    std::string_view head = head_;
    if (head.size() < 12 || !head.starts_with("HTTP/1.") || head[8] != ' ' || head[9] < '1' ||
        head[9] > '5' || !ascii::is_digit(head[10]) || !ascii::is_digit(head[11]) ||
        (head.size() > 12 && head[12] != ' ' && head[12] != '\r'))
        throw HttpAnswerError("not an HTTP answer");
    reply_.status = (head[9] - '0') * 100 + (head[10] - '0') * 10 + (head[11] - '0');
    const std::string lower = ascii::lowered(head);
    if (auto value = field(head, lower, "content-length")) {
        if (value->empty() || value->size() > 19 ||
            !std::all_of(value->begin(), value->end(), ascii::is_digit))
            throw HttpAnswerError("bad Content-Length");
        length_ = std::stoull(*value);
        if (*length_ > max_body_bytes_)
            throw HttpAnswerError(fmt::format("answer larger than {}", size_text(max_body_bytes_)));
    }
    if (auto encoding = field(head, lower, "transfer-encoding");
        encoding && !ascii::equals_ignoring_case(*encoding, "identity"))
        throw HttpAnswerError(fmt::format("unexpected Transfer-Encoding '{}'", *encoding));
}

HttpReply HttpAnswerReader::finish() {
    if (!head_done_)
        throw HttpAnswerError(head_.empty() ? "connection closed without an answer"
                                            : "connection closed within the answer's head");
    if (!complete_ && length_) throw HttpAnswerError("connection closed within the answer");
    return std::move(reply_);
}

}  // namespace edgetop::exporter
