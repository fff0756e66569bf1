// edgetop export --format csv: on a real recording of the AGX Orin fixture, every value of every
// sample is in its column, with the unit in the column's name; on hand-built sessions, elements
// missing or new after the first sample, quoting, and several sessions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "export/export_test_support.hpp"
#include "support/sample_builder.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;
using session_export::Format;

double number(const std::string& cell) {
    size_t used = 0;
    double v = std::stod(cell, &used);
    EXPECT_EQ(used, cell.size()) << cell;
    return v;
}

// The cell holds the JSON value exactly (shortest round-trip text), or is empty for null.
void expect_cell(const std::string& cell, const json& value, const std::string& what) {
    if (value.is_null()) {
        EXPECT_EQ(cell, "") << what;
    } else if (value.is_boolean()) {
        EXPECT_EQ(cell, value.get<bool>() ? "true" : "false") << what;
    } else if (value.is_string()) {
        EXPECT_EQ(cell, value.get<std::string>()) << what;
    } else {
        ASSERT_FALSE(cell.empty()) << what;
        EXPECT_EQ(number(cell), value.get<double>()) << what;
    }
}

TEST(CsvExport, HoldsEveryValueOfARecordedAgxOrinSession) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "orin.jsonl", "agx-orin", 5);
    auto exported = export_files({session}, Format::csv);
    EXPECT_TRUE(exported.warnings.empty());
    auto rows = parse_csv(exported.text);
    std::vector<json> samples;
    for (const auto& line : parse_lines(read_lines(session)))
        if (line["type"] == "sample") samples.push_back(line);
    ASSERT_EQ(samples.size(), 5u);
    ASSERT_EQ(rows.size(), samples.size() + 1);
    const auto& header = rows[0];
    for (size_t r = 1; r < rows.size(); ++r)
        ASSERT_EQ(rows[r].size(), header.size()) << "row " << r;

    for (size_t i = 0; i < samples.size(); ++i) {
        const auto& row = rows[i + 1];
        const json& s = samples[i];
        auto cell = [&](const std::string& name) { return row[column(header, name)]; };
        expect_cell(cell("t_s"), s["t"], "t");
        expect_cell(cell("time"), s["time"], "time");
        expect_cell(cell("cpu_util_pct"), s["cpu"]["util"], "cpu util");
        for (const auto& core : s["cpu"]["cores"]) {
            std::string prefix = "cpu" + std::to_string(core["id"].get<int>()) + "_";
            expect_cell(cell(prefix + "util_pct"), core["util"], prefix + "util");
            expect_cell(cell(prefix + "freq_khz"), core["freq_khz"], prefix + "freq");
            expect_cell(cell(prefix + "online"), core["online"], prefix + "online");
        }
        ASSERT_FALSE(s["gpu"].empty());
        for (const auto& gpu : s["gpu"]) {
            std::string prefix = "gpu_" + gpu["name"].get<std::string>() + "_";
            expect_cell(cell(prefix + "load_pct"), gpu["load"], prefix + "load");
            expect_cell(cell(prefix + "freq_hz"), gpu["freq_hz"], prefix + "freq");
        }
        expect_cell(cell("emc_util_pct"), s["emc"]["util"], "emc util");
        expect_cell(cell("emc_freq_hz"), s["emc"]["freq_hz"], "emc freq");
        ASSERT_FALSE(s["rails"].empty());
        for (const auto& rail : s["rails"]) {
            std::string prefix = "rail_" + rail["name"].get<std::string>() + "_";
            expect_cell(cell(prefix + "power_mw"), rail["power_mw"], prefix + "power");
            expect_cell(cell(prefix + "voltage_mv"), rail["voltage_mv"], prefix + "voltage");
            expect_cell(cell(prefix + "current_ma"), rail["current_ma"], prefix + "current");
        }
        expect_cell(cell("power_total_mw"), s["power_total_mw"], "total power");
        ASSERT_FALSE(s["thermal"].empty());
        for (const auto& zone : s["thermal"]) {
            std::string name = "thermal_" + zone["name"].get<std::string>() + "_temp_c";
            expect_cell(cell(name), zone["temp_c"], name);
        }
        expect_cell(cell("mem_used_kb"), s["mem"]["used_kb"], "mem used");
        expect_cell(cell("mem_available_kb"), s["mem"]["available_kb"], "mem available");
        expect_cell(cell("ctxt_per_s"), s["ctxt_per_s"], "ctxt");
        std::string flags;
        for (const auto& f : s["flags"])
            flags += (flags.empty() ? "" : ";") + f.get<std::string>();
        EXPECT_EQ(cell("flags"), flags);
    }
}

