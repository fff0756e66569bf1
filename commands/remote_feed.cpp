#include "commands/remote_feed.hpp"

#include <stdexcept>
#include <utility>

#include <nlohmann/json.hpp>

#include "commands/evidence_table.hpp"
#include "session/session_records_json.hpp"

namespace edgetop {

namespace {

Board board_of(const fleet::FleetHost& host, const fleet::FetchOptions& options) {
    auto document =
        nlohmann::json::parse(fleet::get_body(host, "/api/v1/board", options), nullptr, false);
    if (!document.is_object() || !document.contains("board"))
        throw std::runtime_error(host.name + ": /api/v1/board: not a board");
    Board board = board_from_json(document["board"]);
    if (document.contains("software")) board.software = software_from_json(document["software"]);
    return board;
}

// The board's raised flags (/api/v1/flags: their event lines) as the Analysis page shows them.
std::vector<tui::FlagDetail> flags_of(const std::string& body) {
    auto events = nlohmann::json::parse(body, nullptr, false);
    if (!events.is_array()) throw std::runtime_error("/api/v1/flags: not a list of flags");
    std::vector<tui::FlagDetail> flags;
    for (const auto& event : events) {
        if (!event.is_object() || !event.contains("flag") || !event["flag"].is_string()) continue;
        tui::FlagDetail detail;
        detail.id = event["flag"].get<std::string>();
        if (event.contains("message") && event["message"].is_string())
            detail.message = event["message"].get<std::string>();
        if (event.contains("evidence")) detail.evidence = evidence_table(event["evidence"]);
        flags.push_back(std::move(detail));
    }
    return flags;
}

}  // namespace

RemoteFeed::RemoteFeed(const fleet::FleetHost& host, const fleet::FetchOptions& options)
    : host_(host), options_(options), board_(board_of(host, options)) {}

const Sample* RemoteFeed::next() {
    try {
        std::string body = fleet::get_body(host_, "/api/v1/sample", options_);
        Sample sample;
        if (parser_.parse_unpadded(body, sample) != SampleLineParser::Result::sample)
            throw std::runtime_error("/api/v1/sample: not a sample");
        flags_ = flags_of(fleet::get_body(host_, "/api/v1/flags", options_));
        problem_.clear();
        last_ = std::move(sample);  // its flags are the board's, as /api/v1/flags details them
    } catch (const std::runtime_error& e) {
        problem_ = e.what();
    }
    return &last_;
}

}  // namespace edgetop
