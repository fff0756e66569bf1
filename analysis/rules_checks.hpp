// The condition of each bottleneck rule, as a pure function of the recent samples and the board.
// Thresholds come from RuleInput::params (see rules_catalog.cpp for keys and defaults).
#pragma once

#include "analysis/rules_types.hpp"

namespace edgetop::analysis {

RuleResult check_cpu_oversubscribed(const RuleInput& in);
RuleResult check_cpu_dvfs_throttle(const RuleInput& in);
RuleResult check_gpu_dvfs_throttle(const RuleInput& in);
RuleResult check_power_mode_cap(const RuleInput& in);
RuleResult check_thermal_throttle(const RuleInput& in);
RuleResult check_power_limit(const RuleInput& in);
RuleResult check_gpu_starved(const RuleInput& in);
RuleResult check_emc_saturated(const RuleInput& in);
RuleResult check_memory_pressure(const RuleInput& in);
RuleResult check_io_stall(const RuleInput& in);
RuleResult check_super_mode_no_firmware(const RuleInput& in);
RuleResult check_cpu_quota_throttle(const RuleInput& in);

}  // namespace edgetop::analysis
