#include "report/html/flag_spans.hpp"

#include <algorithm>

namespace edgetop::html {

FlagTimeline* FlagSpans::find(const std::string& id, bool create) {
    for (auto& f : flags_)
        if (f.id == id) return &f;
    if (!create) return nullptr;
    if (flags_.size() >= kMaxFlags) {
        ++dropped_;
        return nullptr;
    }
    flags_.push_back({id, {}, std::nullopt, 0});
    return &flags_.back();
}

void FlagSpans::add_span(FlagTimeline& flag, TimeSpan span) const {
    auto& spans = flag.spans;
    if (!spans.empty() && span.from_s - spans.back().to_s <= flag.join_gap_s) {
        spans.back().to_s = std::max(spans.back().to_s, span.to_s);
        return;
    }
    spans.push_back(span);
    if (spans.size() <= 2 * std::max<std::size_t>(columns_, 1)) return;
    double covered = spans.back().to_s - spans.front().from_s;
    flag.join_gap_s = std::max(2 * flag.join_gap_s, covered / static_cast<double>(columns_));
    std::size_t kept = 0;
    for (std::size_t i = 0; i < spans.size(); ++i) {
        if (kept > 0 && spans[i].from_s - spans[kept - 1].to_s <= flag.join_gap_s)
            spans[kept - 1].to_s = std::max(spans[kept - 1].to_s, spans[i].to_s);
        else
            spans[kept++] = spans[i];
    }
    spans.resize(kept);
}

void FlagSpans::raise(const std::string& id, double t_s) {
    FlagTimeline* flag = find(id, true);
    if (flag && !flag->open_since_s) flag->open_since_s = t_s;
}

void FlagSpans::clear(const std::string& id, double t_s) {
    FlagTimeline* flag = find(id, false);
    if (!flag || !flag->open_since_s) return;
    add_span(*flag, {*flag->open_since_s, std::max(t_s, *flag->open_since_s)});
    flag->open_since_s.reset();
}

std::vector<FlagTimeline> FlagSpans::finish(double end_s) const {
    std::vector<FlagTimeline> out = flags_;
    for (auto& f : out)
        if (f.open_since_s) {
            f.spans.push_back({*f.open_since_s, std::max(end_s, *f.open_since_s)});
            f.open_since_s.reset();
        }
    return out;
}

}  // namespace edgetop::html
