// The man page with its generated sections put in: what `make man` writes to man/edgetop.1 and
// what the man-page test compares it with.
#include <string>

#include "cli/cli_man.hpp"

namespace edgetop::cli {

namespace {

// Where `.SH NAME` starts and where the next `.SH` starts (npos, npos when it is missing).
std::pair<std::size_t, std::size_t> section_bounds(const std::string& page,
                                                   const std::string& name) {
    std::size_t start = page.find("\n.SH " + name + "\n");
    if (start == std::string::npos) return {start, start};
    ++start;
    std::size_t end = page.find("\n.SH ", start);
    return {start, end == std::string::npos ? page.size() : end + 1};
}

}  // namespace

std::string man_section(const std::string& page, const std::string& name) {
    auto [start, end] = section_bounds(page, name);
    return start == std::string::npos ? std::string() : page.substr(start, end - start);
}

std::optional<std::string> with_generated_sections(std::string page) {
    for (const auto& [name, generated] :
         {std::pair{"COMMANDS", man_commands_section()},
          std::pair{"OPTIONS", man_options_section()}, std::pair{"RULES", man_rules_section()}}) {
        auto [start, end] = section_bounds(page, name);
        if (start == std::string::npos) return std::nullopt;
        page.replace(start, end - start, generated);
    }
    return page;
}

}  // namespace edgetop::cli
