#include "commands/rule_options.hpp"

#include <cstdlib>

#include <fmt/format.h>

namespace edgetop {

std::filesystem::path rule_config_path() {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    // The XDG spec says a relative $XDG_CONFIG_HOME is invalid and must be ignored.
    if (xdg && *xdg == '/') return std::filesystem::path(xdg) / "edgetop" / "config";
    const char* home = std::getenv("HOME");
    if (home && *home) return std::filesystem::path(home) / ".config" / "edgetop" / "config";
    return {};
}

std::optional<analysis::RuleConfig> rule_config_from(const cli::Args& args, std::string& error) {
    analysis::RuleConfig config;
    if (auto path = rule_config_path(); !path.empty()) {
        auto loaded = analysis::load_rule_config(path);
        if (loaded.error) {
            error = *loaded.error;
            return std::nullopt;
        }
        config = std::move(loaded.config);
    }
    for (const auto& list : args.global.rules_off) {
        if (auto problem = config.disable(list)) {
            error = fmt::format("--rules-off {}: {}", list, *problem);
            return std::nullopt;
        }
    }
    for (const auto& assignment : args.global.rules) {
        if (auto problem = config.apply_override(assignment)) {
            error = fmt::format("--rule {}: {}", assignment, *problem);
            return std::nullopt;
        }
    }
    return config;
}

}  // namespace edgetop