// Every column of a unit the schema gives ends with that unit; none is duplicated.
TEST(CsvExport, HeaderNamesCarryTheirUnits) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "orin.jsonl", "agx-orin", 2);
    auto header = parse_csv(export_files({session}, Format::csv).text).at(0);
    std::set<std::string> seen;
    for (const auto& name : header) {
        EXPECT_TRUE(seen.insert(name).second) << "duplicate column " << name;
        auto ends = [&](const std::string& suffix) {
            return name.size() >= suffix.size() &&
                   name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
        };
        bool gpu_load = name.rfind("gpu_", 0) == 0 && name.find("_load") != std::string::npos;
        if (name.find("_util") != std::string::npos || gpu_load) {
            EXPECT_TRUE(ends("_pct")) << name;
        }
        if (name.find("freq") != std::string::npos) {
            EXPECT_TRUE(ends("_khz") || ends("_hz")) << name;
        }
        if (name.find("_temp") != std::string::npos) {
            EXPECT_TRUE(ends("_c")) << name;
        }
        if (name.find("power") != std::string::npos) {
            EXPECT_TRUE(ends("_mw")) << name;
        }
    }
    for (const char* expected :
         {"t_s", "time", "cpu_util_pct", "cpu0_util_pct", "cpu11_freq_khz", "gpu_ga10b_load_pct",
          "emc_util_pct", "power_total_mw", "mem_used_kb", "mem_available_kb", "ctxt_per_s",
          "system_load_1", "system_procs_running", "procs_running", "rail_VDD_GPU_SOC_power_mw",
          "thermal_CPU_temp_c", "engine_NVENC_freq_hz", "fan_pwmfan_rpm", "flags"})
        EXPECT_EQ(std::count(header.begin(), header.end(), expected), 1) << expected;
}

Sample sample_at(int k) {
    Sample s;
    s.t_s = k * 0.5;
    s.time = at_ms(1700000000000 + k * 500);
    s.cpu.util_pct = 10.0 + k;
    CoreSample core;
    core.id = 0;
    core.util_pct = 20.0 + k;
    core.freq_khz = 1000000 + k;
    s.cpu.cores.push_back(core);
    s.rails.push_back(rail_from_power("VDD_IN", 5000.25 + k));
    s.rails.push_back(rail_from_power("VDD_CPU", 1200 + k));
    ThermalSample zone;
    zone.name = "cpu-thermal";
    zone.temp_c = 45.5 + k;
    s.thermal.push_back(zone);
    s.power_total_mw = 5000.25 + k;
    return s;
}

