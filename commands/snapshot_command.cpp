#include <time.h>

#include <cstdio>

#include "commands/commands.hpp"
#include "commands/snapshot_text.hpp"
#include "sensors/sampler/sampler.hpp"

namespace edgetop {

namespace {

// Utilisation and rates need two readings; this far apart they are meaningful.
constexpr long kSecondReadingAfterNs = 250'000'000;

}  // namespace

const Sample& snapshot_sample(Sampler& sampler) {
    sampler.sample();
    timespec pause{0, kSecondReadingAfterNs};
    while (clock_nanosleep(CLOCK_MONOTONIC, 0, &pause, &pause) != 0) {
    }
    return sampler.sample();
}

int run_snapshot(const cli::Args& args) {
    Sampler sampler{Root(args.global.root)};
    std::string text = format_snapshot(snapshot_sample(sampler), sampler.board());
    std::fwrite(text.data(), 1, text.size(), stdout);
    if (std::fflush(stdout) != 0) {
        std::perror("edgetop: standard output");
        return 1;
    }
    return 0;
}

}  // namespace edgetop
