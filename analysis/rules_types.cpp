#include "analysis/rules_types.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace edgetop::analysis {

std::string_view to_string(Severity severity) {
    switch (severity) {
        case Severity::info:
            return "info";
        case Severity::warning:
            return "warning";
        case Severity::critical:
            return "critical";
    }
    return "warning";
}

std::string_view to_string(EventState state) {
    return state == EventState::raised ? "raised" : "cleared";
}

RuleResult RuleResult::inactive(std::string reason) {
    RuleResult r;
    r.inactive_reason = std::move(reason);
    r.message = r.inactive_reason;
    return r;
}

double ParamValues::get(std::string_view key) const {
    const auto it = values_.find(key);
    if (it == values_.end()) throw std::out_of_range(fmt::format("no rule threshold '{}'", key));
    return it->second;
}

nlohmann::json Event::to_json() const {
    return {{"t", t_s},
            {"flag", flag},
            {"state", to_string(state)},
            {"message", message},
            {"evidence", evidence}};
}

}  // namespace edgetop::analysis
