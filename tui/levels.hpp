// How loaded, hot or capped a value is, named in one place so that every bar, graph and number of
// the view agrees: good (green), warn (yellow), crit (red).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "edgetop/board.hpp"

namespace edgetop::tui {

enum class Level { good, warn, crit };

// Utilisation (CPU, GPU, EMC, RAM): warn from 60 %, crit from 85 %. A core at 60 % is busy but
// keeps up; above 85 % queues form and a sampled peak is likely saturation.
inline constexpr double kUtilWarnPct = 60;
inline constexpr double kUtilCritPct = 85;

// Temperature against the zone's own trip points. passive: the kernel starts lowering clocks
// there (crit), warn from 15 °C below. Without a passive trip, against critical/hot (the board
// shuts down there): crit from 10 °C below, warn from 25 °C below. Without trips, fixed values.
inline constexpr double kTempPassiveWarnMarginC = 15;
inline constexpr double kTempCriticalCritMarginC = 10;
inline constexpr double kTempCriticalWarnMarginC = 25;
inline constexpr double kTempDefaultWarnC = 70;
inline constexpr double kTempDefaultCritC = 85;

// A clock within 2 % of the power-mode cap runs at the cap (the frequency tables step in tens of
// MHz, so a clock set to the cap reads a little under it on some boards).
inline constexpr double kClockAtCapRatio = 0.98;

// One process's resident memory against the machine's RAM: warn from 10 %, crit from 25 %. On a
// Jetson the GPU shares that RAM, so one process holding a quarter of it is the likely cause of
// memory pressure and the OOM killer's first pick.
inline constexpr double kProcessRssWarnPct = 10;
inline constexpr double kProcessRssCritPct = 25;

Level util_level(double pct);
// good where either figure is unknown.
Level process_rss_level(std::optional<int64_t> rss_kb, std::optional<int64_t> total_kb);
Level temp_level(double temp_c, const std::vector<TripPoint>& trips);
// warn: held at a power-mode cap that sits below the hardware maximum (the mode, not the load,
// limits the clock); good otherwise, and where the cap or the hardware maximum is unknown.
Level clock_level(std::optional<int64_t> freq, std::optional<int64_t> cap,
                  std::optional<int64_t> hw_max);
// Where the cap sits on a bar running to the hardware maximum (0..1); nullopt when there is no
// cap below the maximum to show.
std::optional<double> cap_fraction(std::optional<int64_t> cap, std::optional<int64_t> hw_max);
// A zone's temperature against the trip points the board describes for it (defaults without).
Level zone_temp_level(const Board& board, const std::string& zone, double temp_c);
// The marker that says the level without colour: ' ' (good), '+' (warn), '!' (crit).
char level_marker(Level level);
// text followed by the level's marker where the level is not good: "99.5 °C!".
std::string with_marker(std::string text, Level level);

}  // namespace edgetop::tui
