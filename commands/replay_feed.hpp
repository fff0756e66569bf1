// The interactive view's feed over a session file (or the files of a rotated set, in part order):
// samples in file order, the flags recomputed by the Analyzer as in the live view, the pace taken
// from the samples' t. Memory stays bounded: one sample ahead is kept, and going back re-reads the
// files from the start (rewind()).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/rules_analyzer.hpp"
#include "session/session_reader.hpp"
#include "tui/feed.hpp"

namespace edgetop {

class ReplayFeed : public tui::SampleFeed {
  public:
    // Opens the session (its first file) and reads its header; throws SessionError.
    ReplayFeed(std::vector<std::string> paths, analysis::RuleConfig config);

    const Sample* next() override;
    const Board& board() const override { return header_.board; }
    std::vector<SourceStatus> status() const override { return header_.sources; }
    bool is_replay() const override { return true; }
    double session_time_s() const override { return current_.t_s; }
    bool analysis_enabled() const override { return true; }
    std::vector<tui::FlagDetail> flag_details() const override;
    std::optional<double> next_gap_s() const override;
    bool rewind() override;

    const SessionHeader& header() const { return header_; }
    // Problems the reader met (corrupt lines, a missing end line), the first few kept, to be
    // shown once the view has given the terminal back.
    const std::vector<std::string>& problems() const { return problems_; }
    std::size_t problem_count() const { return problem_count_; }

  private:
    void open();
    std::unique_ptr<SessionReader> open_file(std::size_t file);
    std::optional<Sample> read_sample();

    std::vector<std::string> paths_;
    std::size_t file_ = 0;  // the file reader_ reads
    bool first_pass_ = true;
    analysis::RuleConfig config_;
    std::unique_ptr<SessionReader> reader_;
    SessionHeader header_;
    std::optional<analysis::Analyzer> analyzer_;
    Sample current_;
    std::optional<Sample> upcoming_;
    bool started_ = false;
    std::vector<std::string> problems_;
    std::size_t problem_count_ = 0;
};

}  // namespace edgetop
