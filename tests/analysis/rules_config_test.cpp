#include "analysis/rules_config.hpp"

#include <sys/stat.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "analysis/rules_catalog.hpp"
#include "orin_samples.hpp"

namespace edgetop::analysis {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(RuleConfig, DefaultsAreTheFindingsThresholds) {
    const RuleConfig config;
    EXPECT_EQ(config.get("cpu_oversubscribed", "busy_cpu_pct"), 50);
    EXPECT_EQ(config.get("cpu_dvfs_throttle", "busy_pct"), 80);
    EXPECT_EQ(config.get("cpu_dvfs_throttle", "freq_ratio_pct"), 90);
    EXPECT_EQ(config.get("cpu_dvfs_throttle", "sustain_s"), 3);
    EXPECT_EQ(config.get("gpu_dvfs_throttle", "sustain_s"), 3);
    EXPECT_EQ(config.get("thermal_throttle", "warn_c"), 85);
    EXPECT_EQ(config.get("power_limit", "sustain_s"), 3);
    EXPECT_EQ(config.get("gpu_starved", "gpu_load_pct"), 40);
    EXPECT_EQ(config.get("gpu_starved", "cpu_busy_pct"), 90);
    EXPECT_EQ(config.get("gpu_starved", "sustain_s"), 5);
    EXPECT_EQ(config.get("emc_saturated", "util_pct"), 90);
    EXPECT_EQ(config.get("emc_saturated", "sustain_s"), 3);
    EXPECT_EQ(config.get("memory_pressure", "available_pct"), 10);
    EXPECT_EQ(config.get("memory_pressure", "swap_rise_pct"), 1);
    EXPECT_EQ(config.get("memory_pressure", "swap_window_s"), 10);
    EXPECT_EQ(config.get("memory_pressure", "sustain_s"), 3);
    EXPECT_EQ(config.get("io_stall", "iowait_pct"), 20);
    EXPECT_EQ(config.get("io_stall", "sustain_s"), 5);
    EXPECT_THROW(config.get("io_stall", "nope"), std::out_of_range);
}

TEST(RuleConfig, SetOverridesOneThreshold) {
    RuleConfig config;
    EXPECT_EQ(config.set("cpu_oversubscribed.busy_cpu_pct", "60"), std::nullopt);
    EXPECT_EQ(config.get("cpu_oversubscribed", "busy_cpu_pct"), 60);
    EXPECT_EQ(config.set(" io_stall.iowait_pct ", " 12.5 "), std::nullopt);
    EXPECT_EQ(config.params("io_stall").get("iowait_pct"), 12.5);
    EXPECT_EQ(config.params("io_stall").get("sustain_s"), 5);  // untouched default
}

TEST(RuleConfig, UnknownRuleIsAnErrorNamingTheKnownRules) {
    RuleConfig config;
    const auto error = config.set("cpu_oversubscribd.busy_cpu_pct", "60");
    ASSERT_TRUE(error);
    EXPECT_THAT(*error, HasSubstr("unknown rule 'cpu_oversubscribd'"));
    EXPECT_THAT(*error, HasSubstr("cpu_oversubscribed"));
    EXPECT_TRUE(config.overrides().empty());
}

TEST(RuleConfig, UnknownKeyIsAnErrorNamingTheRulesKeys) {
    RuleConfig config;
    const auto error = config.set("io_stall.busy_cpu_pct", "60");
    ASSERT_TRUE(error);
    EXPECT_THAT(*error, HasSubstr("unknown key 'busy_cpu_pct' for rule io_stall"));
    EXPECT_THAT(*error, HasSubstr("iowait_pct, psi_io_full_pct, sustain_s, clear_s"));
}

TEST(RuleConfig, BadValuesAreRejected) {
    RuleConfig config;
    for (const char* bad : {"", "abc", "5x", "nan", "inf", "1e999", "0x10", "5 5"}) {
        const auto error = config.set("io_stall.iowait_pct", bad);
        ASSERT_TRUE(error) << bad;
        EXPECT_THAT(*error, HasSubstr("bad value")) << bad;
    }
    EXPECT_THAT(config.set("io_stall.iowait_pct", "150").value_or(""), HasSubstr("out of range"));
    EXPECT_THAT(config.set("io_stall.sustain_s", "-1").value_or(""), HasSubstr("out of range"));
    EXPECT_THAT(config.set("cpu_oversubscribed.count_gpu_holders", "2").value_or(""),
                HasSubstr("out of range [0, 1]"));
    EXPECT_THAT(config.set("io_stall", "3").value_or(""), HasSubstr("is not ID.KEY"));
    EXPECT_TRUE(config.overrides().empty());
}

TEST(RuleConfig, CpuPercentOfAProcessMayExceedOneCore) {
    RuleConfig config;
    EXPECT_EQ(config.set("cpu_oversubscribed.busy_cpu_pct", "150"), std::nullopt);
}

TEST(RuleConfig, ApplyOverrideTakesTheCommandLineForm) {
    RuleConfig config;
    EXPECT_EQ(config.apply_override("power_limit.budget_w=25"), std::nullopt);
    EXPECT_EQ(config.get("power_limit", "budget_w"), 25);
    EXPECT_THAT(config.apply_override("power_limit.budget_w").value_or(""),
                HasSubstr("is not ID.KEY=VALUE"));
    EXPECT_THAT(config.apply_override("power_limit.budget_w=lots").value_or(""),
                HasSubstr("bad value 'lots'"));
}

TEST(RuleConfig, DisableTakesACommaListAndRejectsUnknownIds) {
    RuleConfig config;
    EXPECT_EQ(config.disable("io_stall, emc_saturated,"), std::nullopt);
    EXPECT_FALSE(config.enabled("io_stall"));
    EXPECT_FALSE(config.enabled("emc_saturated"));
    EXPECT_TRUE(config.enabled("gpu_starved"));
    EXPECT_THAT(config.disable("gpu_starved,io_stal").value_or(""),
                HasSubstr("unknown rule 'io_stal'"));
    EXPECT_TRUE(config.enabled("gpu_starved"));  // nothing from a bad list is applied
}

TEST(RuleConfigFile, ParsesSettingsCommentsAndRulesOff) {
    RuleConfig config;
    const auto error = parse_rule_config(
        "# edgetop rules\n"
        "\n"
        "cpu_oversubscribed.busy_cpu_pct = 60   # our loaders idle at 40 %\n"
        "  thermal_throttle.warn_c=80\r\n"
        "rules_off = io_stall,emc_saturated\n",
        config);
    EXPECT_EQ(error, std::nullopt);
    EXPECT_EQ(config.get("cpu_oversubscribed", "busy_cpu_pct"), 60);
    EXPECT_EQ(config.get("thermal_throttle", "warn_c"), 80);
    EXPECT_EQ(config.disabled(), (std::set<std::string>{"emc_saturated", "io_stall"}));
}

TEST(RuleConfigFile, ErrorsNameTheLine) {
    RuleConfig config;
    EXPECT_EQ(parse_rule_config("# ok\nio_stall.iowait_pct = 30\nio_stall.iowait = 30\n", config),
              "line 3: unknown key 'iowait' for rule io_stall (keys: iowait_pct, psi_io_full_pct, "
              "sustain_s, clear_s)");
    EXPECT_THAT(parse_rule_config("\n\njust words\n", config).value_or(""),
                StartsWith("line 3: expected 'ID.KEY = VALUE'"));
    EXPECT_THAT(parse_rule_config("rules_off = nothing_like_this", config).value_or(""),
                StartsWith("line 1: unknown rule 'nothing_like_this'"));
    EXPECT_THAT(parse_rule_config("io_stall.iowait_pct = ", config).value_or(""),
                StartsWith("line 1: bad value ''"));
}

class RuleConfigFileOnDisk : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("edgetop-rules-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::filesystem::path write(const std::string& text) {
        const auto path = dir_ / "config";
        std::ofstream(path) << text;
        return path;
    }
    std::filesystem::path dir_;
};

