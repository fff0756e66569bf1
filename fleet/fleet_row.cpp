#include "fleet/fleet_row.hpp"

#include <time.h>

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "tui/flag_severity.hpp"

namespace edgetop::fleet {

namespace {

using nlohmann::json;

std::optional<double> number_at(const json& object, std::string_view key) {
    if (!object.is_object()) return std::nullopt;
    auto it = object.find(key);
    if (it == object.end() || !it->is_number()) return std::nullopt;
    return it->get<double>();
}

std::optional<std::string> text_at(const json& object, std::string_view key) {
    if (!object.is_object()) return std::nullopt;
    auto it = object.find(key);
    if (it == object.end() || !it->is_string()) return std::nullopt;
    return it->get<std::string>();
}

const json& member(const json& object, std::string_view key) {
    static const json kNull;
    if (!object.is_object()) return kNull;
    auto it = object.find(key);
    return it == object.end() ? kNull : *it;
}

// The sum of key over the elements of array that have it; absent when none has.
std::optional<double> sum_over(const json& array, std::initializer_list<std::string_view> keys) {
    std::optional<double> sum;
    if (!array.is_array()) return sum;
    for (const auto& element : array)
        for (auto key : keys)
            if (auto value = number_at(element, key)) sum = sum.value_or(0) + *value;
    return sum;
}

// "2026-11-28T05:03:51.948Z" (what every sample's "time" holds) as Unix seconds.
std::optional<double> unix_seconds(const std::string& iso) {
    tm parts{};
    double seconds = 0;
    char zone = 0;
    if (std::sscanf(iso.c_str(), "%4d-%2d-%2dT%2d:%2d:%lf%c", &parts.tm_year, &parts.tm_mon,
                    &parts.tm_mday, &parts.tm_hour, &parts.tm_min, &seconds, &zone) != 7 ||
        zone != 'Z')
        return std::nullopt;
    parts.tm_year -= 1900;
    parts.tm_mon -= 1;
    parts.tm_sec = 0;
    return static_cast<double>(timegm(&parts)) + seconds;
}

void set_hottest(FleetRow& row, const json& sample, const json& board) {
    const json* hottest = nullptr;
    for (const auto& zone : member(sample, "thermal")) {
        auto temp = number_at(zone, "temp_c");
        if (temp && (!hottest || *temp > *number_at(*hottest, "temp_c"))) hottest = &zone;
    }
    if (!hottest) return;
    row.hottest_zone = text_at(*hottest, "name");
    row.hottest_c = number_at(*hottest, "temp_c");
    for (const auto& zone : member(board, "thermal_trips")) {
        if (text_at(zone, "zone") != row.hottest_zone) continue;
        for (const auto& trip : member(zone, "trips")) {
            auto temp = number_at(trip, "temp_c");
            if (!temp) continue;
            row.hottest_trips.push_back({text_at(trip, "type").value_or(""), *temp});
            if (!row.trip_c || *temp < *row.trip_c) row.trip_c = temp;
        }
    }
}

void set_flags(FleetRow& row, const json& flags) {
    if (!flags.is_array()) return;
    std::optional<double> newest_t;

    for (const auto& event : flags) {
        auto id = text_at(event, "flag");
        if (!id) continue;
        ++row.flags;
        auto t = number_at(event, "t").value_or(0);
        if (!newest_t || t >= *newest_t) {
            newest_t = t;
            row.newest_flag = id;
        }
        auto severity = tui::flag_severity(*id);
        if (!row.worst_severity || severity >= *row.worst_severity) {
            row.worst_flag = id;
            row.worst_severity = severity;
        }
    }
}

}  // namespace

std::string_view to_string(HostState state) {
    switch (state) {
        case HostState::up:
            return "up";
        case HostState::stale:
            return "stale";
        case HostState::down:
            return "down";
    }
    return "down";
}

std::optional<double> FleetRow::headroom_c() const {
    if (!hottest_c || !trip_c) return std::nullopt;
    return *trip_c - *hottest_c;
}

FleetRow row_from_answers(const FleetHost& host, const json& sample, const json& board,
                          const json& flags, double now_unix_s, double stale_s) {
    FleetRow row;
    row.host = &host;
    row.state = HostState::up;
    row.t = number_at(sample, "t");
    row.time = text_at(sample, "time");
    if (row.time)
        if (auto taken = unix_seconds(*row.time)) row.age_s = std::max(0.0, now_unix_s - *taken);
    if (row.age_s && *row.age_s > stale_s) {
        row.state = HostState::stale;
        row.reason =
            fmt::format("sample from {:.0f} s ago (a stopped sampler or clock skew)", *row.age_s);
    }
    const json& board_part = member(board, "board");
    row.model = text_at(board_part, "model");
    row.power_mode = text_at(member(board_part, "power_mode"), "name");
    row.version = text_at(board, "edgetop_version");

    row.cpu_pct = number_at(member(sample, "cpu"), "util");
    for (const auto& gpu : member(sample, "gpu"))
        if (auto load = number_at(gpu, "load"); load && (!row.gpu_pct || *load > *row.gpu_pct))
            row.gpu_pct = load;
    row.emc_pct = number_at(member(sample, "emc"), "util");
    row.power_mw = number_at(sample, "power_total_mw");
    set_hottest(row, sample, board_part);
    const json& mem = member(sample, "mem");
    auto used = number_at(mem, "used_kb");
    auto total = number_at(mem, "total_kb");
    if (used && total && *total > 0) row.mem_pct = 100 * *used / *total;
    row.disk_bytes_per_s =
        sum_over(member(sample, "disks"), {"read_bytes_per_s", "write_bytes_per_s"});
    row.net_bytes_per_s = sum_over(member(sample, "net"), {"rx_bytes_per_s", "tx_bytes_per_s"});
    set_flags(row, flags);
    return row;
}

FleetRow down_row(const FleetHost& host, std::string reason) {
    FleetRow row;
    row.host = &host;
    row.reason = std::move(reason);
    return row;
}

}  // namespace edgetop::fleet
