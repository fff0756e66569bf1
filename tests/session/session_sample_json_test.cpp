#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "session/orin_sample.hpp"
#include "session/session_sample_line.hpp"
#include "support/sample_json.hpp"

namespace edgetop {
namespace {

using nlohmann::json;

// What a reader sees: the line as text, parsed back.
json written(const Sample& s) {
    return json::parse(sample_to_json(s).dump());
}

std::set<std::string> keys(const json& object) {
    std::set<std::string> out;
    for (const auto& [k, v] : object.items())
        out.insert(k);
    return out;
}

TEST(SessionSampleJson, LineHasExactlyTheDocumentedKeys) {
    json line = written(testing::orin_sample());
    EXPECT_EQ(keys(line),
              (std::set<std::string>{"type",           "t",       "time",    "cpu",     "system",
                                     "ctxt_per_s",     "gpu",     "emc",     "engines", "rails",
                                     "power_total_mw", "thermal", "fans",    "mem",     "procs",
                                     "flags",          "psi",     "cooling", "disks",   "net",
                                     "oc_events",      "groups"}));
    EXPECT_EQ(keys(line["disks"][0]),
              (std::set<std::string>{"name", "read_bytes_per_s", "write_bytes_per_s", "busy_pct"}));
    EXPECT_EQ(keys(line["net"][0]),
              (std::set<std::string>{"name", "rx_bytes_per_s", "tx_bytes_per_s"}));
    EXPECT_EQ(keys(line["cpu"]),
              (std::set<std::string>{"util", "user", "system", "iowait", "cores"}));
    EXPECT_EQ(keys(line["cpu"]["cores"][0]),
              (std::set<std::string>{"id", "online", "util", "user", "system", "iowait", "freq_khz",
                                     "min_khz", "max_khz", "hw_max_khz", "governor", "cluster"}));
    EXPECT_EQ(keys(line["system"]),
              (std::set<std::string>{"uptime_s", "load_1", "load_5", "load_15", "procs_running",
                                     "procs_blocked"}));
    EXPECT_EQ(keys(line["gpu"][0]),
              (std::set<std::string>{"name",           "load",        "freq_hz",      "min_hz",
                                     "max_hz",         "hw_max_hz",   "governor",     "railgate",
                                     "scaling_3d",     "tpc_pg_mask", "source",       "mem_util",
                                     "mem_freq_hz",    "mem_max_hz",  "temp_c",       "power_mw",
                                     "power_limit_mw", "mem_used_kb", "mem_total_kb", "gpc"}));
    EXPECT_EQ(keys(line["emc"]), (std::set<std::string>{"util", "freq_hz", "min_hz", "max_hz"}));
    EXPECT_EQ(keys(line["engines"][0]),
              (std::set<std::string>{"name", "online", "freq_hz", "load", "load_period_s"}));
    EXPECT_EQ(
        keys(line["rails"][0]),
        (std::set<std::string>{"name", "voltage_mv", "current_ma", "power_mw", "is_total",
                               "in_total", "warn_ma", "crit_ma", "warn_alarm", "crit_alarm"}));
    EXPECT_EQ(keys(line["thermal"][0]), (std::set<std::string>{"name", "temp_c"}));
    EXPECT_EQ(keys(line["fans"][0]),
              (std::set<std::string>{"name", "speed_pct", "rpm", "control"}));
    EXPECT_EQ(keys(line["mem"]),
              (std::set<std::string>{"total_kb", "available_kb", "used_kb", "free_kb", "buffers_kb",
                                     "cached_kb", "swap_total_kb", "swap_used_kb", "swap_cached_kb",
                                     "gpu_shared_kb", "lfb_blocks", "lfb_block_kb",
                                     "major_faults_per_s", "oom_kills"}));
    EXPECT_EQ(keys(line["psi"]), (std::set<std::string>{"cpu_some", "memory_some", "memory_full",
                                                        "io_some", "io_full"}));
    EXPECT_EQ(keys(line["cooling"][0]), (std::set<std::string>{"name", "state", "max_state"}));
    EXPECT_EQ(keys(line["procs"]), (std::set<std::string>{"total", "running", "top"}));
    EXPECT_EQ(keys(line["procs"]["top"][0]),
              (std::set<std::string>{"pid", "name", "user", "state", "cpu", "rss_kb", "threads",
                                     "vol_ctxt_per_s", "nonvol_ctxt_per_s", "gpu", "gpu_mem_kb",
                                     "group"}));
}

TEST(SessionSampleJson, TypeIsTheFirstKeyOfTheLine) {
    EXPECT_TRUE(sample_to_json(testing::orin_sample()).dump().starts_with(R"({"type":"sample",)"));
}

TEST(SessionSampleJson, WritesValuesWithTheirUnitsAndRounding) {
    json line = written(testing::orin_sample());
    EXPECT_EQ(line["t"], 12.345679);
    EXPECT_EQ(line["time"], "2025-06-25T15:43:17.243Z");
    EXPECT_EQ(line["cpu"]["util"], 2.083333);
    EXPECT_EQ(line["cpu"]["cores"][1]["user"], 16.66667);
    EXPECT_EQ(line["cpu"]["cores"][1]["freq_khz"], 2028000);
    EXPECT_EQ(line["ctxt_per_s"], 4521.457);
    EXPECT_EQ(line["gpu"][0]["freq_hz"], 1300500000);
    EXPECT_EQ(line["emc"]["max_hz"], 3199000000);
    EXPECT_EQ(line["rails"][0]["current_ma"], 872.2);
    EXPECT_EQ(line["thermal"][0]["temp_c"], 52.625);
    EXPECT_EQ(line["thermal"][1]["temp_c"], 48.281);
    EXPECT_EQ(line["fans"][0]["speed_pct"], 31.37255);
    EXPECT_EQ(line["procs"]["top"][0]["cpu"], 97.456);
    EXPECT_EQ(line["procs"]["top"][0]["state"], "R");
}

// Seven significant digits: what a sensor resolves survives, float noise does not.
TEST(SessionSampleJson, RoundingKeepsSensorResolutionAndDropsNoise) {
    auto temp = [](double c) {
        Sample s;
        s.thermal = {{"cpu", c}};
        return written(s)["thermal"][0]["temp_c"];
    };
    EXPECT_EQ(temp(52.625), 52.625);  // millidegrees
    EXPECT_EQ(temp(-12.5), -12.5);
    EXPECT_EQ(temp(0.0), 0);
    Sample s;
    RailSample rail;
    rail.name = "VIN_SYS_5V0";
    rail.power_mw = 5008.0 * 845.3 / 1000.0;  // mV x mA: 4233.2624 mW
    s.rails = {rail};
    s.fans = {{"pwmfan", 128 / 255.0 * 100, {}, {}}, {"slow", 1 / 255.0 * 100, {}, {}}};
    s.cpu.util_pct = 100.0 / 3;
    s.system.ctxt_per_s = 1234567.89;
    json line = written(s);
    EXPECT_EQ(line["rails"][0]["power_mw"], 4233.262);
    EXPECT_EQ(line["fans"][0]["speed_pct"], 50.19608);
    EXPECT_EQ(line["fans"][1]["speed_pct"], 0.3921569);
    EXPECT_EQ(line["cpu"]["util"], 33.33333);
    EXPECT_EQ(line["ctxt_per_s"], 1234568);
    EXPECT_TRUE(line["ctxt_per_s"].is_number_integer());
    // Within the 1e-6 relative tolerance a reader may rely on.
    double pwm = 128 / 255.0 * 100;
    EXPECT_LT(std::abs(line["fans"][0]["speed_pct"].get<double>() - pwm) / pwm, 1e-6);
}

TEST(SessionSampleJson, TimeKeepsMicroseconds) {
    Sample s;
    s.t_s = 3600.0000014;
    EXPECT_EQ(written(s)["t"], 3600.000001);
    s.t_s = 0.0000004;
    EXPECT_EQ(written(s)["t"], 0);
}

TEST(SessionSampleJson, WholeValuesAreWrittenAsIntegers) {
    json line = written(testing::orin_sample());
    EXPECT_TRUE(line["rails"][0]["power_mw"].is_number_integer());
    EXPECT_EQ(line["rails"][0]["power_mw"], 4368);
    EXPECT_TRUE(line["power_total_mw"].is_number_integer());
    EXPECT_TRUE(line["cpu"]["iowait"].is_number_integer());
    EXPECT_TRUE(line["cpu"]["cores"][0]["freq_khz"].is_number_integer());
    EXPECT_TRUE(line["mem"]["total_kb"].is_number_integer());
}

TEST(SessionSampleJson, AbsentValuesAreNullAndEmptyFamiliesAreEmptyArrays) {
    json line = written(Sample{});
    EXPECT_TRUE(line["cpu"]["util"].is_null());
    EXPECT_EQ(line["cpu"]["cores"], json::array());
    EXPECT_EQ(line["gpu"], json::array());
    EXPECT_TRUE(line["emc"].is_null());
    EXPECT_EQ(line["engines"], json::array());
    EXPECT_EQ(line["rails"], json::array());
    EXPECT_TRUE(line["power_total_mw"].is_null());
    EXPECT_EQ(line["thermal"], json::array());
    EXPECT_EQ(line["fans"], json::array());
    EXPECT_TRUE(line["mem"]["total_kb"].is_null());
    EXPECT_TRUE(line["procs"].is_null());
    EXPECT_EQ(line["flags"], json::array());
    EXPECT_TRUE(line["ctxt_per_s"].is_null());
}

TEST(SessionSampleJson, PowerGatedZoneAndOfflineCoreStayVisible) {
    json line = written(testing::orin_sample());
    EXPECT_EQ(line["thermal"][2]["name"], "cv0");
    EXPECT_TRUE(line["thermal"][2]["temp_c"].is_null());
    EXPECT_EQ(line["cpu"]["cores"][11]["online"], false);
    EXPECT_TRUE(line["cpu"]["cores"][11]["freq_khz"].is_null());
    EXPECT_EQ(line["engines"][2]["online"], false);
    EXPECT_TRUE(line["engines"][2]["freq_hz"].is_null());
}

TEST(SessionSampleJson, NonFiniteValuesAreNull) {
    Sample s;
    s.power_total_mw = std::nan("");
    s.cpu.util_pct = INFINITY;
    json line = written(s);
    EXPECT_TRUE(line["power_total_mw"].is_null());
    EXPECT_TRUE(line["cpu"]["util"].is_null());
}

TEST(SessionSampleJson, RawCountersAndTheFullProcessListAreNotWritten) {
    std::string text = sample_to_json(testing::orin_sample()).dump();
    for (const char* key : {"ticks", "ctxt_total", "energy_uj", "energy_max_uj", "cpu_ticks",
                            "vol_ctxt_total", "nonvol_ctxt_total", "available_hz", "\"all\""})
        EXPECT_EQ(text.find(key), std::string::npos) << key;
}

TEST(SessionSampleJson, ReadsBackWhatItWrote) {
    Sample in = testing::orin_sample();
    Sample out = sample_from_json(written(in));
    EXPECT_DOUBLE_EQ(out.t_s, 12.345679);
    EXPECT_EQ(out.time, in.time);
    ASSERT_EQ(out.cpu.cores.size(), 12u);
    EXPECT_EQ(out.cpu.cores[3].cluster, 0);
    EXPECT_EQ(out.cpu.cores[5].cluster, 1);
    EXPECT_FALSE(out.cpu.cores[11].online);
    EXPECT_EQ(out.cpu.cores[1].freq_khz, 2028000);
    EXPECT_EQ(out.cpu.cores[0].governor, "schedutil");
    EXPECT_DOUBLE_EQ(*out.cpu.util_pct, 2.083333);
    EXPECT_FALSE(out.cpu.ticks);  // raw counters do not survive
    EXPECT_DOUBLE_EQ(*out.system.ctxt_per_s, 4521.457);
    EXPECT_FALSE(out.system.ctxt_total);
    EXPECT_EQ(out.system.procs_running, 2);
    ASSERT_EQ(out.gpu.size(), 1u);
    EXPECT_EQ(out.gpu[0].governor, "nvhost_podgov");
    EXPECT_EQ(out.gpu[0].railgate_enabled, true);
    EXPECT_EQ(out.gpu[0].tpc_pg_mask, 0);
    EXPECT_TRUE(out.gpu[0].available_hz.empty());
    ASSERT_TRUE(out.emc);
    EXPECT_EQ(out.emc->freq_hz, 3199000000);
    ASSERT_EQ(out.engines.size(), 3u);
    EXPECT_EQ(out.engines[2].online, false);
    ASSERT_EQ(out.rails.size(), 4u);
    EXPECT_EQ(out.rails[2].name, "VIN_SYS_5V0");
    EXPECT_DOUBLE_EQ(*out.rails[2].warn_ma, 2100.0);
    EXPECT_EQ(out.rails[2].crit_alarm, false);
    EXPECT_FALSE(out.rails[0].warn_alarm);
    EXPECT_DOUBLE_EQ(*out.power_total_mw, 10592.0);
    ASSERT_EQ(out.thermal.size(), 4u);
    EXPECT_FALSE(out.thermal[2].temp_c);
    EXPECT_EQ(out.fans[0].control_mode, "auto");
    EXPECT_EQ(out.fans[0].rpm, 1530);
    EXPECT_EQ(out.mem.lfb_blocks, 459);
    EXPECT_EQ(out.mem.gpu_shared_kb, 412672);
    ASSERT_TRUE(out.procs);
    EXPECT_EQ(out.procs->total, 412);
    ASSERT_EQ(out.procs->top.size(), 1u);
    EXPECT_EQ(out.procs->top[0].state, 'R');
    EXPECT_EQ(out.procs->top[0].user, "nvidia");
    EXPECT_EQ(out.procs->top[0].gpu, true);
    EXPECT_FALSE(out.procs->top[0].cpu_ticks);
    EXPECT_TRUE(out.procs->all.empty());
    EXPECT_EQ(out.flags, std::vector<std::string>{"gpu-bound"});
    // Writing what was read gives the same line: the writer and reader are inverses.
    EXPECT_EQ(sample_to_json(out).dump(), sample_to_json(in).dump());
}

// A container's group and a process in it: the direct writer gives the documented keys, and the
// reader gives back what was written.
TEST(SessionSampleJson, GroupsAndAProcessGroupReadBack) {
    Sample in = testing::orin_sample();
    in.procs->top[0].group = "triton-server";
    GroupSample group;
    group.path = "/system.slice/nerdctl-9d2b7c4e1a3f.scope";
    group.name = "triton-server";
    group.kind = "containerd";
    group.id = "9d2b7c4e1a3f";
    group.processes = 2;
    group.cpu_pct = 19.87654321, group.cpu_limit_pct = 20;
    group.periods = 1520, group.throttled_periods = 305, group.throttled_pct = 25;
    group.throttled_s = 4.6;
    group.memory_kb = 524288, group.memory_limit_kb = 1048576, group.oom_kills = 2;
    group.io_read_bytes_per_s = 1048576, group.io_write_bytes_per_s = 0;
    group.cpu_some_pct = 12.5, group.memory_full_pct = 0.6;
    group.pids = 14, group.gpu_mem_kb = 24576;
    group.cpu_usage_ns_total = 8623456000;  // a raw counter: not written
    in.groups.push_back(group);
    std::string line = sample_line(in);
    EXPECT_EQ(line, sample_to_json(in).dump());
    json parsed = json::parse(line);
    EXPECT_EQ(keys(parsed["groups"][0]), (std::set<std::string>{"name",
                                                                "kind",
                                                                "id",
                                                                "path",
                                                                "processes",
                                                                "cpu_pct",
                                                                "cpu_limit_pct",
                                                                "periods",
                                                                "throttled_periods",
                                                                "throttled_pct",
                                                                "throttled_s",
                                                                "memory_kb",
                                                                "memory_limit_kb",
                                                                "oom_kills",
                                                                "io_read_bytes_per_s",
                                                                "io_write_bytes_per_s",
                                                                "cpu_some_pct",
                                                                "memory_some_pct",
                                                                "memory_full_pct",
                                                                "io_some_pct",
                                                                "io_full_pct",
                                                                "pids",
                                                                "gpu_mem_kb"}));
    Sample out = sample_from_json(parsed);
    ASSERT_EQ(out.groups.size(), 1u);
    EXPECT_EQ(out.groups[0].name, "triton-server");
    EXPECT_EQ(out.groups[0].id, "9d2b7c4e1a3f");
    EXPECT_DOUBLE_EQ(out.groups[0].cpu_pct.value_or(-1), 19.87654);
    EXPECT_EQ(out.groups[0].throttled_periods, 305);
    EXPECT_EQ(out.groups[0].memory_limit_kb, 1048576);
    EXPECT_FALSE(out.groups[0].memory_some_pct);
    EXPECT_FALSE(out.groups[0].cpu_usage_ns_total);
    EXPECT_EQ(out.procs->top[0].group, "triton-server");
    EXPECT_EQ(sample_line(out), line);
}

TEST(SessionSampleJson, ReadingIgnoresUnknownKeysAndWrongTypes) {
    json line = json::parse(R"({"type":"sample","t":"soon","future_key":{"x":1},
        "cpu":{"util":"high","cores":[{"id":0,"online":"yes","freq_khz":1.5e3,"governor":7}]},
        "mem":{"total_kb":-1,"used_kb":1.25,"free_kb":18446744073709551615},
        "emc":"n/a","procs":[],"rails":{"name":"x"},"thermal":[{"name":"cpu","temp_c":null}],
        "flags":["a",3]})");
    Sample s = sample_from_json(line);
    EXPECT_EQ(s.t_s, 0);
    EXPECT_FALSE(s.cpu.util_pct);
    ASSERT_EQ(s.cpu.cores.size(), 1u);
    EXPECT_TRUE(s.cpu.cores[0].online);
    EXPECT_EQ(s.cpu.cores[0].freq_khz, 1500);
    EXPECT_FALSE(s.cpu.cores[0].governor);
    EXPECT_EQ(s.mem.total_kb, -1);
    EXPECT_FALSE(s.mem.used_kb);
    EXPECT_FALSE(s.mem.free_kb);
    EXPECT_FALSE(s.emc);
    EXPECT_FALSE(s.procs);
    EXPECT_TRUE(s.rails.empty());
    ASSERT_EQ(s.thermal.size(), 1u);
    EXPECT_FALSE(s.thermal[0].temp_c);
    EXPECT_EQ(s.flags, std::vector<std::string>{"a"});
}

TEST(SessionSampleJson, ReadsAnEmptyObjectAsAnEmptySample) {
    Sample s = sample_from_json(json::object());
    EXPECT_TRUE(s.cpu.cores.empty());
    EXPECT_FALSE(s.emc);
    EXPECT_FALSE(s.procs);
    Sample from_garbage = sample_from_json(json("not an object"));
    EXPECT_TRUE(from_garbage.gpu.empty());
}

}  // namespace
}  // namespace edgetop
