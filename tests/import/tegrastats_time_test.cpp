// Sample::t_s and Sample::time from the line stamps, or from the line index and the interval.
#include <gtest/gtest.h>

#include <sstream>

#include "edgetop/civil_date.hpp"
#include "import_test_support.hpp"

namespace edgetop::testing {
namespace {

using namespace std::chrono;

system_clock::time_point civil(int y, unsigned mo, unsigned d, int h, int mi, int s) {
    return system_clock::time_point(hours(24 * civil::days_from_date({y, mo, d}))) + hours(h) +
           minutes(mi) + seconds(s);
}

TEST(TegrastatsTime, RecorderEpochPrefixGivesSubSecondTimes) {
    // 1750866197.2428074:: then 1750866197.2701375::, 1750866197.2974718::
    auto result = import_file(import_data("agx-orin-32gb-jetsontools-all.log"));
    ASSERT_GE(result.samples.size(), 3u);
    EXPECT_EQ(result.samples[0].t_s, 0.0);
    EXPECT_NEAR(result.samples[1].t_s, 0.0273301, 1e-9);
    EXPECT_NEAR(result.samples[2].t_s, 0.0546644, 1e-9);
    auto expected = system_clock::time_point(seconds(1750866197)) +
                    duration_cast<system_clock::duration>(nanoseconds(242807400));
    EXPECT_EQ(result.samples[0].time, expected);
    EXPECT_TRUE(result.importer.has_wall_clock());
}

TEST(TegrastatsTime, EpochPrefixWithoutDate) {
    // AGX Xavier JetPack 4: "1750866348.203969::RAM ..." (tegrastats itself prints no date).
    auto result = import_file(import_data("agx-xavier-16gb-jetsontools-all.log"));
    ASSERT_GE(result.samples.size(), 2u);
    EXPECT_EQ(result.samples[0].time,
              system_clock::time_point(seconds(1750866348)) + microseconds(203969));
    EXPECT_NEAR(result.samples[1].t_s, 1750866348.2296364 - 1750866348.203969, 1e-6);
}

TEST(TegrastatsTime, TegrastatsDateIsLocalTimeShiftedByTheOffset) {
    // "10-26-2025 05:10:54", "10-26-2025 05:10:54", "10-26-2025 05:10:55"
    auto result = import_file(import_data("agx-orin-64gb-abdel-e.log"));
    ASSERT_GE(result.samples.size(), 3u);
    EXPECT_EQ(result.samples[0].time, civil(2025, 10, 26, 5, 10, 54));
    EXPECT_EQ(result.samples[0].t_s, 0.0);
    EXPECT_EQ(result.samples[1].t_s, 0.0);  // the stamp has one-second resolution
    EXPECT_EQ(result.samples[2].t_s, 1.0);

    ImportOptions utc_minus_6;
    utc_minus_6.utc_offset = minutes(-360);
    auto shifted = import_file(import_data("agx-orin-64gb-abdel-e.log"), utc_minus_6);
    EXPECT_EQ(shifted.samples[0].time, civil(2025, 10, 26, 11, 10, 54));
    EXPECT_EQ(shifted.samples[2].t_s, 1.0);
}

TEST(TegrastatsTime, EpochPrefixWinsOverTheDate) {
    // Both present: 1750866197.2428074 is 15:43:17 UTC, the date says 09:43:17 (UTC-6).
    auto result = import_file(import_data("agx-orin-32gb-jetsontools-all.log"));
    EXPECT_EQ(floor<seconds>(result.samples[0].time), civil(2025, 6, 25, 15, 43, 17));
}

TEST(TegrastatsTime, WithoutStampsLinesAreOneIntervalApart) {
    auto result = import_file(import_data("tx2-guesswho798-nonroot.log"));
    ASSERT_GE(result.samples.size(), 3u);
    EXPECT_EQ(result.samples[0].t_s, 0.0);
    EXPECT_EQ(result.samples[1].t_s, 1.0);
    EXPECT_EQ(result.samples[2].t_s, 2.0);
    EXPECT_FALSE(result.importer.has_wall_clock());
    EXPECT_EQ(result.samples[1].time, system_clock::time_point(seconds(1)));

    ImportOptions options;
    options.interval_ms = 250;
    options.start_time = civil(2021, 1, 26, 18, 22, 31);
    auto timed = import_file(import_data("tx2-guesswho798-nonroot.log"), options);
    EXPECT_EQ(timed.samples[2].t_s, 0.5);
    EXPECT_EQ(timed.samples[2].time, civil(2021, 1, 26, 18, 22, 31) + milliseconds(500));
    EXPECT_TRUE(timed.importer.has_wall_clock());
}

TEST(TegrastatsTime, HeaderLineDoesNotShiftTheFirstSample) {
    auto result = import_file(import_data("tx2-ssaraff98.log"));
    ASSERT_GE(result.samples.size(), 2u);
    EXPECT_EQ(result.samples[0].t_s, 0.0);
    EXPECT_EQ(result.samples[1].t_s, 1.0);
}

TEST(TegrastatsTime, SkippedLineKeepsItsSlot) {
    std::istringstream in("RAM 1/2MB\nRAM garbage\n\nRAM 1/2MB\n");
    auto result = import_text(in);
    ASSERT_EQ(result.samples.size(), 2u);
    EXPECT_EQ(result.samples[1].t_s, 2.0);  // the garbled sample's slot; the blank line has none
    EXPECT_EQ(result.stats.blank, 1u);
    EXPECT_EQ(result.stats.skipped, 1u);
}

// A log of runs, each introduced by lines of its own (the script's echo, the command, a blank
// line), taken at 1 s: the samples stay 1 s apart, whatever stands between them.
TEST(TegrastatsTime, LinesBetweenSamplesTakeNoTime) {
    std::istringstream in(
        "=== run 1: trtexec --fp16 ===\n"
        "$ tegrastats --interval 1000\n"
        "RAM 2004/7620MB (lfb 2x4MB) CPU [10%@1510,5%@1510]\n"
        "RAM 2010/7620MB (lfb 2x4MB) CPU [12%@1510,6%@1510]\n"
        "\n"
        "=== run 2: trtexec --int8 ===\n"
        "$ tegrastats --interval 1000\n"
        "\n"
        "RAM 2030/7620MB (lfb 2x4MB) CPU [40%@1510,35%@1510]\n"
        "RAM 2031/7620MB (lfb 2x4MB) CPU [41%@1510,36%@1510]\n");
    auto result = import_text(in);
    ASSERT_EQ(result.samples.size(), 4u);
    for (size_t i = 0; i < result.samples.size(); ++i)
        EXPECT_EQ(result.samples[i].t_s, static_cast<double>(i)) << i;
    EXPECT_EQ(result.stats.skipped, 4u);
}

// Lines pasted into an issue or a chat as a Markdown quote read as the lines themselves.
TEST(TegrastatsTime, AMarkdownQuoteIsReadAsTheLinesItQuotes) {
    const std::string plain =
        "11-27-2026 07:00:00 RAM 2004/7620MB (lfb 2x4MB) CPU [10%@1510,5%@1510] tj@45.5C\n"
        "11-27-2026 07:00:01 RAM 2010/7620MB (lfb 2x4MB) CPU [12%@1510,6%@1510] tj@46C\n";
    std::string quoted = "> " + plain.substr(0, plain.find('\n') + 1) + ">\n> > " +
                         plain.substr(plain.find('\n') + 1);
    std::istringstream plain_in(plain), quoted_in(quoted);
    auto expected = import_text(plain_in);
    auto got = import_text(quoted_in);
    ASSERT_EQ(expected.samples.size(), 2u);
    ASSERT_EQ(got.samples.size(), 2u);
    EXPECT_EQ(got.stats.skipped, 0u);
    for (size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(got.samples[i].time, expected.samples[i].time);
        EXPECT_EQ(got.samples[i].t_s, expected.samples[i].t_s);
        EXPECT_EQ(got.samples[i].mem.used_kb, expected.samples[i].mem.used_kb);
        EXPECT_EQ(got.samples[i].cpu.cores.size(), 2u);
    }
}

TEST(TegrastatsTime, ImpossibleDateSkipsTheLine) {
    TegrastatsImporter importer;
    EXPECT_FALSE(importer.parse_line("13-45-2025 25:00:00 RAM 1/2MB", 4));
    EXPECT_FALSE(importer.parse_line("02-30-2025 10:00:00 RAM 1/2MB", 5));
    ASSERT_EQ(importer.warnings().size(), 1u);
    EXPECT_EQ(importer.warnings()[0].kind, "timestamp malformed");
    EXPECT_EQ(importer.warnings()[0].lines, (std::vector<std::size_t>{4, 5}));
}

TEST(TegrastatsTime, StampsOutsideTheClockRangeSkipTheLine) {
    // system_clock counts nanoseconds: such times would overflow it.
    TegrastatsImporter importer;
    EXPECT_FALSE(importer.parse_line("99999999999999::RAM 1/2MB", 1));
    EXPECT_FALSE(importer.parse_line("01-01-9999 00:00:00 RAM 1/2MB", 2));
    EXPECT_FALSE(importer.parse_line("1.2.3::RAM 1/2MB", 3));
    ASSERT_EQ(importer.warnings().size(), 1u);
    EXPECT_EQ(importer.warnings()[0].count, 3u);
    // Far line numbers with no stamp still give a finite time.
    auto far = importer.parse_line("RAM 1/2MB", static_cast<std::size_t>(-1));
    ASSERT_TRUE(far);
    EXPECT_EQ(far->t_s, 0.0);
}

}  // namespace
}  // namespace edgetop::testing
