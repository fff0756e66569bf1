#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "commands/snapshot_text.hpp"
#include "session/orin_sample.hpp"
#include "text/text_columns.hpp"
#include "text/text_table.hpp"
#include "text/text_units.hpp"

namespace edgetop {
namespace {

TEST(TextUnits, ValuesCarryUnitsAndAbsentIsNa) {
    EXPECT_EQ(text::khz_as_mhz(2201600), "2201.6 MHz");
    EXPECT_EQ(text::khz_as_mhz(114750), "114.75 MHz");
    EXPECT_EQ(text::hz_as_mhz(1300500000), "1300.5 MHz");
    EXPECT_EQ(text::hz_as_mhz(3199000000), "3199 MHz");
    EXPECT_EQ(text::percent(2.083333), "2.08 %");
    EXPECT_EQ(text::milli(4368.0, "mW"), "4368 mW");
    EXPECT_EQ(text::milli(872.25, "mA"), "872.2 mA");
    EXPECT_EQ(text::celsius(52.625), "52.6 °C");
    EXPECT_EQ(text::celsius(-0.01), "0 °C");
    EXPECT_EQ(text::kb_as_mib(31321088), "30587.0 MiB");  // tegrastats: RAM .../30587MB
    EXPECT_EQ(text::duration(3725.48), "01:02:05");
    EXPECT_EQ(text::duration(90061), "1d 01:01:01");
    EXPECT_EQ(text::percent(std::nullopt), "n/a");
    EXPECT_EQ(text::khz_as_mhz(std::nullopt), "n/a");
    EXPECT_EQ(text::celsius(std::nullopt), "n/a");
    EXPECT_EQ(text::yes_no(std::nullopt), "n/a");
    EXPECT_EQ(text::duration(-1.0), "n/a");
}

TEST(TextFields, TheUnitPicksTheFormatter) {
    using schema::Unit;
    EXPECT_EQ(text::unit_value(Unit::percent, std::optional<double>(2.083333)), "2.08 %");
    EXPECT_EQ(text::unit_value(Unit::millivolt, std::optional<double>(5008.0)), "5008 mV");
    EXPECT_EQ(text::unit_value(Unit::milliamp, std::optional<double>(872.25)), "872.2 mA");
    EXPECT_EQ(text::unit_value(Unit::milliwatt, std::optional<double>(4368.0)), "4368 mW");
    EXPECT_EQ(text::unit_value(Unit::celsius, std::optional<double>(52.625)), "52.6 °C");
    EXPECT_EQ(text::unit_value(Unit::seconds, std::optional<double>(90061.0)), "1d 01:01:01");
    EXPECT_EQ(text::unit_value(Unit::per_second, std::optional<double>(4521.5)), "4521.5 /s");
    EXPECT_EQ(text::unit_value(Unit::run_queue, std::optional<double>(0.5)), "0.50");
    EXPECT_EQ(text::unit_value(Unit::khz, std::optional<int64_t>(2201600)), "2201.6 MHz");
    EXPECT_EQ(text::unit_value(Unit::hz, std::optional<int64_t>(1300500000)), "1300.5 MHz");
    EXPECT_EQ(text::unit_value(Unit::kib, std::optional<int64_t>(31321088)), "30587.0 MiB");
    EXPECT_EQ(text::unit_value(Unit::per_minute, std::optional<int64_t>(1530)), "1530 rpm");
    EXPECT_EQ(text::unit_value(Unit::count, std::optional<int64_t>(14)), "14");
    EXPECT_EQ(text::unit_value(Unit::boolean, std::optional<bool>(false)), "no");
    EXPECT_EQ(text::unit_value(Unit::character, std::optional<char>('R')), "R");
    EXPECT_EQ(text::unit_value(Unit::text, std::optional<std::string>("")), "n/a");
    EXPECT_EQ(text::unit_value(Unit::text, std::string("")), "");
    EXPECT_EQ(text::unit_value(Unit::percent, std::optional<double>()), "n/a");
    EXPECT_EQ(text::unit_value(Unit::khz, std::optional<int64_t>()), "n/a");
    EXPECT_EQ(text::unit_value(Unit::boolean, std::optional<bool>()), "n/a");
}

TEST(TextFields, AFieldNamedByKeyIsReadThroughTheSchema) {
    CoreSample core;
    core.id = 3;
    core.online = false;
    core.cluster = 2;
    core.freq_khz = 114750;
    EXPECT_EQ((text::field_text<CoreSample, text::key<CoreSample>("freq_khz")>(core)),
              "114.75 MHz");
    EXPECT_EQ((text::field_text<CoreSample, text::key<CoreSample>("min_khz")>(core)), "n/a");
    EXPECT_EQ((text::field_text<CoreSample, text::key<CoreSample>("online")>(core)), "no");
    EXPECT_EQ((text::field_text<CoreSample, text::key<CoreSample>("cluster")>(core)), "2");
    Sample sample;
    sample.system.uptime_s = 3725.48;
    sample.system.ctxt_per_s = 120;
    EXPECT_EQ(
        text::summary_text(
            sample, {text::inner_field_column<&Sample::system, text::key<SystemSample>("uptime_s")>(
                         "uptime"),
                     text::field_column<Sample, text::key<Sample>("ctxt_per_s")>("ctxt")}),
        "uptime 01:02:05  ctxt 120 /s");
}

TEST(TextTable, AlignsColumnsByDisplayWidth) {
    TextTable t;
    t.add_row({"cpu", "52.6 °C"});
    t.add_row({"tj", "n/a", "x"});
    EXPECT_EQ(t.render("  "), "  cpu  52.6 °C\n  tj   n/a      x\n");
}

TEST(Snapshot, ShowsEveryFamilyOfAnOrin) {
    std::string text = format_snapshot(testing::orin_sample(), testing::orin_board());
    for (const char* expected :
         {"NVIDIA Jetson AGX Orin Developer Kit",
          "SoC tegra234",
          "L4T 36.4.3",
          "power mode 0 (MAXN)",
          "util 2.08 %",
          "2201.6 MHz",
          "schedutil",
          "uptime 01:02:05",
          "load 0.52 0.48 0.40",
          "4521.5 /s",
          "1300.5 MHz",
          "nvhost_podgov",
          "EMC       util 0.00 %",
          "3199 MHz",
          "VIC",
          "729.6 MHz",
          "VDD_GPU_SOC",
          "4368 mW",
          "total 10592 mW",
          "52.6 °C",
          "pwmfan",
          "1530 rpm",
          "30587.0 MiB",
          "459 x 4096 kB",
          "major faults        12.5 /s",
          "OOM kills           1",
          "Pressure  cpu some 2.35 %  memory some 0.84 %  memory full 0.41 %",
          "io full 1.54 %",
          "pwm-fan       1      3",
          "cpufreq-cpu0  n/a    10",
          "trtexec",
          "97.46 %",
          "Flags     gpu-bound"})
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
}

std::vector<std::string> labels_of(const auto& columns) {
    std::vector<std::string> labels;
    for (const auto& column : columns)
        labels.emplace_back(column.label);
    return labels;
}

TEST(SnapshotColumns, TheSchemasOtherFieldsFollowUnderTheirKeysInSchemaOrder) {
    using S = EngineSample;
    auto load = text::field_column<S, text::key<S>("load")>("load");
    EXPECT_EQ(labels_of(text::schema_columns<S>({load})),
              (std::vector<std::string>{"load", "name", "online", "freq_hz", "load_period_s"}));
    EXPECT_EQ(labels_of(text::schema_columns<S>({load}, "online load_period_s")),
              (std::vector<std::string>{"load", "name", "freq_hz"}));
    // A column written by hand names the fields it shows.
    using R = RailSample;
    auto rails = text::schema_columns<R>(
        {{"rail", [](const R& r) { return r.name + "!"; }, "name is_total in_total"}});
    ASSERT_EQ(labels_of(rails),
              (std::vector<std::string>{"rail", "voltage_mv", "current_ma", "power_mw", "warn_ma",
                                        "crit_ma", "warn_alarm", "crit_alarm"}));
    R rail;
    rail.name = "VDD_IN";
    rail.power_mw = 4368.0;
    rail.warn_alarm = true;
    EXPECT_EQ(rails[0].cell(rail), "VDD_IN!");
    EXPECT_EQ(rails[3].cell(rail), "4368 mW");
    EXPECT_EQ(rails[6].cell(rail), "yes");
    EXPECT_EQ(rails[7].cell(rail), "n/a");
    // A list of left-out fields that went stale says so at its first use.
    EXPECT_THROW(text::schema_columns<S>({load}, "load_period"), std::logic_error);
    EXPECT_THROW(text::schema_columns<S>({load}, "name load"), std::logic_error);
}

TEST(Snapshot, AStructOfTheSampleWithoutASectionIsWrittenUnderItsKeyFromItsSchema) {
    Sample sample = testing::orin_sample();
    // Every key the snapshot writes a section for is a struct of the sample.
    for (auto key : text::detail::key_list(kSnapshotSections))
        ASSERT_LT(schema::index_of<Sample>(key), schema::field_count<Sample>()) << key;
    std::string written(kSnapshotSections);
    EXPECT_EQ(schema_sections(sample, written), "");
    auto without = [&](const std::string& key) {
        std::string list = " " + written + " ";
        list.replace(list.find(" " + key + " "), key.size() + 2, " ");
        return list;
    };
    EXPECT_EQ(schema_sections(sample, without("disks")),
              "\ndisks\n"
              "  name     read_bytes_per_s  write_bytes_per_s  busy_pct\n"
              "  mmcblk0  0.00 MiB/s        0.02 MiB/s         0.40 %\n"
              "  nvme0n1  393.75 MiB/s      3.00 MiB/s         87.25 %\n");
    sample.emc.reset();
    EXPECT_EQ(schema_sections(sample, without("emc")), "\nemc       n/a\n");
    std::string fans = schema_sections(sample, without("fans"));
    EXPECT_EQ(fans.rfind("\nfans\n  name    speed_pct  rpm       control\n  pwmfan  ", 0), 0u)
        << fans;
}

TEST(Snapshot, AbsentValuesAreNa) {
    std::string text = format_snapshot(testing::orin_sample(), testing::orin_board());
    // cv0 is power-gated, core 11 offline, NVENC has no clock.
    EXPECT_NE(text.find("cv0  n/a"), std::string::npos) << text;
    EXPECT_NE(text.find("NVENC  no      n/a"), std::string::npos) << text;
}

TEST(Snapshot, EmptySampleSaysNaAndNoneFound) {
    std::string text = format_snapshot(Sample{}, Board{});
    EXPECT_NE(text.find("Board     n/a  SoC n/a  L4T n/a  JetPack n/a  power mode n/a"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("CPU       util n/a"), std::string::npos);
    EXPECT_NE(text.find("GPU       none found"), std::string::npos);
    EXPECT_NE(text.find("EMC       none found"), std::string::npos);
    EXPECT_NE(text.find("Power     total n/a"), std::string::npos);
    EXPECT_NE(text.find("Processes n/a"), std::string::npos);
    EXPECT_NE(text.find("Flags     none"), std::string::npos);
    EXPECT_NE(text.find("Pressure  n/a"), std::string::npos);  // no /proc/pressure
    EXPECT_NE(text.find("Cooling   none found"), std::string::npos);
}

TEST(CheckFormat, OneAlignedLinePerSource) {
    std::string text = format_check({
        {"cpu.stat", SourceStatus::State::found, "/proc/stat", ""},
        {"emc.actmon", SourceStatus::State::needs_root, "/sys/kernel/debug/cactmon/mc_all",
         "debugfs is root-only: run as root or grant CAP_DAC_READ_SEARCH"},
        {"fan", SourceStatus::State::absent, "", "no PWM fan"},
    });
    EXPECT_EQ(text,
              "cpu.stat    found       /proc/stat\n"
              "emc.actmon  needs root  /sys/kernel/debug/cactmon/mc_all (debugfs is root-only: "
              "run as root or grant CAP_DAC_READ_SEARCH)\n"
              "fan         absent      no PWM fan\n");
}

TEST(RootProblem, NamesWhatIsWrong) {
    EXPECT_FALSE(root_problem("/"));
    EXPECT_EQ(root_problem("/nonexistent/x"), "/nonexistent/x: No such file or directory");
    EXPECT_EQ(root_problem("/etc/hostname"), "/etc/hostname: not a directory");
}

}  // namespace
}  // namespace edgetop
