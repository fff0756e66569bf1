// libFuzzer target: arbitrary bytes as the rule config file ($XDG_CONFIG_HOME/edgetop/config) and
// as --rule / --rules-off arguments. Built and run by run_fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "analysis/rules_catalog.hpp"
#include "analysis/rules_config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    edgetop::analysis::RuleConfig config;
    if (!edgetop::analysis::parse_rule_config(text, config)) {
        for (const auto& id : config.enabled_ids())
            (void)config.params(id);
    }
    edgetop::analysis::RuleConfig flags;
    (void)flags.apply_override(text);
    (void)flags.disable(text);
    return 0;
}