TEST_F(RuleConfigFileOnDisk, LoadsAFile) {
    const auto load =
        load_rule_config(write("gpu_starved.gpu_load_pct = 30\nrules_off=io_stall\n"));
    EXPECT_EQ(load.error, std::nullopt);
    EXPECT_EQ(load.config.get("gpu_starved", "gpu_load_pct"), 30);
    EXPECT_FALSE(load.config.enabled("io_stall"));
}

TEST_F(RuleConfigFileOnDisk, ErrorCarriesPathAndLineAndNoPartialConfig) {
    const auto path = write("gpu_starved.gpu_load_pct = 30\nbogus.key = 1\n");
    const auto load = load_rule_config(path);
    EXPECT_EQ(load.error, path.string() + ": line 2: unknown rule 'bogus' (rules: " +
                              "cpu_oversubscribed, cpu_dvfs_throttle, gpu_dvfs_throttle, "
                              "thermal_throttle, power_limit, gpu_starved, emc_saturated, "
                              "memory_pressure, io_stall, cpu_quota_throttle, power_mode_cap, "
                              "super_mode_no_firmware)");
    EXPECT_EQ(load.config.get("gpu_starved", "gpu_load_pct"), 40);
}

TEST_F(RuleConfigFileOnDisk, MissingFileIsDefaultsOrAnErrorAsAsked) {
    const auto missing = dir_ / "absent";
    const auto defaults = load_rule_config(missing);
    EXPECT_EQ(defaults.error, std::nullopt);
    EXPECT_TRUE(defaults.config.overrides().empty());
    EXPECT_EQ(load_rule_config(missing, IfMissing::error).error,
              missing.string() + ": cannot read: no such file");
    EXPECT_EQ(load_rule_config(dir_).error, dir_.string() + ": cannot read: is a directory");
}