TEST(CsvExport, AMissingElementIsEmptyCellsAndANewOneIsLeftOutWithOneWarning) {
    TempDir tmp;
    std::vector<Sample> samples{sample_at(0), sample_at(1), sample_at(2), sample_at(3)};
    samples[1].rails.erase(samples[1].rails.begin());  // VDD_IN missing
    samples[2].rails.push_back(rail_from_power("VDD_NEW", 7));
    samples[3].rails.push_back(rail_from_power("VDD_NEW", 8));
    samples[3].emc = EmcSample{};  // no emc in the first sample: its columns stay empty
    samples[3].emc->util_pct = 33;
    SessionEnd end;
    end.t_s = 2;
    end.samples = 4;
    std::string file = write_session(tmp, "s.jsonl", samples, end);
    auto exported = export_files({file}, Format::csv);
    ASSERT_EQ(exported.warnings.size(), 1u) << ::testing::PrintToString(exported.warnings);
    EXPECT_NE(exported.warnings[0].find("line 4"), std::string::npos) << exported.warnings[0];
    EXPECT_NE(exported.warnings[0].find("rails"), std::string::npos) << exported.warnings[0];
    auto rows = parse_csv(exported.text);
    ASSERT_EQ(rows.size(), 5u);
    const auto& header = rows[0];
    for (const auto& row : rows)
        EXPECT_EQ(row.size(), header.size());
    EXPECT_EQ(std::count(header.begin(), header.end(), "rail_VDD_NEW_power_mw"), 0);
    size_t vdd_in = column(header, "rail_VDD_IN_power_mw");
    EXPECT_EQ(rows[1][vdd_in], "5000.25");
    EXPECT_EQ(rows[2][vdd_in], "");
    EXPECT_EQ(rows[3][vdd_in], "5002.25");
    EXPECT_EQ(rows[2][column(header, "rail_VDD_CPU_power_mw")], "1201");
    EXPECT_EQ(rows[4][column(header, "emc_util_pct")], "33");
    EXPECT_EQ(rows[1][column(header, "emc_util_pct")], "");
    EXPECT_EQ(rows[4][column(header, "thermal_cpu-thermal_temp_c")], "48.5");
    EXPECT_EQ(rows[4][column(header, "cpu0_freq_khz")], "1000003");
    EXPECT_EQ(rows[3][column(header, "cpu0_util_pct")], "22");
    EXPECT_EQ(rows[4][column(header, "cpu_util_pct")], "13");
    EXPECT_EQ(rows[4][column(header, "t_s")], "1.5");
    EXPECT_EQ(rows[4][column(header, "time")], "2023-11-14T22:13:21.500Z");
}

TEST(CsvExport, QuotesNamesAndValuesThatNeedIt) {
    TempDir tmp;
    std::vector<Sample> samples{sample_at(0), sample_at(1)};
    for (auto& s : samples) {
        ThermalSample zone;
        zone.name = "odd, \"zone\"";
        zone.temp_c = 30;
        s.thermal.push_back(zone);
        FanSample fan;
        fan.name = "fan0";
        fan.control_mode = "auto,\nmanual";
        s.fans.push_back(fan);
        s.flags = {"gpu_starved", "thermal_throttle"};
    }
    std::string file = write_session(tmp, "s.jsonl", samples);
    std::string text = export_files({file}, Format::csv).text;
    EXPECT_NE(text.find("\"thermal_odd, \"\"zone\"\"_temp_c\""), std::string::npos);
    auto rows = parse_csv(text);
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[1].size(), rows[0].size());
    EXPECT_EQ(rows[2][column(rows[0], "thermal_odd, \"zone\"_temp_c")], "30");
    EXPECT_EQ(rows[2][column(rows[0], "fan_fan0_control")], "auto,\nmanual");
    EXPECT_EQ(rows[2][column(rows[0], "flags")], "gpu_starved;thermal_throttle");
}

TEST(CsvExport, ConcatenatesSessionsWithTheSameColumnsUnderOneHeader) {
    TempDir tmp;
    std::string a = write_session(tmp, "a.jsonl", {sample_at(0), sample_at(1)});
    std::string b = write_session(tmp, "b.jsonl", {sample_at(5)});
    auto rows = parse_csv(export_files({a, b}, Format::csv).text);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[3][column(rows[0], "t_s")], "2.5");
}

TEST(CsvExport, SessionsWithOtherColumnsAreAnErrorNamingTheFileBeforeAnyOutput) {
    TempDir tmp;
    std::string a = write_session(tmp, "a.jsonl", {sample_at(0)});
    Sample other = sample_at(1);
    other.rails.pop_back();
    std::string b = write_session(tmp, "b.jsonl", {other});
    std::string written;
    try {
        session_export::export_sessions(
            {a, b}, Format::csv, [&](std::string_view piece) { written += piece; },
            [](const std::string&) {});
        FAIL() << "no error";
    } catch (const session_export::ExportError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find(b), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    EXPECT_EQ(written, "");
}

}  // namespace
}  // namespace edgetop::testing
