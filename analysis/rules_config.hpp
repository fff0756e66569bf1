// Overrides of rule thresholds and the set of rules switched off, from --rule ID.KEY=VALUE,
// --rules-off ID,... and the config file ($XDG_CONFIG_HOME/edgetop/config, resolved by the app).
//
// Config file format, one setting a line:
//   # comment                      (also after a value: "x.y = 3  # why")
//   cpu_oversubscribed.busy_cpu_pct = 60
//   rules_off = io_stall, emc_saturated
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/rules_types.hpp"

namespace edgetop::analysis {

class RuleConfig {
  public:
    // "ID.KEY", "VALUE" -> nullopt, or a one-line error naming the unknown rule, unknown key
    // (with the keys that rule has) or bad value (with the accepted range).
    std::optional<std::string> set(std::string_view dotted_key, std::string_view value);
    // "ID.KEY=VALUE" as given to --rule.
    std::optional<std::string> apply_override(std::string_view assignment);
    // "id1,id2" as given to --rules-off or the rules_off setting; adds to the set.
    std::optional<std::string> disable(std::string_view id_list);

    bool enabled(std::string_view id) const { return !off_.contains(std::string(id)); }
    const std::set<std::string>& disabled() const { return off_; }
    // The ids of the catalog's rules that are not disabled, in catalog order.
    std::vector<std::string> enabled_ids() const;
    // The value in force: the override, else the catalog default. Unknown id/key is a bug: throws.
    double get(std::string_view id, std::string_view key) const;
    // Every threshold of one rule, defaults filled in.
    ParamValues params(std::string_view id) const;
    const std::map<std::string, double, std::less<>>& overrides() const { return overrides_; }

  private:
    std::map<std::string, double, std::less<>> overrides_;  // "id.key" -> value
    std::set<std::string> off_;
};

// Applies every line of a config file's text to `config`. Error: "line N: ..." (first bad line).
std::optional<std::string> parse_rule_config(std::string_view text, RuleConfig& config);

enum class IfMissing { use_defaults, error };

// A config file is a few dozen lines; anything larger than this is refused, not read.
inline constexpr size_t kMaxRuleConfigBytes = 256 * 1024;

struct RuleConfigLoad {
    RuleConfig config;
    std::optional<std::string> error;  // "PATH: line N: ..." or "PATH: cannot read: ..."
};
// Reads and parses a config file. A missing file gives the defaults when if_missing says so (the
// default location need not exist), otherwise an error.
RuleConfigLoad load_rule_config(const std::filesystem::path& path,
                                IfMissing if_missing = IfMissing::use_defaults);

}  // namespace edgetop::analysis
