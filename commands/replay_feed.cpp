#include "commands/replay_feed.hpp"

#include <utility>

#include "commands/tui_feed.hpp"

namespace edgetop {

namespace {
constexpr std::size_t kKeptProblems = 5;
}

ReplayFeed::ReplayFeed(std::vector<std::string> paths, analysis::RuleConfig config)
    : paths_(std::move(paths)), config_(std::move(config)) {
    open();
}

std::unique_ptr<SessionReader> ReplayFeed::open_file(std::size_t file) {
    // Problems are counted once: a rewind reads the same lines again.
    return std::make_unique<SessionReader>(paths_.at(file), [this](const SessionProblem& p) {
        if (!first_pass_) return;
        if (problems_.size() < kKeptProblems) problems_.push_back(p.message);
        ++problem_count_;
    });
}

void ReplayFeed::open() {
    first_pass_ = !reader_;
    file_ = 0;
    reader_ = open_file(0);
    header_ = reader_->header();
    analyzer_.emplace(header_.board, config_);
    upcoming_ = read_sample();
    started_ = false;
}

std::optional<Sample> ReplayFeed::read_sample() {
    SessionRecord record;
    for (;;) {
        while (reader_->next(record))
            if (record.kind == SessionRecord::Kind::sample) return std::move(record.sample);
        if (file_ + 1 >= paths_.size()) return std::nullopt;
        // The next file of a rotated set; one that is no longer a session ends the replay there.
        try {
            reader_ = open_file(++file_);
        } catch (const SessionError& e) {
            if (first_pass_) {
                if (problems_.size() < kKeptProblems) problems_.push_back(e.what());
                ++problem_count_;
            }
            file_ = paths_.size();
            return std::nullopt;
        }
    }
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
    if (paths_.at(0) == "-") return false;
    open();
    return true;
}

std::vector<tui::FlagDetail> ReplayFeed::flag_details() const {
    return raised_flag_details(*analyzer_);
}

}  // namespace edgetop
