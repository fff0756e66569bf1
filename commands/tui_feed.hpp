// The live feed of the interactive view with the bottleneck rules running on it: every sample is
// passed through the Analyzer, so Sample::flags, the header badge and the Analysis page show the
// same flags a recording would hold.
#pragma once

#include <vector>

#include "analysis/rules_analyzer.hpp"
#include "sensors/sampler/sampler.hpp"
#include "tui/feed.hpp"

namespace edgetop {

class AnalyzedLiveFeed : public tui::SampleFeed {
  public:
    AnalyzedLiveFeed(Sampler& sampler, analysis::RuleConfig config);

    const Sample* next() override;
    const Board& board() const override { return sampler_.board(); }
    std::vector<SourceStatus> status() const override { return sampler_.status(); }
    bool is_replay() const override { return false; }
    double session_time_s() const override { return last_.t_s; }
    bool analysis_enabled() const override { return true; }
    std::vector<tui::FlagDetail> flag_details() const override;

  private:
    Sampler& sampler_;
    analysis::Analyzer analyzer_;
    Sample last_;  // a copy: the analyzer writes its flags into it
};

// The analysis page's view of the flags the analyzer holds raised, with their evidence as
// values and tables.
std::vector<tui::FlagDetail> raised_flag_details(const analysis::Analyzer& analyzer);

}  // namespace edgetop
