// The metric families built from real fixture samples: names, units, labels and values, and the
// rule that an absent sensor is an absent series.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "analysis/rules_config.hpp"
#include "exporter/export_model.hpp"
#include "exporter/family_builder.hpp"
#include "sensors/sampler/sampler.hpp"
#include "tests/exporter/fixture_families.hpp"
#include "tests/exporter/metric_names.hpp"
#include "tests/support/fixture_tree.hpp"

namespace edgetop::exporter {
namespace {

const MetricFamily* find(const Families& families, const std::string& name) {
    for (const auto& family : families)
        if (family.name == name) return &family;
    return nullptr;
}

// The value of the one series of `name` whose labels include every given pair.
std::optional<double> value(const Families& families, const std::string& name,
                            const Labels& labels = {}) {
    const MetricFamily* family = find(families, name);
    if (!family) return std::nullopt;
    for (const auto& series : family->series) {
        bool matches = std::all_of(labels.begin(), labels.end(), [&](const auto& wanted) {
            return std::any_of(series.labels.begin(), series.labels.end(), [&](const auto& label) {
                return label.name == wanted.first && label.value == wanted.second;
            });
        });
        if (!matches) continue;
        return series.value;
    }
    return std::nullopt;
}

TEST(ExportModel, OrinRailsInBaseUnitsWithWattsFromVoltsTimesAmperes) {
    Families families = families_of("agx-orin");
    // hwmon3 of the fixture: in1_input 840 mV, curr1_input 5200 mA, no power file.
    EXPECT_DOUBLE_EQ(*value(families, "edgetop_rail_voltage_volts", {{"rail", "VDD_GPU_SOC"}}),
                     0.84);
    EXPECT_DOUBLE_EQ(*value(families, "edgetop_rail_current_amperes", {{"rail", "VDD_GPU_SOC"}}),
                     5.2);
    EXPECT_NEAR(*value(families, "edgetop_rail_power_watts", {{"rail", "VDD_GPU_SOC"}}), 0.84 * 5.2,
                1e-9);
    ASSERT_TRUE(value(families, "edgetop_power_watts"));
    EXPECT_GT(*value(families, "edgetop_power_watts"), 0);
    // Two samples of constant power: energy = power x the real time between them (> 0).
    EXPECT_GT(*value(families, "edgetop_energy_joules_total"), 0);
    EXPECT_EQ(find(families, "edgetop_energy_joules_total")->type, MetricType::Counter);
}

TEST(ExportModel, OrinCpuSecondsByCoreAndModeFromProcStat) {
    Families families = families_of("agx-orin");
    // cpu0 line of the fixture's /proc/stat: user 256615 ticks, idle 26015934, at USER_HZ 100.
    EXPECT_DOUBLE_EQ(
        *value(families, "edgetop_cpu_seconds_total", {{"cpu", "0"}, {"mode", "user"}}), 2566.15);
    EXPECT_DOUBLE_EQ(
        *value(families, "edgetop_cpu_seconds_total", {{"cpu", "0"}, {"mode", "idle"}}), 260159.34);
    EXPECT_EQ(find(families, "edgetop_cpu_seconds_total")->series.size(), 12u * 8u);
    EXPECT_EQ(*value(families, "edgetop_cpu_online", {{"cpu", "11"}}), 1);
    EXPECT_EQ(*value(families, "edgetop_cpu_frequency_hertz", {{"cpu", "0"}}), 2201600000.0);
}

TEST(ExportModel, OrinGpuEmcEnginesThermalFanMemoryAndBoard) {
    Families families = families_of("agx-orin");
    EXPECT_EQ(*value(families, "edgetop_gpu_frequency_hertz", {{"gpu", "ga10b"}}), 1300500000.0);
    ASSERT_TRUE(value(families, "edgetop_gpu_load_ratio", {{"gpu", "ga10b"}}));
    EXPECT_EQ(*value(families, "edgetop_emc_frequency_hertz"), 3199000000.0);
    EXPECT_EQ(*value(families, "edgetop_engine_online", {{"engine", "VIC"}}), 1);
    EXPECT_EQ(*value(families, "edgetop_engine_online", {{"engine", "DLA0"}}), 0);
    EXPECT_EQ(*value(families, "edgetop_temperature_celsius", {{"zone", "CPU"}}), 52.625);
    EXPECT_EQ(*value(families, "edgetop_fan_speed_rpm", {{"fan", "pwmfan"}}), 2049);
    EXPECT_EQ(*value(families, "edgetop_memory_total_bytes"), 32072847360.0);
    ASSERT_TRUE(value(families, "edgetop_memory_gpu_shared_bytes"));
    ASSERT_TRUE(value(families, "edgetop_context_switches_total"));
    EXPECT_EQ(*value(families, "edgetop_board_info",
                     {{"model", "Jetson AGX Orin"},
                      {"soc", "tegra234"},
                      {"l4t", "35.3.1"},
                      {"jetpack", "5.1.1"}}),
              1);
    EXPECT_EQ(*value(families, "edgetop_power_mode_info", {{"name", "MAXN"}}), 1);
    EXPECT_EQ(*value(families, "edgetop_samples_total"), 2);
}

TEST(ExportModel, TheSamplesCpuShareAndTheServingVersion) {
    Sampler sampler{Root(testing::fixture_path("agx-orin"))};
    ExportModel model(sampler.board(), {}, 100);
    Sample sample = sampler.sample();
    sample.cpu.util_pct = 37.5;
    Families without = model.add(sample);
    EXPECT_DOUBLE_EQ(*value(without, "edgetop_cpu_utilization_ratio"), 0.375);
    EXPECT_EQ(find(without, "edgetop_build_info"), nullptr);  // no version, no family
    model.set_version("1.2.3");
    sample.cpu.util_pct.reset();  // the first sample has none
    Families with = model.add(sample);
    EXPECT_EQ(*value(with, "edgetop_build_info", {{"version", "1.2.3"}}), 1);
    EXPECT_FALSE(value(with, "edgetop_cpu_utilization_ratio"));
}

// The sample line cuts its time to milliseconds; the metric keeps whole microseconds, so that
// the line's millisecond comes back from it (fleet rows and views read through Prometheus).
TEST(ExportModel, TheSampleTimeIsCutToMicrosecondsAsTheLineCutsItsMilliseconds) {
    using namespace std::chrono;
    Sampler sampler{Root(testing::fixture_path("agx-orin"))};
    ExportModel model(sampler.board(), {}, 100);
    Sample sample = sampler.sample();
    // 400 ns before the next millisecond: rounded, the microseconds would be the next one's.
    sample.time = system_clock::time_point(
        duration_cast<system_clock::duration>(nanoseconds(1'795'870'692'377'999'600)));
    auto unix_s = value(model.add(sample), "edgetop_last_sample_timestamp_seconds");
    ASSERT_TRUE(unix_s);
    EXPECT_EQ(std::llround(*unix_s * 1e6), 1'795'870'692'377'999);
}

TEST(ExportModel, OrinPressureCoolingFaultsAndOomKills) {
    Families families = families_of("agx-orin");
    // PSI avg10 in percent served as a ratio: memory full 0.41 % -> 0.0041.
    EXPECT_DOUBLE_EQ(*value(families, "edgetop_pressure_memory_full_ratio"), 0.0041);
    EXPECT_DOUBLE_EQ(*value(families, "edgetop_pressure_io_full_ratio"), 0.0154);
    EXPECT_DOUBLE_EQ(*value(families, "edgetop_pressure_cpu_some_ratio"), 0.0235);
    EXPECT_EQ(*value(families, "edgetop_cooling_device_state", {{"name", "pwm-fan"}}), 1);
    EXPECT_EQ(*value(families, "edgetop_cooling_device_max_state", {{"name", "pwm-fan"}}), 3);
    EXPECT_EQ(*value(families, "edgetop_memory_major_faults_total"), 5240);
    EXPECT_EQ(*value(families, "edgetop_memory_oom_kills_total"), 1);
    EXPECT_EQ(find(families, "edgetop_memory_oom_kills_total")->type, MetricType::Counter);
}

// JetPack 4: no /proc/pressure, no oom_kill line: no series, never a zero.
TEST(ExportModel, NanoHasNoPressureOrOomSeries) {
    Families families = families_of("nano");
    for (const char* absent :
         {"edgetop_pressure_cpu_some_ratio", "edgetop_pressure_memory_full_ratio",
          "edgetop_pressure_io_full_ratio", "edgetop_memory_oom_kills_total"})
        EXPECT_EQ(find(families, absent), nullptr) << absent;
    EXPECT_TRUE(value(families, "edgetop_memory_major_faults_total"));
    EXPECT_EQ(*value(families, "edgetop_cooling_device_state", {{"name", "CPU-balanced"}}), 0);
}

// Two coretemp packages: the second chip's sensors are labelled "coretemp.1 ...", so each series
// has its own label.
TEST(ExportModel, SecondHwmonChipOfANameHasItsOwnZoneLabel) {
    testing::FixtureTree tree("x86-pc");
    const std::string second = "/sys/devices/platform/coretemp.1/hwmon/hwmon3";
    tree.write(second + "/name", "coretemp\n");
    tree.write(second + "/temp1_label", "Core 0\n");
    tree.write(second + "/temp1_input", "49000\n");
    tree.symlink("/sys/class/hwmon/hwmon3", second);
    Sampler sampler{Root(tree.root())};
    ExportModel model(sampler.board(), analysis::RuleConfig().enabled_ids(), 100);
    Families families = model.add(sampler.sample());
    EXPECT_EQ(*value(families, "edgetop_temperature_celsius", {{"zone", "coretemp Core 0"}}), 44);
    EXPECT_EQ(*value(families, "edgetop_temperature_celsius", {{"zone", "coretemp.1 Core 0"}}), 49);
}

TEST(ExportModel, OrinDiskAndNetworkCountersByDevice) {
    Families families = families_of("agx-orin");
    // nvme0n1 line of the fixture's /proc/diskstats: 3490344 sectors read, 1105560 written,
    // io_ticks 129913 ms; eth0 of /proc/net/dev: 2691209968 bytes in, 281146296 out.
    EXPECT_EQ(*value(families, "edgetop_disk_read_bytes_total", {{"device", "nvme0n1"}}),
              3490344.0 * 512);
    EXPECT_EQ(*value(families, "edgetop_disk_written_bytes_total", {{"device", "nvme0n1"}}),
              1105560.0 * 512);
    EXPECT_DOUBLE_EQ(
        *value(families, "edgetop_disk_io_time_seconds_total", {{"device", "nvme0n1"}}), 129.913);
    EXPECT_EQ(*value(families, "edgetop_network_receive_bytes_total", {{"device", "eth0"}}),
              2691209968.0);
    EXPECT_EQ(*value(families, "edgetop_network_transmit_bytes_total", {{"device", "eth0"}}),
              281146296.0);
    // Whole disks only, every interface but lo.
    EXPECT_EQ(find(families, "edgetop_disk_read_bytes_total")->series.size(), 2u);
    EXPECT_EQ(find(families, "edgetop_network_receive_bytes_total")->series.size(), 7u);
    EXPECT_FALSE(value(families, "edgetop_network_receive_bytes_total", {{"device", "lo"}}));
    for (const char* counter :
         {"edgetop_disk_read_bytes_total", "edgetop_disk_written_bytes_total",
          "edgetop_disk_io_time_seconds_total", "edgetop_network_receive_bytes_total",
          "edgetop_network_transmit_bytes_total"})
        EXPECT_EQ(find(families, counter)->type, MetricType::Counter) << counter;
}

TEST(ExportModel, NoDiskOrNetworkSeriesWithoutTheirFiles) {
    testing::FixtureTree tree("nano");
    tree.remove("/proc/diskstats");
    tree.remove("/proc/net/dev");
    Sampler sampler{Root(tree.root())};
    ExportModel model(sampler.board(), analysis::RuleConfig().enabled_ids(), 100);
    Families families = model.add(sampler.sample());
    for (const char* absent :
         {"edgetop_disk_read_bytes_total", "edgetop_disk_written_bytes_total",
          "edgetop_disk_io_time_seconds_total", "edgetop_network_receive_bytes_total",
          "edgetop_network_transmit_bytes_total"})
        EXPECT_EQ(find(families, absent), nullptr) << absent;
}

TEST(ExportModel, AbsentSensorsAreAbsentFamiliesNotZeros) {
    Families families = families_of("x86-pc");
    for (const char* absent :
         {"edgetop_gpu_load_ratio", "edgetop_gpu_frequency_hertz", "edgetop_emc_utilization_ratio",
          "edgetop_engine_online", "edgetop_rail_voltage_volts", "edgetop_memory_gpu_shared_bytes",
          "edgetop_power_mode_info"})
        EXPECT_EQ(find(families, absent), nullptr) << absent;
    EXPECT_TRUE(find(families, "edgetop_cpu_seconds_total"));
    for (const auto& family : families)
        EXPECT_FALSE(family.series.empty()) << family.name;
}

TEST(ExportModel, EveryNameIsValidWithUnitsAndTotalOnCountersOnly) {
    for (const char* board : {"agx-orin", "nano", "thor", "x86-pc"}) {
        for (const auto& family : families_of(board)) {
            EXPECT_TRUE(testing::is_metric_name(family.name)) << family.name;
            EXPECT_TRUE(family.name.starts_with("edgetop_")) << family.name;
            bool total = family.name.ends_with("_total");
            EXPECT_EQ(total, family.type == MetricType::Counter) << family.name;
            EXPECT_FALSE(family.help.empty()) << family.name;
            for (const auto& series : family.series)
                for (const auto& label : series.labels)
                    EXPECT_TRUE(testing::is_label_name(label.name)) << label.name;
        }
    }
}

TEST(ExportModel, FlagGaugeFollowsTheSampleAndRaisesCountEachRise) {
    Board board;
    ExportModel model(board, {"gpu_starved", "io_stall"}, 100);
    auto with_flags = [](double t_s, std::vector<std::string> flags) {
        Sample sample;
        sample.t_s = t_s;
        sample.flags = std::move(flags);
        return sample;
    };
    model.add(with_flags(0, {}));
    model.add(with_flags(1, {"gpu_starved"}));
    model.add(with_flags(2, {"gpu_starved"}));
    model.add(with_flags(3, {}));
    Families families = model.add(with_flags(4, {"gpu_starved"}));
    EXPECT_EQ(*value(families, "edgetop_flag_raised", {{"flag", "gpu_starved"}}), 1);
    EXPECT_EQ(*value(families, "edgetop_flag_raises_total", {{"flag", "gpu_starved"}}), 2);
    EXPECT_EQ(*value(families, "edgetop_flag_raised", {{"flag", "io_stall"}}), 0);
    EXPECT_EQ(*value(families, "edgetop_flag_raises_total", {{"flag", "io_stall"}}), 0);
    // A sample of no board has no measured series at all.
    EXPECT_EQ(find(families, "edgetop_power_watts"), nullptr);
    EXPECT_EQ(find(families, "edgetop_energy_joules_total"), nullptr);
}

}  // namespace
}  // namespace edgetop::exporter
