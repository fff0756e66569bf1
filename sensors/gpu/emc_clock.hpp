// External memory controller (EMC) utilisation from the activity monitor, exposed for tests.
#pragma once

#include <cstdint>
#include <optional>

namespace edgetop {

// EMC utilisation in percent from an activity monitor reading in kHz and the EMC clock in Hz.
//
// The activity monitor reports the average *active* frequency of all memory clients in kHz:
// NVIDIA's L4T kernel driver drivers/platform/tegra/actmon (actmon_common.c: avgactv_show prints
// actmon_dev_avg_freq_get(), the "avg" it logs in kHz) serves /sys/kernel/actmon_avg_activity/
// mc_all, and the JetPack 6 cactmon driver computes debugfs cactmon/mc_all as
// avg_count * 1000 / sample_period_usec, i.e. counts per millisecond = kHz. So the busy share of
// the clock is mc_all / (rate / 1000) and the percentage is 100 times that. jetson-stats shows
// mc_all // cur_kHz (integer division, no factor 100) and therefore always 0 % (jetson_stats
// issue #715; NVIDIA forum thread 107479 "Real-time EMC bandwidth with sysfs" is its source).
// Returns nullopt for an unusable reading; clamps to [0, 100] because the averaged activity can
// briefly exceed a clock that was just lowered.
std::optional<double> emc_util_pct(std::optional<int64_t> mc_all_khz,
                                   std::optional<int64_t> emc_rate_hz);

}  // namespace edgetop
