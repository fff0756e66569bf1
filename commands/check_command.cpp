#include <cstdio>

#include "analysis/super_mode.hpp"
#include "commands/commands.hpp"
#include "sensors/sampler/sampler.hpp"
#include "text/text_escape.hpp"
#include "text/text_table.hpp"

namespace edgetop {

std::string format_check(const std::vector<SourceStatus>& statuses) {
    TextTable table;
    for (const auto& s : statuses) {
        std::string detail = s.path;
        if (!s.hint.empty()) detail += detail.empty() ? s.hint : " (" + s.hint + ")";
        table.add_row({s.name, to_string(s.state), detail});
    }
    return table.render();
}

namespace {

// What the sources found that is wrong with the board itself, one "warning: ..." line each: a
// Super power mode whose GPU clocks the firmware does not offer.
std::string board_warnings(const Board& board, const Sample& sample) {
    auto clocks = analysis::super_mode_clocks(board, sample.gpu);
    if (!clocks.short_of_cap) return {};
    return "\nwarning: " + text::terminal_safe(clocks.message()) + "\n";
}

}  // namespace

int run_check(const cli::Args& args) {
    Sampler sampler{Root(args.global.root)};
    std::string text = format_check(sampler.status());
    // One sample: the GPU's frequency table is read by its source, not at discovery's status.
    text += board_warnings(sampler.board(), sampler.sample());
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

}  // namespace edgetop
