// edgetop export --format perfetto: the trace is valid JSON in the trace-event format, its
// counters hold the samples' values at their wall-clock times, and each span of a flag is one
// slice with the right start and duration.
#include <gtest/gtest.h>

#include <ctime>

#include "export/export_test_support.hpp"
#include "support/sample_builder.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;
using session_export::Format;

json trace_of(const std::vector<std::string>& files, std::vector<std::string>* warnings = nullptr) {
    auto exported = export_files(files, Format::perfetto);
    if (warnings) *warnings = exported.warnings;
    json trace = json::parse(exported.text, nullptr, false);
    EXPECT_FALSE(trace.is_discarded()) << exported.text.substr(0, 2000);
    return trace;
}

std::vector<json> events(const json& trace, const std::string& ph, const std::string& name = "") {
    std::vector<json> out;
    for (const auto& e : trace["traceEvents"])
        if (e["ph"] == ph && (name.empty() || e["name"] == name)) out.push_back(e);
    return out;
}

TEST(PerfettoExport, CountersHoldTheRecordedValuesAtTheSampleTimes) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "orin.jsonl", "agx-orin", 4);
    std::vector<json> samples;
    for (const auto& line : parse_lines(read_lines(session)))
        if (line["type"] == "sample") samples.push_back(line);
    ASSERT_EQ(samples.size(), 4u);
    json trace = trace_of({session});
    ASSERT_TRUE(trace["traceEvents"].is_array());

    auto names = events(trace, "M", "process_name");
    ASSERT_EQ(names.size(), 1u);
    EXPECT_EQ(names[0]["pid"], 1);
    EXPECT_NE(names[0]["args"]["name"].get<std::string>().find(session), std::string::npos);

    auto power = events(trace, "C", "power_mw");
    ASSERT_EQ(power.size(), samples.size());
    auto temps = events(trace, "C", "temp_c");
    ASSERT_EQ(temps.size(), samples.size());
    auto freqs = events(trace, "C", "cpu_freq_khz");
    ASSERT_EQ(freqs.size(), samples.size());
    auto times = [&](size_t i) {
        // The sample's own RFC 3339 time, in microseconds since the epoch.
        std::string text = samples[i]["time"];
        std::tm tm{};
        strptime(text.c_str(), "%Y-%m-%dT%H:%M:%S", &tm);
        int64_t seconds = timegm(&tm);
        int ms = std::stoi(text.substr(20, 3));
        return seconds * 1000000 + ms * 1000;
    };
    for (size_t i = 0; i < samples.size(); ++i) {
        EXPECT_EQ(power[i]["ts"].get<int64_t>(), times(i));
        EXPECT_EQ(power[i]["pid"], 1);
        EXPECT_EQ(power[i]["args"]["total"].get<double>(),
                  samples[i]["power_total_mw"].get<double>());
        ASSERT_EQ(power[i]["args"].size(), samples[i]["rails"].size() + 1);
        for (const auto& rail : samples[i]["rails"])
            EXPECT_EQ(power[i]["args"][rail["name"].get<std::string>()].get<double>(),
                      rail["power_mw"].get<double>());
        for (const auto& zone : samples[i]["thermal"]) {
            if (!zone["temp_c"].is_null()) {
                EXPECT_EQ(temps[i]["args"][zone["name"].get<std::string>()].get<double>(),
                          zone["temp_c"].get<double>());
            }
        }
        for (const auto& core : samples[i]["cpu"]["cores"]) {
            std::string arg = "cpu" + std::to_string(core["id"].get<int>());
            if (core["freq_khz"].is_null()) {
                EXPECT_FALSE(freqs[i]["args"].contains(arg));
            } else {
                EXPECT_EQ(freqs[i]["args"][arg].get<int64_t>(), core["freq_khz"].get<int64_t>());
            }
        }
    }
    // A static fixture gives no utilisation (its /proc/stat does not move): no counter event
    // without a value.
    size_t with_util = 0;
    for (const auto& sample : samples)
        with_util += !sample["cpu"]["util"].is_null();
    EXPECT_EQ(events(trace, "C", "cpu_util_pct").size(), with_util);
}

