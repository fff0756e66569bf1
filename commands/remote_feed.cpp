#include "commands/remote_feed.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands/evidence_table.hpp"
#include "session/session_records_json.hpp"

namespace edgetop {

namespace {

// Samples the view has not taken yet: a view that stopped drawing (a terminal on hold) keeps at
// most this many, the oldest dropped first.
constexpr std::size_t kMaxWaitingSamples = 3600;
constexpr auto kFirstRetry = std::chrono::seconds(1);
constexpr auto kLastRetry = std::chrono::seconds(30);

Board board_of(const fleet::FleetHost& host, const fleet::FetchOptions& options) {
    auto document =
        nlohmann::json::parse(fleet::get_body(host, "/api/v1/board", options), nullptr, false);
    if (!document.is_object() || !document.contains("board"))
        throw std::runtime_error(host.name + ": /api/v1/board: not a board");
    Board board = board_from_json(document["board"]);
    if (document.contains("software")) board.software = software_from_json(document["software"]);
    return board;
}

// A flag's event line (a "raised" one of /api/v1/flags, or a stream's flag event) as the
// Analysis page shows it; nullopt when the line names no flag.
std::optional<tui::FlagDetail> flag_detail(const nlohmann::json& event) {
    if (!event.is_object() || !event.contains("flag") || !event["flag"].is_string())
        return std::nullopt;
    tui::FlagDetail detail;
    detail.id = event["flag"].get<std::string>();
    if (event.contains("message") && event["message"].is_string())
        detail.message = event["message"].get<std::string>();
    if (event.contains("evidence")) detail.evidence = evidence_table(event["evidence"]);
    return detail;
}

// The board's raised flags (/api/v1/flags: their event lines).
std::vector<tui::FlagDetail> flags_of(const std::string& body) {
    auto events = nlohmann::json::parse(body, nullptr, false);
    if (!events.is_array()) throw std::runtime_error("/api/v1/flags: not a list of flags");
    std::vector<tui::FlagDetail> flags;
    for (const auto& event : events)
        if (auto detail = flag_detail(event)) flags.push_back(std::move(*detail));
    return flags;
}

Sample parse_sample(SampleLineParser& parser, std::string_view line, std::string_view where) {
    Sample sample;
    if (parser.parse_unpadded(line, sample) != SampleLineParser::Result::sample)
        throw std::runtime_error(fmt::format("{}: not a sample", where));
    return sample;
}

}  // namespace

RemoteFeed::RemoteFeed(const fleet::FleetHost& host, const fleet::FetchOptions& options)
    : host_(host), options_(options), board_(board_of(host, options)) {
    add_sample(
        parse_sample(parser_, fleet::get_body(host, "/api/v1/sample", options), "/api/v1/sample"));
    flags_ = flags_of(fleet::get_body(host_, "/api/v1/flags", options_));
    reader_ = std::thread([this] { read_stream(); });
}

RemoteFeed::~RemoteFeed() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    stop_.stop();
    wake_.notify_all();
    reader_.join();
}

void RemoteFeed::read_stream() {
    auto retry = kFirstRetry;
    while (!stop_.stopped()) {
        bool first_event = true;
        try {
            stream_once(first_event);
        } catch (const exporter::HttpStatusError& e) {
            if (e.status == 404) {  // a serve without the stream: the view polls
                polling_ = true;
                return;
            }
            std::lock_guard lock(mutex_);
            problem_ = e.what();
        } catch (const std::runtime_error& e) {
            std::lock_guard lock(mutex_);
            problem_ = e.what();
        }
        if (!first_event) retry = kFirstRetry;  // it streamed: the next failure starts over
        std::unique_lock lock(mutex_);
        wake_.wait_for(lock, retry, [this] { return stopping_; });
        retry = std::min<std::chrono::seconds>(retry * 2, kLastRetry);
    }
}

