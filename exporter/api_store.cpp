#include "exporter/api_store.hpp"

#include <cmath>
#include <utility>

#include "edgetop/numbers.hpp"
#include "exporter/api_schema.hpp"
#include "exporter/gzip.hpp"

namespace edgetop::exporter {

// Named, not anonymous: unity builds put this file beside others.
namespace api_store {

std::shared_ptr<const ApiDocument> document(std::string body, std::string etag = "") {
    auto doc = std::make_shared<ApiDocument>();
    doc->body = std::move(body);
    doc->etag = std::move(etag);
    return doc;
}

}  // namespace api_store

const std::string& ApiDocument::gzip() const {
    std::call_once(compressed_, [this] { gzip_ = gzip_compress(body).value_or(""); });
    return gzip_;
}

std::optional<int64_t> parse_sample_time_us(std::string_view text) {
    if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
    double seconds = 0;
    // Beyond 2^53 microseconds (285 years) the conversion is no longer exact.
    if (!numbers::parse_whole(text, seconds) || !std::isfinite(seconds) || seconds > 9.0e9)
        return std::nullopt;
    return std::llround(seconds * 1e6);
}

std::optional<int64_t> sample_line_time_us(std::string_view line) {
    constexpr std::string_view kKey = "\"t\":";
    size_t at = line.find(kKey);
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view rest = line.substr(at + kKey.size());
    return parse_sample_time_us(rest.substr(0, rest.find_first_of(",}")));
}

ApiStore::ApiStore(size_t history_samples)
    : schema_(api_store::document(sample_json_schema())), history_(history_samples) {}

void ApiStore::publish_board(std::string json) {
    auto doc = api_store::document(std::move(json));
    std::lock_guard lock(mutex_);
    board_.swap(doc);
}

void ApiStore::publish_sample(std::string_view line) {
    auto t_us = sample_line_time_us(line);
    if (!t_us) return;
    // Weak: the gzipped body shares it (If-None-Match compares weakly).
    auto doc = api_store::document(std::string(line), "W/\"t-" + std::to_string(*t_us) + "\"");
    std::lock_guard lock(mutex_);
    if (auto newest = history_.newest_t_us(); newest && *t_us <= *newest) return;
    sample_.swap(doc);
    history_.add(*t_us, line);
    // `doc` now holds the previous sample, freed after the lock is released.
}

void ApiStore::publish_flags(std::string json) {
    auto doc = api_store::document(std::move(json));
    std::lock_guard lock(mutex_);
    flags_.swap(doc);
}

std::shared_ptr<const ApiDocument> ApiStore::sample() const {
    std::lock_guard lock(mutex_);
    return sample_;
}

std::shared_ptr<const ApiDocument> ApiStore::board() const {
    std::lock_guard lock(mutex_);
    return board_;
}

std::shared_ptr<const ApiDocument> ApiStore::flags() const {
    std::lock_guard lock(mutex_);
    return flags_;
}

std::optional<std::string> ApiStore::samples_after(int64_t t_us) const {
    std::lock_guard lock(mutex_);
    if (history_.size() == 0) return std::nullopt;
    std::string out = "[";
    history_.for_each_after(t_us, [&](int64_t, std::string_view line) {
        if (out.size() > 1) out += ",\n";
        out += line;
    });
    out += "]\n";
    return out;
}

std::optional<std::string> ApiStore::samples_within(std::chrono::milliseconds span) const {
    std::optional<int64_t> newest;
    {
        std::lock_guard lock(mutex_);
        newest = history_.newest_t_us();
    }
    if (!newest) return std::nullopt;
    // A sample published in between only adds one the span would have taken anyway.
    return samples_after(*newest - static_cast<int64_t>(span.count()) * 1000);
}

size_t ApiStore::history_capacity() const {
    std::lock_guard lock(mutex_);
    return history_.capacity();
}

size_t ApiStore::history_memory_bytes() const {
    std::lock_guard lock(mutex_);
    return history_.memory_bytes();
}

}  // namespace edgetop::exporter
