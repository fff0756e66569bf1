#include "sensors/groups/cgroup_counters.hpp"

#include <cstdint>

#include "sensors/core/psi_text.hpp"
#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {

// io.stat and blkio list every device; a sysfs page holds a few dozen.
constexpr size_t kMaxTableBytes = 65536;
// v1 writes "no limit" as PAGE_COUNTER_MAX pages in bytes (9223372036854771712 with 4 kB pages);
// no real limit comes near 2^62 bytes.
constexpr uint64_t kNoLimitBytes = uint64_t{1} << 62;

std::optional<uint64_t> to_unsigned(std::string_view token) {
    auto value = parse_int(token);
    if (!value || *value < 0) return std::nullopt;
    return static_cast<uint64_t>(*value);
}

std::optional<std::string> read_file(const std::string& dir, std::string_view name) {
    if (dir.empty()) return std::nullopt;
    return read_text_file(dir + "/" + std::string(name), kMaxTableBytes);
}

std::optional<int64_t> kb_of(std::optional<uint64_t> bytes) {
    if (!bytes) return std::nullopt;
    return static_cast<int64_t>(*bytes / 1024);
}

void read_pressure(const std::string& dir, GroupSample& group) {
    if (auto text = read_file(dir, "cpu.pressure"))
        group.cpu_some_pct = parse_psi_avg10(*text, "some");
    if (auto text = read_file(dir, "memory.pressure")) {
        group.memory_some_pct = parse_psi_avg10(*text, "some");
        group.memory_full_pct = parse_psi_avg10(*text, "full");
    }
    if (auto text = read_file(dir, "io.pressure")) {
        group.io_some_pct = parse_psi_avg10(*text, "some");
        group.io_full_pct = parse_psi_avg10(*text, "full");
    }
}

void set_io(std::optional<std::pair<uint64_t, uint64_t>> bytes, GroupSample& group) {
    if (!bytes) return;
    group.io_read_bytes_total = bytes->first;
    group.io_written_bytes_total = bytes->second;
}

void read_v2(const std::string& dir, GroupSample& group) {
    if (auto text = read_file(dir, "cpu.stat")) {
        if (auto usec = keyed_value(*text, "usage_usec")) group.cpu_usage_ns_total = *usec * 1000;
        if (auto n = keyed_value(*text, "nr_periods")) group.periods = static_cast<int64_t>(*n);
        if (auto n = keyed_value(*text, "nr_throttled"))
            group.throttled_periods = static_cast<int64_t>(*n);
        if (auto usec = keyed_value(*text, "throttled_usec"))
            group.throttled_s = static_cast<double>(*usec) / 1e6;
    }
    if (auto text = read_file(dir, "cpu.max")) group.cpu_limit_pct = parse_cpu_max(*text);
    if (auto text = read_file(dir, "memory.current")) group.memory_kb = kb_of(to_unsigned(*text));
    if (auto text = read_file(dir, "memory.max"))
        group.memory_limit_kb = parse_memory_limit_kb(*text);
    if (auto text = read_file(dir, "memory.events"))
        if (auto n = keyed_value(*text, "oom_kill")) group.oom_kills = static_cast<int64_t>(*n);
    if (auto text = read_file(dir, "io.stat")) set_io(parse_io_stat(*text), group);
    if (auto text = read_file(dir, "pids.current"))
        if (auto n = to_unsigned(*text)) group.pids = static_cast<int64_t>(*n);
    read_pressure(dir, group);
}

