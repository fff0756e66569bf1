#include "commands/replay_feed.hpp"

#include <utility>

#include "commands/tui_feed.hpp"

namespace edgetop {

namespace {
constexpr std::size_t kKeptProblems = 5;
}

ReplayFeed::ReplayFeed(std::string path, analysis::RuleConfig config)
    : path_(std::move(path)), config_(std::move(config)) {
    open();
}

void ReplayFeed::open() {
    // Problems are counted once: a rewind reads the same lines again.
    bool first_pass = !reader_;
    reader_ = std::make_unique<SessionReader>(path_, [this, first_pass](const SessionProblem& p) {
        if (!first_pass) return;
        if (problems_.size() < kKeptProblems) problems_.push_back(p.message);
        ++problem_count_;
    });
    header_ = reader_->header();
    analyzer_.emplace(header_.board, config_);
    upcoming_ = read_sample();
    started_ = false;
}

std::optional<Sample> ReplayFeed::read_sample() {
    SessionRecord record;
    while (reader_->next(record))
        if (record.kind == SessionRecord::Kind::sample) return std::move(record.sample);
    return std::nullopt;
}

const Sample* ReplayFeed::next() {
    if (!upcoming_) return nullptr;
    current_ = std::move(*upcoming_);
    upcoming_ = read_sample();
    started_ = true;
    // The recorded flags are replaced by the rules in force now, as the live view computes them.
    analyzer_->update(current_);
    analyzer_->annotate(current_);
    return &current_;
}

std::optional<double> ReplayFeed::next_gap_s() const {
    if (!upcoming_) return std::nullopt;
    if (!started_) return 0.0;
    return upcoming_->t_s - current_.t_s;
}

bool ReplayFeed::rewind() {
    if (path_ == "-") return false;
    open();
    return true;
}

std::vector<tui::FlagDetail> ReplayFeed::flag_details() const {
    return raised_flag_details(*analyzer_);
}

}  // namespace edgetop
