// The direct sample line writer against the JSON-document path (sample_to_json) it replaces on
// the hot path: the same keys in the same order, the same values with the same types.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "sensors/sampler/sampler.hpp"
#include "session/orin_sample.hpp"
#include "session/session_sample_line.hpp"
#include "support/fixture_tree.hpp"
#include "support/sample_json.hpp"

namespace edgetop {
namespace {

using nlohmann::ordered_json;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

std::string direct_line(const Sample& s) {
    return sample_line(s);
}

// The line must parse, and to the reference document: ordered_json compares keys in order, and
// the dumps of both parsed documents tell 1 from 1.0.
void expect_same_line(const Sample& s) {
    std::string line = direct_line(s);
    ASSERT_EQ(line.find('\n'), std::string::npos);
    auto parsed = ordered_json::parse(line, nullptr, false);
    ASSERT_FALSE(parsed.is_discarded()) << line;
    auto reference = ordered_json::parse(
        sample_to_json(s).dump(-1, ' ', false, ordered_json::error_handler_t::replace));
    EXPECT_EQ(parsed, reference);
    EXPECT_EQ(parsed.dump(), reference.dump());
}

class EveryFixtureBoard : public ::testing::TestWithParam<const char*> {};

TEST_P(EveryFixtureBoard, SampledLinesMatchTheJsonDocument) {
    Sampler sampler{Root(testing::fixture_path(GetParam()))};
    Sample first = sampler.sample();
    Sample second = sampler.sample();  // with rates
    EXPECT_FALSE(second.cpu.cores.empty());
    expect_same_line(first);
    expect_same_line(second);
}

INSTANTIATE_TEST_SUITE_P(Boards, EveryFixtureBoard,
                         ::testing::Values("nano", "tx2", "xavier-nx", "agx-xavier", "agx-orin",
                                           "orin-nano", "thor", "x86-pc"));

TEST(SampleLineWrite, FullyPopulatedSampleIsTheSameLineByteForByte) {
    Sample s = testing::orin_sample();
    expect_same_line(s);
    EXPECT_EQ(direct_line(s), sample_to_json(s).dump());
}

TEST(SampleLineWrite, AbsentValuesAreNullAndEmptyFamiliesEmptyArrays) {
    Sample s;  // nothing measured
    expect_same_line(s);
    auto parsed = ordered_json::parse(direct_line(s));
    EXPECT_TRUE(parsed["emc"].is_null());
    EXPECT_TRUE(parsed["procs"].is_null());
    EXPECT_TRUE(parsed["power_total_mw"].is_null());
    EXPECT_TRUE(parsed["cpu"]["util"].is_null());
    for (const char* family : {"gpu", "engines", "rails", "thermal", "fans", "flags"})
        EXPECT_EQ(parsed[family], ordered_json::array()) << family;
    EXPECT_EQ(parsed["cpu"]["cores"], ordered_json::array());

    // Present objects whose members are all absent.
    s.emc = EmcSample{};
    s.procs = ProcsSample{};
    s.procs->top.push_back(ProcessSample{});
    s.cpu.cores.push_back(CoreSample{});
    s.gpu.push_back(GpuSample{});
    s.engines.push_back(EngineSample{});
    s.rails.push_back(RailSample{});
    s.thermal.push_back(ThermalSample{});
    s.fans.push_back(FanSample{});
    expect_same_line(s);
}

TEST(SampleLineWrite, StringsAreEscapedAsJson) {
    Sample s = testing::orin_sample();
    s.thermal = {{"quote\"d", 40.5},
                 {"back\\slash", 41.0},
                 {"new\nline\ttab\r\b\f", 42.0},
                 {std::string("ctl\x01\x1f\x7f", 6), 43.0},
                 {"température °C ✓ 温度", 44.0},
                 {"bad\xff\xfe utf8 \xe2\x82", 45.0},
                 {"", 46.0}};
    s.procs->top[0].name = "python3 \"train.py\"";
    s.procs->top[0].user = "usér";
    s.procs->top[0].state = '"';
    s.flags = {"gpu-bound", "a\\b"};
    s.cpu.cores[0].governor = "sched\nutil";
    expect_same_line(s);
    auto parsed = ordered_json::parse(direct_line(s));
    EXPECT_EQ(parsed["thermal"][2]["name"], "new\nline\ttab\r\b\f");
    EXPECT_EQ(parsed["thermal"][3]["name"], std::string("ctl\x01\x1f\x7f", 6));
    EXPECT_EQ(parsed["thermal"][4]["name"], "température °C ✓ 温度");
    // Non-ASCII passes through as UTF-8, not as \u escapes.
    EXPECT_NE(direct_line(s).find("température °C ✓ 温度"), std::string::npos);
    EXPECT_EQ(parsed["thermal"][5]["name"], "bad\xEF\xBF\xBD\xEF\xBF\xBD utf8 \xEF\xBF\xBD");
    EXPECT_EQ(parsed["procs"]["top"][0]["state"], "\"");
}

TEST(SampleLineWrite, HugeNegativeAndTinyNumbers) {
    Sample s = testing::orin_sample();
    s.t_s = 1234567.8912345678;
    s.mem.total_kb = std::numeric_limits<int64_t>::max();
    s.mem.free_kb = std::numeric_limits<int64_t>::min();
    s.mem.used_kb = -5;
    s.cpu.cores[0].id = std::numeric_limits<int>::min();
    s.cpu.cores[0].cluster = std::numeric_limits<int>::max();
    s.procs->total = -1;
    s.power_total_mw = 9.5e15;  // whole, beyond the integer range of the format
    s.system.ctxt_per_s = 1.0e300;
    s.system.uptime_s = -1.0e-300;
    s.system.load_1 = 5e-324;  // subnormal
    s.system.load_5 = -0.0;
    s.system.load_15 = 8999999999999999.0;
    s.rails[0].voltage_mv = -123456789.123;
    s.rails[0].current_ma = 0.000123456789;
    s.rails[0].power_mw = 999.99999999;
    s.rails[1].voltage_mv = -9.0e15;
    s.rails[1].current_ma = 1e16;
    s.rails[1].power_mw = 33.333333333333336;
    s.fans[0].speed_pct = 1.0 / 3.0;
    expect_same_line(s);
    auto parsed = ordered_json::parse(direct_line(s));
    EXPECT_TRUE(parsed["power_total_mw"].is_number_float());
    EXPECT_EQ(parsed["mem"]["total_kb"], std::numeric_limits<int64_t>::max());
    EXPECT_EQ(parsed["mem"]["free_kb"], std::numeric_limits<int64_t>::min());
    EXPECT_EQ(parsed["rails"][1]["power_mw"], 33.33333);
}

TEST(SampleLineWrite, NanAndInfinityAreNull) {
    Sample s = testing::orin_sample();
    s.t_s = kNaN;
    s.cpu.util_pct = kNaN;
    s.cpu.cores[0].util_pct = kInf;
    s.cpu.cores[1].user_pct = -kInf;
    s.system.ctxt_per_s = kInf;
    s.rails[0].power_mw = kNaN;
    s.power_total_mw = -kInf;
    s.thermal[0].temp_c = kNaN;
    s.fans[0].speed_pct = kInf;
    s.procs->top[0].cpu_pct = kNaN;
    s.emc->util_pct = kInf;
    expect_same_line(s);
    std::string line = direct_line(s);
    for (const char* word : {"nan", "NaN", "inf", "Infinity"})
        EXPECT_EQ(line.find(word), std::string::npos) << word;
    auto parsed = ordered_json::parse(line);
    EXPECT_TRUE(parsed["t"].is_null());
    EXPECT_TRUE(parsed["cpu"]["cores"][0]["util"].is_null());
    EXPECT_TRUE(parsed["power_total_mw"].is_null());
}

TEST(SampleLineWrite, TimesMatchRfc3339Formatting) {
    using namespace std::chrono;
    Sample s = testing::orin_sample();
    const std::vector<int64_t> stamps_ms = {0,
                                            -1,
                                            -999,
                                            -1000,
                                            -1001,
                                            999,
                                            1000,
                                            1750866197243,
                                            951782400000 /* 2000-02-29 */,
                                            4102444799999 /* 2099-12-31 */,
                                            -2208988800000 /* 1900 */,
                                            9223372036854 /* near the end of system_clock */,
                                            -9223372036854};
    for (int64_t ms : stamps_ms) {
        s.time = system_clock::time_point(milliseconds(ms));
        expect_same_line(s);
    }
    // Sub-millisecond parts are cut, not rounded, as format_rfc3339 does.
    s.time = system_clock::time_point(microseconds(-1500));
    expect_same_line(s);
    s.time = system_clock::time_point(nanoseconds(1750866197243999999));
    expect_same_line(s);
    EXPECT_EQ(ordered_json::parse(direct_line(s))["time"], "2025-06-25T15:43:17.243Z");
}

TEST(SampleLineWrite, AppendsAfterWhatTheBufferHolds) {
    Sample s = testing::orin_sample();
    fmt::memory_buffer buffer;
    fmt::format_to(std::back_inserter(buffer), "prefix ");
    append_sample_line(buffer, s);
    append_sample_line(buffer, s);  // the room left by the first line is reused
    EXPECT_EQ(fmt::to_string(buffer),
              "prefix " + sample_to_json(s).dump() + sample_to_json(s).dump());
}

}  // namespace
}  // namespace edgetop
