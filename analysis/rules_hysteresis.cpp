#include "analysis/rules_hysteresis.hpp"

namespace edgetop::analysis {
namespace {

// Sample times are sums of measured intervals; without a little slack a 3 s sustain sampled
// every 0.1 s could need a 31st sample.
constexpr double kTimeSlackS = 1e-6;

}  // namespace

Transition Hysteresis::update(double t_s, bool holds) {
    if (holds) {
        false_since_s_.reset();
        if (!holding_since_s_) holding_since_s_ = t_s;
        if (!raised_ && t_s - *holding_since_s_ + kTimeSlackS >= sustain_s_) {
            raised_ = true;
            raised_since_s_ = t_s;
            return Transition::raised;
        }
        return Transition::none;
    }
    holding_since_s_.reset();
    if (!false_since_s_) false_since_s_ = t_s;
    if (raised_ && t_s - *false_since_s_ + kTimeSlackS >= clear_s_) {
        raised_ = false;
        raised_since_s_.reset();
        return Transition::cleared;
    }
    return Transition::none;
}

void Hysteresis::reset() {
    raised_ = false;
    raised_since_s_.reset();
    holding_since_s_.reset();
    false_since_s_.reset();
}

}  // namespace edgetop::analysis
