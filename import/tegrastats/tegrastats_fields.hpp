// Parsers for the value part of each tegrastats field. Each takes the token text after the field
// name and either fills the model (converting units exactly) or returns false when the text is not
// in any format tegrastats prints.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop::tegrastats {

// "6589/30587MB" (unit "MB", mebibytes) or "0/252kB" (unit "kB"), in kB.
struct UsedTotal {
    int64_t used_kb = 0, total_kb = 0;
};
std::optional<UsedTotal> parse_used_total(std::string_view text, std::string_view unit);

// "4MB", "128kB", "252kB" in kB (tegrastats' MB are MiB: x1024).
std::optional<int64_t> parse_size_kb(std::string_view text);

// Largest free block "459x4MB" / "2x128kB" into mem.lfb_blocks / lfb_block_kb.
bool parse_lfb(std::string_view text, MemSample& mem);

// CPU list "[2%@1036,off,5%,...]" with an optional "@MHz" after the bracket (pre-R28.2 format:
// "[0%,1%]@1734", one clock for all cores).
bool parse_cpu_list(std::string_view text, CpuSample& cpu);

// Load and clock "13%@2133", "0%", "@3199" (MHz) into a percentage and Hz.
struct LoadClock {
    std::optional<double> load_pct;
    std::optional<int64_t> freq_hz;
};
std::optional<LoadClock> parse_load_clock(std::string_view text);

// GR3D value: "40%@305", "22%", "@0", "36%@[1377]", "0%@[305,305]". Each clock (GPC) becomes one
// GpuSample named first_name, then first_name + "2", "3"...; the single load applies to each.
bool parse_gpu(std::string_view text, std::string_view first_name, std::vector<GpuSample>& gpus);

// An engine value: "off", "174" (MHz), "0%@115" or "7%" (a load the model has no field for).
struct EngineValue {
    std::optional<bool> online;
    std::optional<int64_t> freq_hz;
    bool has_load = false;
};
std::optional<EngineValue> parse_engine_value(std::string_view text);

// "cpu@47.687C", "CV0@-256C" (-256 is the power-gated sentinel: temp_c stays absent). The name
// is a view into token.
struct Temperature {
    std::string_view name;
    std::optional<double> temp_c;
};
std::optional<Temperature> parse_temperature(std::string_view token);

// A rail's "current/average" reading: "2801mW/2801mW" (JetPack 5+) or "463/463" (JetPack 4,
// milliwatts without the unit). Gives the current power in mW.
std::optional<double> parse_rail_value(std::string_view text);

}  // namespace edgetop::tegrastats
