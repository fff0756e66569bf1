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

// GR3D value: "40%@305", "22%", "@0", "36%@[1377]", "0%@[305,305]", and JetPack 7's
// "@[1385,1385,1385]" without a load. A bracketed list holds the clocks of the GPU's GPCs: it is
// one GPU, whose clock is the highest GPC clock (a power-gated GPC prints 0, which is not the
// GPU's clock); the one load printed is the GPU's.
struct GpuValue {
    std::optional<double> load_pct;
    std::optional<int64_t> freq_hz;
    std::vector<int64_t> gpc_hz;  // the bracketed list's clocks, in order; empty without brackets
};
std::optional<GpuValue> parse_gpu(std::string_view text);

// An engine value: "off", "174" (MHz), "0%@115", "7%", "@1556" (JetPack 7 "<ENGINE>n_FREQ"), or
// the PVA's per-core loads "[0%,3%]@1215" (JetPack 7), whose load is the mean of the cores: the
// share of the PVA's capacity in use, as the GPU's load is.
struct EngineValue {
    std::optional<bool> online;
    std::optional<int64_t> freq_hz;
    std::optional<double> load_pct;
};
std::optional<EngineValue> parse_engine_value(std::string_view text);

// "cpu@47.687C", "CV0@-256C" (-256 is the power-gated sentinel: temp_c stays absent), and
// JetPack 7's "cpu@47.312C/48.1C" (current/maximum; max_c is the maximum). The name is a view
// into token.
struct Temperature {
    std::string_view name;
    std::optional<double> temp_c;
    std::optional<double> max_c;
};
std::optional<Temperature> parse_temperature(std::string_view token);

// A rail's "current/average" reading: "2801mW/2801mW" (JetPack 5+), "463/463" (JetPack 4,
// milliwatts without the unit), or JetPack 7's "current/average/maximum" "5139mW/5139mW/5139mW".
// Gives the current power in mW; has_max is set for the three-valued form.
struct RailValue {
    double mw = 0;
    bool has_max = false;
};
std::optional<RailValue> parse_rail_value(std::string_view text);

}  // namespace edgetop::tegrastats
