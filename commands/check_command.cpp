#include <cstdio>

#include "commands/commands.hpp"
#include "sensors/sampler/sampler.hpp"
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

int run_check(const cli::Args& args) {
    Sampler sampler{Root(args.global.root)};
    std::string text = format_check(sampler.status());
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

}  // namespace edgetop
