#include "sensors/cpu/cpu_proc_stat.hpp"

#include <array>
#include <charconv>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {
namespace {

// A tick counter above this is garbage (2^60 jiffies at 1000 Hz is 36 million years) and would let
// the sum of eight counters overflow.
constexpr uint64_t kMaxTicks = uint64_t{1} << 60;

std::optional<uint64_t> parse_u64(std::string_view token) {
    uint64_t value = 0;
    auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size() || token.empty()) return {};
    return value;
}

std::optional<int> parse_core_id(std::string_view label) {
    // label is "cpuN"
    int id = -1;
    std::string_view digits = label.substr(3);
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty() || id < 0)
        return {};
    return id;
}

}  // namespace

std::optional<CpuTicks> parse_cpu_ticks(std::string_view fields) {
    std::array<uint64_t, 8> values{};
    size_t count = 0;
    for (std::string_view token = next_token(fields); !token.empty() && count < values.size();
         token = next_token(fields)) {
        auto value = parse_u64(token);
        if (!value || *value > kMaxTicks) return std::nullopt;
        values[count++] = *value;
    }
    if (count < 4) return std::nullopt;
    CpuTicks ticks;
    ticks.user = values[0];
    ticks.nice = values[1];
    ticks.system = values[2];
    ticks.idle = values[3];
    ticks.iowait = values[4];
    ticks.irq = values[5];
    ticks.softirq = values[6];
    ticks.steal = values[7];
    return ticks;
}

void parse_proc_stat(std::string_view text, ProcStat& out) {
    out.total.reset();
    out.cores.clear();
    out.ctxt.reset();
    out.procs_running.reset();
    out.procs_blocked.reset();
    while (!text.empty()) {
        std::string_view rest = next_line(text);
        std::string_view label = next_token(rest);
        if (label == "cpu") {
            out.total = parse_cpu_ticks(rest);
        } else if (label.starts_with("cpu")) {
            auto id = parse_core_id(label);
            auto ticks = parse_cpu_ticks(rest);
            if (id && ticks) out.cores.push_back({*id, *ticks});
        } else if (label == "ctxt") {
            out.ctxt = parse_u64(trim(rest));
        } else if (label == "procs_running") {
            out.procs_running = parse_int(rest);
            if (out.procs_running && *out.procs_running < 0) out.procs_running.reset();
        } else if (label == "procs_blocked") {
            out.procs_blocked = parse_int(rest);
            if (out.procs_blocked && *out.procs_blocked < 0) out.procs_blocked.reset();
        }
    }
}

}  // namespace edgetop
