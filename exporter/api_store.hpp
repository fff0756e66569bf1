// What the JSON API (/api/v1/...) answers with, published by the sampling thread and read by the
// server's: the latest sample line, the board and software of the session header, the raised flags
// and the history of sample lines. Every document is serialized once when it is published and
// gzipped once when first asked for, as /metrics' exposition is; a request takes a pointer to it
// under a short lock.
// The lines come already written (the session's own writer, in commands): the API serves the same
// bytes as the session file.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "exporter/api_history.hpp"

namespace edgetop::exporter {

struct ApiDocument {
    std::string body;
    std::string etag;  // a sample's: its time, W/"t-12500000"; empty otherwise

    // The body gzipped, compressed by the first request that asks for it (as /metrics' bodies
    // are: a sample no client takes gzipped costs no compression); empty when zlib failed.
    const std::string& gzip() const;

  private:
    mutable std::once_flag compressed_;
    mutable std::string gzip_;
};

// A time `t` as a sample line writes it (seconds, at most microseconds: "12.5") in whole
// microseconds; nullopt unless text is such a number.
std::optional<int64_t> parse_sample_time_us(std::string_view text);
// The `t` of a sample line ({"type":"sample","t":12.5,...}) in whole microseconds.
std::optional<int64_t> sample_line_time_us(std::string_view line);

class ApiStore {
  public:
    // history_samples: how many sample lines /api/v1/samples keeps.
    explicit ApiStore(size_t history_samples);

    // {"board":{...},"software":{...}}: the session header's objects.
    void publish_board(std::string json);
    // A sample line (without newline); ignored unless it has a time after the last one.
    void publish_sample(std::string_view line);
    // The raised flags: a JSON array of their event lines.
    void publish_flags(std::string json);

    // Null before the first publish.
    std::shared_ptr<const ApiDocument> sample() const;
    std::shared_ptr<const ApiDocument> board() const;
    std::shared_ptr<const ApiDocument> flags() const;
    // The JSON Schema of a sample line (api_schema.hpp).
    const ApiDocument& schema() const { return *schema_; }

    // The samples kept with a time after t_us, oldest first, as a JSON array of sample lines;
    // nullopt before the first sample.
    std::optional<std::string> samples_after(int64_t t_us) const;
    // The same for the samples within `span` of the newest one (after newest - span).
    std::optional<std::string> samples_within(std::chrono::milliseconds span) const;

    size_t history_capacity() const;
    // The memory the history holds now (api_history.hpp).
    size_t history_memory_bytes() const;

  private:
    std::shared_ptr<const ApiDocument> schema_;
    mutable std::mutex mutex_;
    std::shared_ptr<const ApiDocument> sample_;
    std::shared_ptr<const ApiDocument> board_;
    std::shared_ptr<const ApiDocument> flags_;
    SampleHistory history_;
};

}  // namespace edgetop::exporter
