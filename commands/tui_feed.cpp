#include "commands/tui_feed.hpp"

#include <utility>

#include "commands/evidence_table.hpp"

namespace edgetop {

AnalyzedLiveFeed::AnalyzedLiveFeed(Sampler& sampler, analysis::RuleConfig config)
    : sampler_(sampler), analyzer_(sampler.board(), std::move(config)) {}

const Sample* AnalyzedLiveFeed::next() {
    last_ = sampler_.sample();
    analyzer_.update(last_);
    analyzer_.annotate(last_);
    return &last_;
}

std::vector<tui::FlagDetail> AnalyzedLiveFeed::flag_details() const {
    return raised_flag_details(analyzer_);
}

std::vector<tui::FlagDetail> raised_flag_details(const analysis::Analyzer& analyzer) {
    std::vector<tui::FlagDetail> details;
    for (const auto& state : analyzer.states()) {
        if (!state.raised) continue;
        details.push_back(
            {state.id, state.last_message, evidence_table(state.last_evidence), state.holds});
    }
    return details;
}

}  // namespace edgetop