Sample flagged(int k, std::vector<std::string> flags) {
    Sample s;
    s.t_s = k;
    s.time = at_ms(1700000000000 + k * 1000);
    s.power_total_mw = 1000 + k;
    if (k > 0) s.cpu.util_pct = 10.5 * k;  // none in the first sample, as recorded
    CoreSample core;
    core.id = 3;
    core.util_pct = 2.0 * k;
    s.cpu.cores.push_back(core);
    s.flags = std::move(flags);
    return s;
}

TEST(PerfettoExport, EachSpanOfAFlagIsOneSliceOnItsOwnTrack) {
    TempDir tmp;
    std::vector<Sample> samples{flagged(0, {}),
                                flagged(1, {"gpu_starved"}),
                                flagged(2, {"gpu_starved", "thermal_throttle"}),
                                flagged(3, {"thermal_throttle"}),
                                flagged(4, {}),
                                flagged(5, {"gpu_starved"})};
    SessionEnd end;
    end.t_s = 5.5;
    end.samples = 6;
    std::string file = write_session(tmp, "s.jsonl", samples, end);
    json trace = trace_of({file});
    const int64_t base = 1700000000000000;

    auto threads = events(trace, "M", "thread_name");
    ASSERT_EQ(threads.size(), 2u);
    int gpu_tid = 0;
    for (const auto& t : threads)
        if (t["args"]["name"] == "flag gpu_starved") gpu_tid = t["tid"];
    ASSERT_NE(gpu_tid, 0);

    auto gpu = events(trace, "X", "gpu_starved");
    ASSERT_EQ(gpu.size(), 2u);
    EXPECT_EQ(gpu[0]["ts"].get<int64_t>(), base + 1000000);
    EXPECT_EQ(gpu[0]["dur"].get<int64_t>(), 2000000);  // raised at 1, cleared at 3
    EXPECT_EQ(gpu[0]["tid"], gpu_tid);
    // Still raised at the end: up to the end line, half a second after the last sample.
    EXPECT_EQ(gpu[1]["ts"].get<int64_t>(), base + 5000000);
    EXPECT_EQ(gpu[1]["dur"].get<int64_t>(), 500000);

    auto thermal = events(trace, "X", "thermal_throttle");
    ASSERT_EQ(thermal.size(), 1u);
    EXPECT_EQ(thermal[0]["ts"].get<int64_t>(), base + 2000000);
    EXPECT_EQ(thermal[0]["dur"].get<int64_t>(), 2000000);
    EXPECT_NE(thermal[0]["tid"], gpu_tid);

    auto power = events(trace, "C", "power_mw");
    ASSERT_EQ(power.size(), samples.size());
    EXPECT_EQ(power[5]["args"]["total"].get<double>(), 1005);
    EXPECT_EQ(power[5]["ts"].get<int64_t>(), base + 5000000);

    auto util = events(trace, "C", "cpu_util_pct");
    ASSERT_EQ(util.size(), samples.size());
    EXPECT_FALSE(util[0]["args"].contains("total"));
    EXPECT_EQ(util[0]["args"]["cpu3"].get<double>(), 0);
    EXPECT_EQ(util[4]["args"]["total"].get<double>(), 42);
    EXPECT_EQ(util[4]["args"]["cpu3"].get<double>(), 8);
    EXPECT_EQ(util[4]["ts"].get<int64_t>(), base + 4000000);
}

TEST(PerfettoExport, EachSessionIsItsOwnProcess) {
    TempDir tmp;
    std::string a = write_session(tmp, "a.jsonl", {flagged(0, {"x"}), flagged(1, {})});
    std::string b = write_session(tmp, "b.jsonl", {flagged(0, {}), flagged(1, {"x"})});
    json trace = trace_of({a, b});
    auto names = events(trace, "M", "process_name");
    ASSERT_EQ(names.size(), 2u);
    EXPECT_EQ(names[0]["pid"], 1);
    EXPECT_EQ(names[1]["pid"], 2);
    auto slices = events(trace, "X", "x");
    ASSERT_EQ(slices.size(), 2u);
    EXPECT_EQ(slices[0]["pid"], 1);
    EXPECT_EQ(slices[1]["pid"], 2);
    EXPECT_EQ(slices[1]["dur"].get<int64_t>(), 0);  // raised at the last sample, no end line
    for (const auto& c : events(trace, "C"))
        EXPECT_TRUE(c["pid"] == 1 || c["pid"] == 2);
}

}  // namespace
}  // namespace edgetop::testing
