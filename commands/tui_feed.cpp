#include "commands/tui_feed.hpp"

#include <fmt/format.h>

#include <cmath>
#include <utility>

#include "edgetop/number_text.hpp"

namespace edgetop {

namespace {

std::string value_text(const nlohmann::json& value) {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_number_float()) {
        double v = value.get<double>();
        // Evidence numbers are measurements: two decimals at most, no trailing zeros.
        if (std::isfinite(v) && std::abs(v) < 1e12) {
            std::string text = fixed(v, 2);
            while (text.back() == '0')
                text.pop_back();
            if (text.back() == '.') text.pop_back();
            return text;
        }
    }
    if (value.is_array()) {
        std::string text = "[";
        for (const auto& item : value)
            text += (text.size() > 1 ? ", " : "") + value_text(item);
        return text + "]";
    }
    if (value.is_object()) {
        std::string text;
        for (const auto& [key, item] : value.items())
            text += (text.empty() ? "" : " ") + key + " " + value_text(item);
        return text;
    }
    return value.dump();
}

}  // namespace

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
        details.push_back({state.id, state.last_message, evidence_text(state.last_evidence)});
    }
    return details;
}

std::string evidence_text(const nlohmann::json& evidence) {
    if (!evidence.is_object()) return evidence.is_null() ? "" : value_text(evidence);
    std::string text;
    for (const auto& [key, value] : evidence.items()) {
        if (!text.empty()) text += ", ";
        text += key + " " + value_text(value);
    }
    return text;
}

}  // namespace edgetop
