// Sources that come and go during a recording: a second NVMe drive plugged into a copy of the PC
// fixture while `edgetop record --root` runs (its /proc/diskstats line, its /sys/block entry and
// the hwmon chip the nvme driver registers), and the same drive pulled out. The sampler looks for
// changes every few seconds, so the drive shows in the samples soon after it appears and is absent
// soon after it goes, instead of never appearing or staying at its last reading.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <functional>

#include "e2e/edgetop_process.hpp"
#include "report/report_session.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing::sources_appear {
namespace {

using nlohmann::json;

// The layout a second NVMe controller gets on a PC: the nvme driver's hwmon chip is named "nvme"
// with temp1 labelled "Composite" (drivers/nvme/host/hwmon.c); the PC fixture already has nvme0's,
// so edgetop names this one's "nvme.1 Composite".
constexpr const char* kDevice = "/sys/devices/pci0000:00/0000:00:1c.4/0000:3e:00.0/nvme/nvme1";
constexpr const char* kHwmonLink = "/sys/class/hwmon/hwmon3";
constexpr const char* kBlockLink = "/sys/block/nvme1n1";
constexpr const char* kSensor = "nvme.1 Composite";
constexpr const char* kDisk = "nvme1n1";
constexpr const char* kDiskLine =
    " 259       4 nvme1n1 5120 0 409600 1200 2048 0 163840 900 0 2100 2100 0 0 0 0 0 0\n";

void plug_in(const FixtureTree& tree, const std::string& diskstats) {
    std::string device = kDevice;
    tree.write(device + "/hwmon/hwmon3/name", "nvme\n");
    tree.write(device + "/hwmon/hwmon3/temp1_input", "36850\n");
    tree.write(device + "/hwmon/hwmon3/temp1_label", "Composite\n");
    tree.write(device + "/nvme1n1/stat", "");
    tree.symlink(kHwmonLink, device + "/hwmon/hwmon3");
    tree.symlink(kBlockLink, device + "/nvme1n1");
    tree.write("/proc/diskstats", diskstats + kDiskLine);
}

void pull_out(const FixtureTree& tree, const std::string& diskstats) {
    tree.write("/proc/diskstats", diskstats);
    tree.remove(kHwmonLink);
    tree.remove(kBlockLink);
    tree.remove(kDevice);
}

std::vector<json> samples_in(const std::string& path) {
    std::vector<json> samples;
    for (const auto& line : read_lines(path)) {
        auto value = json::parse(line, nullptr, false);
        if (!value.is_discarded() && value.value("type", "") == "sample")
            samples.push_back(std::move(value));
    }
    return samples;
}

const json* named(const json& sample, const char* list, const char* name) {
    if (!sample.contains(list)) return nullptr;
    for (const auto& element : sample[list])
        if (element.value("name", "") == name) return &element;
    return nullptr;
}

// Waits (polling the session as it is written) for `count` samples after the first that meets
// `condition`; false when that has not happened within `limit`.
bool wait_for(const std::string& path, const std::function<bool(const json&)>& condition,
              size_t count, std::chrono::seconds limit = std::chrono::seconds(6)) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        auto samples = samples_in(path);
        for (size_t i = 0; i < samples.size(); ++i)
            if (condition(samples[i])) {
                if (samples.size() - i > count) return true;
                break;
            }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

// The report's summary of one metric, or nullptr when the report has none of that name.
const analysis::Summary* summary_of(const analysis::SessionReport& report, const char* family,
                                    const std::string& name) {
    for (const auto& metric : report.metrics)
        if (metric.family == family && metric.name == name) return &metric.summary;
    return nullptr;
}

analysis::SessionReport report_of(const std::string& path) {
    return report_session_file(path, {}, [](const std::string& problem) {
        ADD_FAILURE() << "reading the session: " << problem;
    });
}

size_t count_with(const std::vector<json>& samples, const std::function<bool(const json&)>& has) {
    return static_cast<size_t>(std::count_if(samples.begin(), samples.end(), has));
}

bool has_drive(const json& sample) {
    return named(sample, "thermal", kSensor) && named(sample, "disks", kDisk);
}

bool lacks_drive(const json& sample) {
    return !named(sample, "thermal", kSensor) && !named(sample, "disks", kDisk);
}

TEST(SourcesAppear, ADrivePluggedInDuringARecordingIsInTheLaterSamples) {
    FixtureTree tree("x86-pc");
    std::string diskstats = tree.read("/proc/diskstats");
    TempDir tmp;
    std::string out = tmp.file("plug.jsonl");
    EdgetopProcess process({"record", "--root", tree.root(), "--interval", "50", "-o", out});
    ASSERT_TRUE(wait_for_samples(out, 2));
    plug_in(tree, diskstats);
    // Two samples with it, so that the second has the disk's rates.
    bool appeared = wait_for(out, has_drive, 2);
    process.send(SIGINT);
    RunResult run = process.wait();
    ASSERT_TRUE(appeared) << "the drive plugged in never showed in the samples";
    EXPECT_EQ(run.status, 0) << run.err;

    auto samples = samples_in(out);
    ASSERT_GE(samples.size(), 4u);
    EXPECT_TRUE(lacks_drive(samples.front()));
    const json& last = samples.back();
    ASSERT_TRUE(has_drive(last));
    EXPECT_DOUBLE_EQ((*named(last, "thermal", kSensor))["temp_c"].get<double>(), 36.85);
    // Its counters did not move between the two samples: a rate of 0, not an absent one.
    EXPECT_EQ((*named(last, "disks", kDisk))["read_bytes_per_s"], 0);
    // The drive that was there from the start is there throughout.
    for (const auto& sample : samples)
        EXPECT_TRUE(named(sample, "thermal", "nvme Composite")) << sample.dump();

    // The session reads back whole; its report summarises the new sensor over the samples that
    // have it, and the disk by its name.
    auto report = report_of(out);
    const auto* sensor = summary_of(report, "thermal", kSensor);
    ASSERT_NE(sensor, nullptr);
    EXPECT_EQ(sensor->count(), count_with(samples, [](const json& s) {
                  return named(s, "thermal", kSensor) != nullptr;
              }));
    EXPECT_EQ(sensor->max(), 36.85);
    EXPECT_NE(summary_of(report, "disk", std::string(kDisk) + " read"), nullptr);
}

TEST(SourcesAppear, ADrivePulledOutDuringARecordingIsAbsentAfterwards) {
    FixtureTree tree("x86-pc");
    std::string diskstats = tree.read("/proc/diskstats");
    plug_in(tree, diskstats);
    TempDir tmp;
    std::string out = tmp.file("pull.jsonl");
    EdgetopProcess process({"record", "--root", tree.root(), "--interval", "50", "-o", out});
    ASSERT_TRUE(wait_for(out, has_drive, 1));
    pull_out(tree, diskstats);
    bool gone = wait_for(out, lacks_drive, 1);
    process.send(SIGINT);
    RunResult run = process.wait();
    ASSERT_TRUE(gone) << "the drive pulled out stayed in the samples";
    EXPECT_EQ(run.status, 0) << run.err;

    auto samples = samples_in(out);
    ASSERT_TRUE(has_drive(samples.front()));
    // Once gone, never back with its last reading.
    size_t first_without = 0;
    while (first_without < samples.size() && !lacks_drive(samples[first_without]))
        ++first_without;
    ASSERT_LT(first_without, samples.size());
    for (size_t i = first_without; i < samples.size(); ++i)
        EXPECT_TRUE(lacks_drive(samples[i])) << "sample " << i << ": " << samples[i].dump();
    EXPECT_TRUE(named(samples.back(), "thermal", "nvme Composite"));

    // The report counts the pulled drive's sensor over the samples it was in, not the whole run.
    auto report = report_of(out);
    const auto* sensor = summary_of(report, "thermal", kSensor);
    ASSERT_NE(sensor, nullptr);
    EXPECT_EQ(sensor->count(), count_with(samples, [](const json& s) {
                  return named(s, "thermal", kSensor) != nullptr;
              }));
    EXPECT_LT(sensor->count(), samples.size());
    EXPECT_EQ(summary_of(report, "thermal", "nvme Composite")->count(), samples.size());
}

}  // namespace
}  // namespace edgetop::testing::sources_appear
