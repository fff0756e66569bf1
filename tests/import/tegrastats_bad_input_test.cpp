// Garbage, truncated, empty and huge input: never a crash, never an early stop, every dropped
// token or line reported once per kind.
#include <gtest/gtest.h>

#include <sstream>

#include "import_test_support.hpp"

namespace edgetop::testing {
namespace {

TEST(TegrastatsBadInput, EmptyStream) {
    std::istringstream in("");
    auto result = import_text(in);
    EXPECT_EQ(result.stats.lines, 0u);
    EXPECT_TRUE(result.samples.empty());
    EXPECT_TRUE(result.stats.ok);
}

TEST(TegrastatsBadInput, BlankLinesAreNeitherSamplesNorWarnings) {
    std::istringstream in("\n   \n\t\r\n");
    auto result = import_text(in);
    EXPECT_EQ(result.stats.lines, 3u);
    EXPECT_EQ(result.stats.blank, 3u);
    EXPECT_TRUE(result.importer.warnings().empty());
}

TEST(TegrastatsBadInput, MalformedLinesAreSkippedWithTheirLineNumber) {
    std::istringstream in(
        "RAM 2274/6834MB (lfb 27x4MB)\n"
        "hello world\n"
        "RAM\n"
        "RAM -1/2MB\n"
        "RAM 2303/6834MB (lfb 27x4MB) CPU [100%@1190,100%@11\n"  // truncated mid-list
        "RAM 2303/6834MB (lfb 27x4MB) GR3D_FREQ 99%@[1300,\n"
        "RAM 99999999999999999999/6834MB\n"
        "RAM 1/2MB GR3D_FREQ 1%@99999999999999\n"  // MHz that overflow Hz
        "RAM 2338/6834MB (lfb 27x4MB)");           // last line without a newline
    auto result = import_text(in);
    EXPECT_EQ(result.stats.lines, 9u);
    ASSERT_EQ(result.samples.size(), 2u);
    EXPECT_EQ(result.samples[1].mem.used_kb, 2338 * 1024);
    EXPECT_EQ(result.stats.skipped, 7u);
    EXPECT_TRUE(result.stats.ok);  // not strict: warnings only
    std::vector<std::string> kinds;
    for (const auto& w : result.importer.warnings()) {
        EXPECT_EQ(w.issue, ImportIssue::skipped_line);
        kinds.push_back(w.kind + "@" + std::to_string(w.first_line));
    }
    EXPECT_EQ(kinds, (std::vector<std::string>{"no RAM field: not a tegrastats line@2",
                                               "RAM value malformed@3", "CPU list malformed@5",
                                               "GR3D value malformed@6"}));
    EXPECT_EQ(result.importer.warnings()[1].lines, (std::vector<std::size_t>{3, 4, 7}));
    EXPECT_EQ(result.importer.warnings()[3].lines, (std::vector<std::size_t>{6, 8}));
    EXPECT_EQ(result.importer.warnings()[2].example, "[100%@1190,100%@11");
}

TEST(TegrastatsBadInput, UnknownTokensAreCountedPerKindWithTheFirstLine) {
    std::istringstream in(
        "RAM 1/2MB FOO_FREQ 12%@300 CPU [1%@2]\n"
        "RAM 1/2MB BAR 5 FOO_FREQ 13%@300 BAZ@3V\n"
        "RAM 1/2MB 42 FOO_FREQ off\n");
    auto result = import_text(in);
    ASSERT_EQ(result.samples.size(), 3u);  // kept without the tokens
    EXPECT_EQ(result.samples[0].cpu.cores.size(), 1u);
    const auto& w = result.importer.warnings();
    ASSERT_EQ(w.size(), 4u);
    EXPECT_EQ(w[0].kind, "FOO_FREQ");
    EXPECT_EQ(w[0].first_line, 1u);
    EXPECT_EQ(w[0].count, 3u);
    EXPECT_EQ(w[0].example, "FOO_FREQ 12%@300");
    EXPECT_EQ(w[1].kind, "BAR");
    EXPECT_EQ(w[1].first_line, 2u);
    EXPECT_EQ(w[1].example, "BAR 5");
    EXPECT_EQ(w[2].kind, "BAZ@3V");
    EXPECT_EQ(w[3].kind, "(value without a field name)");
    EXPECT_EQ(w[3].first_line, 3u);
    EXPECT_EQ(describe(w[0]), "line 1: unknown token FOO_FREQ, 3 times: FOO_FREQ 12%@300");
}

TEST(TegrastatsBadInput, StrictFailsOnTheFirstWarningAndStops) {
    ImportOptions strict;
    strict.strict = true;
    std::istringstream in("RAM 1/2MB\nRAM 1/2MB FOO 1\nRAM 1/2MB\n");
    auto result = import_text(in, strict);
    EXPECT_FALSE(result.stats.ok);
    EXPECT_TRUE(result.importer.failed());
    EXPECT_EQ(result.samples.size(), 1u);
    EXPECT_EQ(result.stats.lines, 2u);

    std::istringstream header("Tue Jan 26 18:22:31 UTC 2021\nRAM 1/2MB\n");
    EXPECT_FALSE(import_text(header, strict).stats.ok);

    // Notes (fields the model has no place for) are not failures.
    std::istringstream iram("RAM 936/3964MB IRAM 0/252kB(lfb 252kB) PMIC@50C\n");
    auto with_notes = import_text(iram, strict);
    EXPECT_TRUE(with_notes.stats.ok);
    EXPECT_EQ(with_notes.samples.size(), 1u);
}

TEST(TegrastatsBadInput, OverlongLineIsSkippedWithoutBeingKept) {
    ImportOptions options;
    options.max_line_bytes = 4096;
    std::string huge = "RAM 1/2MB " + std::string(1 << 20, 'x');
    std::istringstream in("RAM 1/2MB\n" + huge + "\nRAM 3/4MB\n");
    auto result = import_text(in, options);
    ASSERT_EQ(result.samples.size(), 2u);
    EXPECT_EQ(result.samples[1].mem.used_kb, 3 * 1024);
    EXPECT_EQ(result.samples[1].t_s, 2.0);
    ASSERT_EQ(result.importer.warnings().size(), 1u);
    EXPECT_EQ(result.importer.warnings()[0].kind, "line too long");
    EXPECT_EQ(result.importer.warnings()[0].first_line, 2u);
    EXPECT_EQ(result.importer.warnings()[0].example.size(), ImportWarning::kExampleBytes);
}

TEST(TegrastatsBadInput, LongButValidLineParses) {
    std::string line = "RAM 1/2MB";
    for (int i = 0; i < 5000; ++i)
        line += " zone" + std::to_string(i) + "@41.5C";
    Sample s = parse_one(line);
    ASSERT_EQ(s.thermal.size(), 5000u);
    EXPECT_EQ(s.thermal[4999].name, "zone4999");
    EXPECT_EQ(s.thermal[4999].temp_c, 41.5);
}

TEST(TegrastatsBadInput, DistinctKindsAreBounded) {
    TegrastatsImporter importer;
    for (int i = 0; i < 1000; ++i) {
        importer.parse_line("RAM 1/2MB NAME" + std::to_string(i) + " 1", i + 1);
        importer.parse_line("junk" + std::to_string(i), i + 1);
    }
    EXPECT_LE(importer.warnings().size(), 65u);
    std::size_t total = 0;
    for (const auto& w : importer.warnings())
        total += w.count;
    EXPECT_EQ(total, 2000u);  // every occurrence still counted
}

TEST(TegrastatsBadInput, ControlBytesAndCrLf) {
    std::string nul_line("RAM 1/2MB \0\x01\xff CPU [1%@2]", 24);
    std::istringstream in(nul_line + "\nRAM 5/6MB (lfb 1x4MB)\r\n");
    auto result = import_text(in);
    ASSERT_EQ(result.samples.size(), 2u);
    EXPECT_EQ(result.samples[1].mem.lfb_block_kb, 4096);
    EXPECT_EQ(result.importer.warnings().size(), 1u);  // the control bytes: one unknown token
}

}  // namespace
}  // namespace edgetop::testing