void read_v1(const CgroupDirs& dirs, GroupSample& group) {
    if (auto text = read_file(dirs.cpuacct, "cpuacct.usage"))
        group.cpu_usage_ns_total = to_unsigned(*text);
    if (auto text = read_file(dirs.cpu, "cpu.stat")) {
        if (auto n = keyed_value(*text, "nr_periods")) group.periods = static_cast<int64_t>(*n);
        if (auto n = keyed_value(*text, "nr_throttled"))
            group.throttled_periods = static_cast<int64_t>(*n);
        if (auto ns = keyed_value(*text, "throttled_time"))
            group.throttled_s = static_cast<double>(*ns) / 1e9;
    }
    auto quota = read_file(dirs.cpu, "cpu.cfs_quota_us");
    auto period = read_file(dirs.cpu, "cpu.cfs_period_us");
    if (quota && period) {
        auto q = parse_int(*quota);
        auto p = parse_int(*period);
        if (q && p && *q > 0 && *p > 0)
            group.cpu_limit_pct = 100.0 * static_cast<double>(*q) / static_cast<double>(*p);
    }
    if (auto text = read_file(dirs.memory, "memory.usage_in_bytes"))
        group.memory_kb = kb_of(to_unsigned(*text));
    if (auto text = read_file(dirs.memory, "memory.limit_in_bytes"))
        group.memory_limit_kb = parse_memory_limit_kb(*text);
    if (auto text = read_file(dirs.memory, "memory.oom_control"))
        if (auto n = keyed_value(*text, "oom_kill")) group.oom_kills = static_cast<int64_t>(*n);
    if (auto text = read_file(dirs.blkio, "blkio.throttle.io_service_bytes"))
        set_io(parse_blkio_bytes(*text), group);
    if (auto text = read_file(dirs.pids, "pids.current"))
        if (auto n = to_unsigned(*text)) group.pids = static_cast<int64_t>(*n);
    read_pressure(dirs.unified, group);
}

}  // namespace

std::optional<uint64_t> keyed_value(std::string_view text, std::string_view key) {
    while (!text.empty()) {
        std::string_view line = next_line(text);
        if (next_token(line) != key) continue;
        return to_unsigned(next_token(line));
    }
    return std::nullopt;
}

std::optional<double> parse_cpu_max(std::string_view text) {
    std::string_view quota = next_token(text);
    auto q = parse_int(quota);
    auto p = parse_int(next_token(text));
    if (!q || !p || *q <= 0 || *p <= 0) return std::nullopt;
    return 100.0 * static_cast<double>(*q) / static_cast<double>(*p);
}

std::optional<std::pair<uint64_t, uint64_t>> parse_io_stat(std::string_view text) {
    std::pair<uint64_t, uint64_t> sum{0, 0};
    while (!text.empty()) {
        std::string_view line = next_line(text);
        next_token(line);  // the device, "8:0"
        for (auto token = next_token(line); !token.empty(); token = next_token(line)) {
            size_t eq = token.find('=');
            if (eq == std::string_view::npos) continue;
            auto value = to_unsigned(token.substr(eq + 1));
            if (!value) continue;
            if (token.substr(0, eq) == "rbytes") sum.first += *value;
            if (token.substr(0, eq) == "wbytes") sum.second += *value;
        }
    }
    return sum;
}

std::optional<std::pair<uint64_t, uint64_t>> parse_blkio_bytes(std::string_view text) {
    std::pair<uint64_t, uint64_t> sum{0, 0};
    while (!text.empty()) {
        std::string_view line = next_line(text);
        std::string_view device = next_token(line);
        if (device == "Total" || device.find(':') == std::string_view::npos) continue;
        std::string_view op = next_token(line);
        auto value = to_unsigned(next_token(line));
        if (!value) continue;
        if (op == "Read") sum.first += *value;
        if (op == "Write") sum.second += *value;
    }
    return sum;
}

std::optional<int64_t> parse_memory_limit_kb(std::string_view text) {
    auto bytes = to_unsigned(trim(text));
    if (!bytes || *bytes >= kNoLimitBytes) return std::nullopt;
    return kb_of(bytes);
}

void read_cgroup(const CgroupDirs& dirs, GroupSample& group) {
    if (dirs.v2)
        read_v2(dirs.unified, group);
    else
        read_v1(dirs, group);
}

}  // namespace edgetop
