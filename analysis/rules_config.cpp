#include "analysis/rules_config.hpp"

#include <fmt/format.h>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "analysis/rules_catalog.hpp"
#include "edgetop/numbers.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop::analysis {
namespace {

std::optional<double> parse_number(std::string_view text) {
    double value = 0;
    const auto* end = text.data() + text.size();
    auto [ptr, ec] = numbers::from_chars(text.data(), end, value);
    if (ec != std::errc{} || ptr != end || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::string known_ids() {
    std::string out;
    for (const auto& rule : rule_catalog())
        out += (out.empty() ? "" : ", ") + rule.id;
    return out;
}

std::string known_keys(const RuleInfo& rule) {
    std::string out;
    for (const auto& p : rule.params)
        out += (out.empty() ? "" : ", ") + p.key;
    return out;
}

}  // namespace

std::optional<std::string> RuleConfig::set(std::string_view dotted_key, std::string_view value) {
    dotted_key = trim(dotted_key);
    value = trim(value);
    const auto dot = dotted_key.find('.');
    if (dot == std::string_view::npos)
        return fmt::format("'{}' is not ID.KEY (e.g. cpu_oversubscribed.busy_cpu_pct)", dotted_key);
    const auto id = dotted_key.substr(0, dot);
    const auto key = dotted_key.substr(dot + 1);
    const RuleInfo* rule = find_rule(id);
    if (!rule) return fmt::format("unknown rule '{}' (rules: {})", id, known_ids());
    const RuleParam* param = rule->find_param(key);
    if (!param)
        return fmt::format("unknown key '{}' for rule {} (keys: {})", key, id, known_keys(*rule));
    const auto number = parse_number(value);
    if (!number)
        return fmt::format("bad value '{}' for {}: expected a number in {}", value, dotted_key,
                           param->unit);
    if (*number < param->min || *number > param->max)
        return fmt::format("value {} for {} is out of range [{:g}, {:g}] {}", value, dotted_key,
                           param->min, param->max, param->unit);
    overrides_[std::string(dotted_key)] = *number;
    return std::nullopt;
}

std::optional<std::string> RuleConfig::apply_override(std::string_view assignment) {
    const auto eq = assignment.find('=');
    if (eq == std::string_view::npos)
        return fmt::format("'{}' is not ID.KEY=VALUE", trim(assignment));
    return set(assignment.substr(0, eq), assignment.substr(eq + 1));
}

std::optional<std::string> RuleConfig::disable(std::string_view id_list) {
    std::set<std::string> ids;
    while (true) {
        const auto comma = id_list.find(',');
        const auto id = trim(id_list.substr(0, comma));
        if (!id.empty()) {
            if (!find_rule(id))
                return fmt::format("unknown rule '{}' (rules: {})", id, known_ids());
            ids.emplace(id);
        }
        if (comma == std::string_view::npos) break;
        id_list.remove_prefix(comma + 1);
    }
    off_.merge(ids);
    return std::nullopt;
}

std::vector<std::string> RuleConfig::enabled_ids() const {
    std::vector<std::string> ids;
    for (const auto& rule : rule_catalog())
        if (enabled(rule.id)) ids.push_back(rule.id);
    return ids;
}

double RuleConfig::get(std::string_view id, std::string_view key) const {
    const RuleInfo* rule = find_rule(id);
    const RuleParam* param = rule ? rule->find_param(key) : nullptr;
    if (!param) throw std::out_of_range(fmt::format("no rule threshold {}.{}", id, key));
    const auto it = overrides_.find(fmt::format("{}.{}", id, key));
    return it == overrides_.end() ? param->default_value : it->second;
}

ParamValues RuleConfig::params(std::string_view id) const {
    std::map<std::string, double, std::less<>> values;
    if (const RuleInfo* rule = find_rule(id))
        for (const auto& p : rule->params)
            values[p.key] = get(id, p.key);
    return ParamValues(std::move(values));
}

std::optional<std::string> parse_rule_config(std::string_view text, RuleConfig& config) {
    int line_number = 0;
    while (!text.empty()) {
        ++line_number;
        std::string_view line = next_line(text);
        if (const auto hash = line.find('#'); hash != std::string_view::npos)
            line = line.substr(0, hash);
        line = trim(line);
        if (line.empty()) continue;
        const auto eq = line.find('=');
        if (eq == std::string_view::npos)
            return fmt::format(
                "line {}: expected 'ID.KEY = VALUE' or 'rules_off = ID,...', got "
                "'{}'",
                line_number, line);
        const auto name = trim(line.substr(0, eq));
        const auto value = line.substr(eq + 1);
        const auto error = name == "rules_off" ? config.disable(value) : config.set(name, value);
        if (error) return fmt::format("line {}: {}", line_number, *error);
    }
    return std::nullopt;
}

RuleConfigLoad load_rule_config(const std::filesystem::path& path, IfMissing if_missing) {
    RuleConfigLoad result;
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (status.type() == std::filesystem::file_type::not_found) {
        if (if_missing == IfMissing::error)
            result.error = fmt::format("{}: cannot read: no such file", path.string());
        return result;
    }
    if (status.type() == std::filesystem::file_type::directory) {
        result.error = fmt::format("{}: cannot read: is a directory", path.string());
        return result;
    }
    // A FIFO or a /dev/zero link would block or never end: only a regular file of bounded size.
    auto file = read_whole_file(path.string(), kMaxRuleConfigBytes, FileAccess::user);
    if (!file.text) {
        result.error = fmt::format("{}: cannot read: {}", path.string(), file.problem);
        return result;
    }
    if (auto error = parse_rule_config(*file.text, result.config)) {
        result.config = RuleConfig{};
        result.error = fmt::format("{}: {}", path.string(), *error);
    }
    return result;
}

}  // namespace edgetop::analysis
