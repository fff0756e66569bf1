// The live SampleFeed over a Sampler. Header-only on purpose: edgetop_tui does not link the
// sampler library, so this code is compiled where the Sampler is (the app, tests).
#pragma once

#include "sensors/sampler/sampler.hpp"
#include "tui/feed.hpp"

namespace edgetop::tui {

class LiveFeed : public SampleFeed {
  public:
    explicit LiveFeed(Sampler& sampler) : sampler_(sampler) {}

    const Sample* next() override {
        const Sample& sample = sampler_.sample();
        last_t_s_ = sample.t_s;
        return &sample;
    }
    const Board& board() const override { return sampler_.board(); }
    std::vector<SourceStatus> status() const override { return sampler_.status(); }
    bool is_replay() const override { return false; }
    double session_time_s() const override { return last_t_s_; }

  private:
    Sampler& sampler_;
    double last_t_s_ = 0;
};

}  // namespace edgetop::tui