void RemoteFeed::stream_once(bool& first_event) {
    exporter::HttpStreamLimits limits;
    limits.connect = options_.limits.total;
    limits.max_event_bytes = options_.limits.max_body_bytes;
    auto flags = flags_of(fleet::get_body(host_, "/api/v1/flags", options_));
    {
        std::lock_guard lock(mutex_);
        flags_ = std::move(flags);
    }
    exporter::http_stream(fleet::target_for(host_, "/api/v1/stream"), limits, options_.credentials,
                          stop_, [&](exporter::SseEvent& event) { on_event(event, first_event); });
}

void RemoteFeed::on_event(exporter::SseEvent& event, bool& first_event) {
    if (event.name == "sample") {
        Sample sample = parse_sample(parser_, event.data, "/api/v1/stream");
        if (std::exchange(first_event, false)) catch_up(sample.t_s);
        add_sample(std::move(sample));
    } else if (event.name == "flag") {
        auto line = nlohmann::json::parse(event.data, nullptr, false);
        auto detail = flag_detail(line);
        if (!detail) return;
        bool raised = line.value("state", "") == "raised";
        std::lock_guard lock(mutex_);
        std::erase_if(flags_, [&](const tui::FlagDetail& f) { return f.id == detail->id; });
        if (raised) flags_.push_back(std::move(*detail));
    }
}

// Before the stream's first sample: the samples taken while no stream was open (after the newest
// one the feed has), from the serve's history. A first sample older than that one is a serve
// that started again (its t starts over): it is taken as the next.
void RemoteFeed::catch_up(double first_t) {
    std::optional<double> since;
    {
        std::lock_guard lock(mutex_);
        if (newest_t_ && first_t < *newest_t_) newest_t_.reset();
        since = newest_t_;
    }
    if (!since || *since >= first_t) return;
    auto body =
        fleet::get_body(host_, fmt::format("/api/v1/samples?since={:.6f}", *since), options_);
    auto lines = nlohmann::json::parse(body, nullptr, false);
    if (!lines.is_array()) throw std::runtime_error("/api/v1/samples: not a list of samples");
    for (const auto& line : lines) {
        Sample sample = parse_sample(parser_, line.dump(), "/api/v1/samples");
        if (sample.t_s < first_t) add_sample(std::move(sample));
    }
}

// Each sample once, in the order taken.
void RemoteFeed::add_sample(Sample sample) {
    std::lock_guard lock(mutex_);
    problem_.clear();
    if (newest_t_ && sample.t_s <= *newest_t_) return;
    newest_t_ = sample.t_s;
    arrived_.push_back(std::move(sample));
    if (arrived_.size() > kMaxWaitingSamples) arrived_.pop_front();
}

std::size_t RemoteFeed::ready() {
    if (polling_) return 1;
    std::lock_guard lock(mutex_);
    return arrived_.size();
}

const Sample* RemoteFeed::next() {
    if (polling_) return poll();
    std::lock_guard lock(mutex_);
    if (!arrived_.empty()) {
        last_ = std::move(arrived_.front());
        arrived_.pop_front();
    }
    return &last_;
}

// A serve without the stream: its latest sample and flags at each tick.
const Sample* RemoteFeed::poll() {
    try {
        Sample sample = parse_sample(parser_, fleet::get_body(host_, "/api/v1/sample", options_),
                                     "/api/v1/sample");
        auto flags = flags_of(fleet::get_body(host_, "/api/v1/flags", options_));
        std::lock_guard lock(mutex_);
        flags_ = std::move(flags);
        problem_.clear();
        last_ = std::move(sample);
    } catch (const std::runtime_error& e) {
        std::lock_guard lock(mutex_);
        problem_ = e.what();
    }
    return &last_;
}

std::vector<tui::FlagDetail> RemoteFeed::flag_details() const {
    std::lock_guard lock(mutex_);
    return flags_;
}

std::string RemoteFeed::problem() const {
    std::lock_guard lock(mutex_);
    return problem_;
}

}  // namespace edgetop
