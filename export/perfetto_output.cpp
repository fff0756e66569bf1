#include "export/perfetto_output.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iterator>
#include <string_view>

#include <nlohmann/json.hpp>

namespace edgetop::session_export {

namespace {

// The counter tracks: the columns of a family and key, one argument each (a series in the UI).
// `arg` names the series of a column outside lists; a list element's series is arg_prefix and
// its id or name.
struct Track {
    std::string_view family;
    std::string_view key;
    std::string_view counter;
    std::string_view arg;
    std::string_view arg_prefix;
};
constexpr Track kTracks[] = {
    {"cpu", "util", "cpu_util_pct", "total", ""},
    {"core", "util", "cpu_util_pct", "", "cpu"},
    {"core", "freq_khz", "cpu_freq_khz", "", "cpu"},
    {"gpu", "load", "gpu_load_pct", "", ""},
    {"gpu", "freq_hz", "gpu_freq_hz", "", ""},
    {"emc", "util", "emc_util_pct", "emc", ""},
    {"emc", "freq_hz", "emc_freq_hz", "emc", ""},
    {"engine", "freq_hz", "engine_freq_hz", "", ""},
    {"sample", "power_total_mw", "power_mw", "total", ""},
    {"rail", "power_mw", "power_mw", "", ""},
    {"oc", "events_per_s", "oc_events_per_s", "", ""},
    {"thermal", "temp_c", "temp_c", "", ""},
    {"fan", "speed_pct", "fan_speed_pct", "", ""},
    {"mem", "used_kb", "mem_kb", "used", ""},
    {"mem", "available_kb", "mem_kb", "available", ""},
    {"sample", "ctxt_per_s", "ctxt_per_s", "ctxt", ""},
};

// A JSON string: nlohmann escapes it (names come from sysfs and may hold anything).
std::string json_string(std::string_view text) {
    return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

int64_t micros(std::chrono::system_clock::time_point time) {
    return std::chrono::duration_cast<std::chrono::microseconds>(time.time_since_epoch()).count();
}

}  // namespace

PerfettoOutput::PerfettoOutput(std::string& out) : out_(out) {
    out_ += "{\"traceEvents\":[";
}

void PerfettoOutput::begin_event() {
    out_ += first_event_ ? "\n" : ",\n";
    first_event_ = false;
}

void PerfettoOutput::begin_session(int pid, const std::string& label, const Columns& columns) {
    columns_ = &columns;
    pid_ = pid;
    counters_.clear();
    flags_.clear();
    flag_index_.clear();
    open_.clear();
    last_us_.reset();
    for (const auto& track : kTracks) {
        Counter* counter = nullptr;
        for (auto& c : counters_)
            if (c.name == json_string(track.counter)) counter = &c;
        for (std::size_t i = 0; i < columns.columns.size(); ++i) {
            const auto& column = columns.columns[i];
            if (column.family != track.family || column.key != track.key) continue;
            if (!counter) {
                counters_.push_back({json_string(track.counter), {}});
                counter = &counters_.back();
            }
            std::string arg = column.element.empty()
                                  ? std::string(track.arg)
                                  : std::string(track.arg_prefix) + column.element;
            counter->args.emplace_back(json_string(arg), i);
        }
    }
    begin_event();
    fmt::format_to(std::back_inserter(out_),
                   "{{\"ph\":\"M\",\"pid\":{},\"name\":\"process_name\",\"args\":{{\"name\":{}}}}}",
                   pid, json_string(label));
    begin_event();
    fmt::format_to(std::back_inserter(out_),
                   "{{\"ph\":\"M\",\"pid\":{},\"name\":\"process_sort_index\",\"args\":{{"
                   "\"sort_index\":{}}}}}",
                   pid, pid);
}

void PerfettoOutput::sample(const Sample& sample, const Located& located) {
    const int64_t us = micros(sample.time);
    last_us_ = us;
    for (const auto& counter : counters_) {
        bool any = false;
        for (const auto& [arg, index] : counter.args) {
            const auto& column = columns_->columns[index];
            const void* object = located.objects[column.object];
            if (!object) continue;
            auto value = column.number(object);
            if (!value) continue;
            if (!any) {
                begin_event();
                fmt::format_to(
                    std::back_inserter(out_),
                    FMT_COMPILE("{{\"ph\":\"C\",\"pid\":{},\"ts\":{},\"name\":{},\"args\":{{"),
                    pid_, us, counter.name);
            } else {
                out_ += ',';
            }
            any = true;
            fmt::format_to(std::back_inserter(out_), FMT_COMPILE("{}:{}"), arg, *value);
        }
        if (any) out_ += "}}";
    }

    // Only the flags of this sample and those open are visited: a session of many different
    // flags costs what its samples hold, not their number times the flags seen.
    bool opened = false;
    for (const auto& id : sample.flags) {
        auto [at, added] = flag_index_.try_emplace(id, flags_.size());
        if (added) {
            flags_.push_back({id, static_cast<int>(flags_.size()) + 1, std::nullopt, false});
            begin_event();
            fmt::format_to(std::back_inserter(out_),
                           "{{\"ph\":\"M\",\"pid\":{},\"tid\":{},\"name\":\"thread_name\","
                           "\"args\":{{\"name\":{}}}}}",
                           pid_, flags_.back().tid, json_string("flag " + id));
        }
        Flag& flag = flags_[at->second];
        flag.seen = true;
        if (!flag.since_us) {
            flag.since_us = us;
            open_.push_back(at->second);
            opened = true;
        }
    }
    if (opened) std::sort(open_.begin(), open_.end());  // spans end in the flags' order
    std::size_t kept = 0;
    for (std::size_t place : open_) {
        Flag& flag = flags_[place];
        if (flag.seen) {
            flag.seen = false;
            open_[kept++] = place;
        } else {
            slice(flag, us);
            flag.since_us.reset();
        }
    }
    open_.resize(kept);
}

void PerfettoOutput::slice(const Flag& flag, int64_t end_us) {
    begin_event();
    fmt::format_to(std::back_inserter(out_),
                   "{{\"ph\":\"X\",\"cat\":\"flag\",\"pid\":{},\"tid\":{},\"ts\":{},\"dur\":{},"
                   "\"name\":{}}}",
                   pid_, flag.tid, *flag.since_us, end_us - *flag.since_us, json_string(flag.id));
}

void PerfettoOutput::end_session(std::optional<int64_t> end_us) {
    for (std::size_t place : open_) {
        Flag& flag = flags_[place];
        slice(flag, std::max(*flag.since_us, end_us.value_or(*flag.since_us)));
        flag.since_us.reset();
    }
    open_.clear();
}

void PerfettoOutput::finish() {
    out_ += "\n],\"displayTimeUnit\":\"ms\"}\n";
}

}  // namespace edgetop::session_export