// Without the checks a FIFO blocks the open forever and /dev/zero grows memory without bound.
TEST_F(RuleConfigFileOnDisk, FifoDeviceAndHugeFilesAreRefusedWithTheReason) {
    const auto fifo = dir_ / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
    EXPECT_EQ(load_rule_config(fifo).error, fifo.string() + ": cannot read: not a regular file");
    const auto zero = dir_ / "zero";
    std::filesystem::create_symlink("/dev/zero", zero);
    EXPECT_EQ(load_rule_config(zero).error, zero.string() + ": cannot read: not a regular file");
    std::string huge;
    while (huge.size() <= kMaxRuleConfigBytes)
        huge += "# a comment line that makes the file grow past its cap\n";
    EXPECT_EQ(load_rule_config(write(huge)).error,
              (dir_ / "config").string() + ": cannot read: larger than " +
                  std::to_string(kMaxRuleConfigBytes) + " bytes");
}

TEST_F(RuleConfigFileOnDisk, EmptyAndGarbageFiles) {
    EXPECT_EQ(load_rule_config(write("")).error, std::nullopt);
    EXPECT_THAT(load_rule_config(write(std::string("\x01\xff\x00zz", 5))).error.value_or(""),
                HasSubstr("line 1: expected"));
}

TEST(RuleTable, ListsEveryRuleWithHysteresisKeysUnitsAndDescriptions) {
    const auto rows = rule_table();
    std::set<std::string> rules;
    for (const auto& row : rows) {
        rules.insert(row.rule);
        EXPECT_FALSE(row.unit.empty()) << row.rule << "." << row.key;
        EXPECT_FALSE(row.description.empty()) << row.rule << "." << row.key;
        const RuleConfig defaults;
        EXPECT_EQ(std::stod(row.default_value), defaults.get(row.rule, row.key));
    }
    EXPECT_EQ(rules, (std::set<std::string>{"cpu_oversubscribed", "cpu_dvfs_throttle",
                                            "gpu_dvfs_throttle", "thermal_throttle", "power_limit",
                                            "gpu_starved", "emc_saturated", "memory_pressure",
                                            "io_stall", "cpu_quota_throttle", "power_mode_cap",
                                            "super_mode_no_firmware"}));
    for (const auto& rule : rule_catalog()) {
        EXPECT_TRUE(rule.find_param("sustain_s")) << rule.id;
        EXPECT_TRUE(rule.find_param("clear_s")) << rule.id;
        EXPECT_TRUE(rule.evaluate) << rule.id;
    }
    EXPECT_EQ(find_rule("power_mode_cap")->severity, Severity::info);
    EXPECT_THAT(format_rule_table(), HasSubstr("cpu_oversubscribed.busy_cpu_pct"));
    EXPECT_THAT(format_rule_table(), HasSubstr("memory_pressure.swap_window_s"));
}

// The board cutting its own clocks or running out of memory is critical; a bottleneck of the
// work's own making is a warning; the power mode's caps are information.
TEST(RuleCatalog, SeverityOfEachRule) {
    std::map<std::string, std::string> severities;
    for (const auto& rule : rule_catalog())
        severities[rule.id] = std::string(to_string(rule.severity));
    EXPECT_EQ(severities, (std::map<std::string, std::string>{{"cpu_oversubscribed", "warning"},
                                                              {"cpu_dvfs_throttle", "warning"},
                                                              {"gpu_dvfs_throttle", "warning"},
                                                              {"thermal_throttle", "critical"},
                                                              {"power_limit", "critical"},
                                                              {"gpu_starved", "warning"},
                                                              {"emc_saturated", "warning"},
                                                              {"memory_pressure", "critical"},
                                                              {"io_stall", "warning"},
                                                              {"cpu_quota_throttle", "warning"},
                                                              {"power_mode_cap", "info"},
                                                              {"super_mode_no_firmware", "info"}}));
}

TEST(RulesOff, ASwitchedOffRuleIsNeverEvaluatedNorRaised) {
    RuleConfig config;
    ASSERT_EQ(config.disable("io_stall"), std::nullopt);
    Analyzer analyzer(testing::orin_board(), config);
    const auto run = testing::feed(analyzer, 0, 20, 1, [](double t) {
        Sample s = testing::orin_idle(t);
        s.cpu.iowait_pct = 60;
        return s;
    });
    EXPECT_TRUE(testing::events_of(run.events, "io_stall").empty());
    const auto state = testing::state_of(analyzer, "io_stall");
    EXPECT_FALSE(state.enabled);
    EXPECT_FALSE(state.raised);
    EXPECT_EQ(state.inactive_reason, "switched off");

    Analyzer enabled(testing::orin_board());
    const auto on = testing::feed(enabled, 0, 20, 1, [](double t) {
        Sample s = testing::orin_idle(t);
        s.cpu.iowait_pct = 60;
        return s;
    });
    EXPECT_EQ(testing::events_of(on.events, "io_stall").size(), 1u);
}

}  // namespace
}  // namespace edgetop::analysis
