// JetPack 7 (Thor) tegrastats, field by field, in the format of the public Thor lines (quoted by
// jetson_stats' Thor parser, PR #834, and WendyOS PR #1316; ../shared/data holds no Thor log, see
// its SOURCES.md). The values of the whole line are made up in that format; each one is converted
// here by hand.
#include <gtest/gtest.h>

#include "import_test_support.hpp"

namespace edgetop::testing {
namespace {

constexpr int64_t kJp7MHz = 1000000;  // Hz

constexpr std::string_view kThorLine =
    "11-20-2025 10:15:02 RAM 4455/125772MB (lfb 3x4MB) SWAP 0/0MB (cached 0MB) "
    "CPU [1%@2601,0%@2601,3%@2601,0%@2601,0%@2601,2%@2601,0%@2601,0%@2601,0%@2601,0%@2601,"
    "0%@2601,0%@2601,5%@2601,0%@2601] EMC_FREQ 0%@4266 GR3D_FREQ @[1385,1385,1385] "
    "NVENC0_FREQ @1556 NVENC1_FREQ @1556 NVDEC0_FREQ @1243 NVDEC1_FREQ @1243 NVJPG0_FREQ @1062 "
    "NVJPG1_FREQ @1062 VIC 31%@1215 OFA_FREQ @800 PVA0_FREQ [0%,4%]@1215 "
    "cpu@47.312C/47.312C tj@48.5C/49.25C soc012@45.5C/46C gpu@44.281C/44.281C "
    "VDD_GPU 5139mW/5139mW/5139mW VDD_CPU_SOC_MSS 9870mW/9790mW/10011mW "
    "VIN_SYS_5V0 4233mW/4230mW/4301mW VIN 31250mW/31100mW/32012mW";

TEST(TegrastatsJetPack7, ThorLineImportsWithoutWarnings) {
    TegrastatsImporter importer;
    auto s = importer.parse_line(kThorLine, 1);
    ASSERT_TRUE(s);
    for (const auto& warning : importer.warnings())
        ADD_FAILURE() << describe(warning);
    EXPECT_EQ(s->mem.used_kb, 4455 * 1024);
    EXPECT_EQ(s->cpu.cores.size(), 14u);
    EXPECT_EQ(s->cpu.cores[12].util_pct, 5.0);
    ASSERT_TRUE(s->emc);
    EXPECT_EQ(s->emc->freq_hz, 4266 * kJp7MHz);
    auto board = guess_board(*s);
    ASSERT_TRUE(board);
    EXPECT_EQ(board->name, "thor");
    EXPECT_EQ(board->soc, "tegra264");
}

TEST(TegrastatsJetPack7, ThreeGpcsAreOneGpuWithoutALoad) {
    Sample s = parse_one(kThorLine);
    ASSERT_EQ(s.gpu.size(), 1u);
    EXPECT_EQ(s.gpu[0].name, "GR3D");
    EXPECT_FALSE(s.gpu[0].load_pct);  // tegrastats prints none on Thor
    EXPECT_EQ(s.gpu[0].freq_hz, 1385 * kJp7MHz);
}

TEST(TegrastatsJetPack7, EnginesWithClocksAndLoads) {
    Sample s = parse_one(kThorLine);
    struct Expect {
        const char* name;
        std::optional<int64_t> hz;
        std::optional<double> load;
        std::optional<bool> online;
    };
    const std::vector<Expect> expected = {
        {"NVDEC", 1243 * kJp7MHz, {}, {}},   {"NVDEC1", 1243 * kJp7MHz, {}, {}},
        {"NVENC", 1556 * kJp7MHz, {}, {}},   {"NVENC1", 1556 * kJp7MHz, {}, {}},
        {"NVJPG", 1062 * kJp7MHz, {}, {}},   {"NVJPG1", 1062 * kJp7MHz, {}, {}},
        {"OFA", 800 * kJp7MHz, {}, {}},      {"PVA0", 1215 * kJp7MHz, 2.0, true},
        {"VIC", 1215 * kJp7MHz, 31.0, true},
    };
    ASSERT_EQ(s.engines.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        SCOPED_TRACE(expected[i].name);
        EXPECT_EQ(s.engines[i].name, expected[i].name);
        EXPECT_EQ(s.engines[i].freq_hz, expected[i].hz);
        EXPECT_EQ(s.engines[i].load_pct, expected[i].load);
        EXPECT_EQ(s.engines[i].online, expected[i].online);
    }
}

TEST(TegrastatsJetPack7, TemperaturesKeepTheCurrentValue) {
    TegrastatsImporter importer;
    auto s = importer.parse_line(kThorLine, 4);
    ASSERT_TRUE(s);
    ASSERT_EQ(s->thermal.size(), 4u);
    EXPECT_EQ(s->thermal[0].name, "cpu");
    EXPECT_EQ(s->thermal[0].temp_c, 47.312);
    EXPECT_EQ(s->thermal[1].name, "tj");
    EXPECT_EQ(s->thermal[1].temp_c, 48.5);  // not the maximum, 49.25
    EXPECT_EQ(s->thermal[2].name, "soc012");
    EXPECT_EQ(s->thermal[2].temp_c, 45.5);
    EXPECT_EQ(s->thermal[3].temp_c, 44.281);
    // The maxima are tegrastats' running statistics: named once as not stored.
    const ImportWarning* note = nullptr;
    for (const auto& n : importer.notes())
        if (n.kind == "temperature maximum") note = &n;
    ASSERT_NE(note, nullptr);
    EXPECT_EQ(note->count, 4u);
    EXPECT_EQ(note->first_line, 4u);
    EXPECT_EQ(note->example, "cpu@47.312C/47.312C");
}

TEST(TegrastatsJetPack7, PowerGatedZoneWithAMaximum) {
    Sample s = parse_one("RAM 1/2MB CV0@-256C/-256C gpu@40C/41.5C");
    ASSERT_EQ(s.thermal.size(), 2u);
    EXPECT_FALSE(s.thermal[0].temp_c);
    EXPECT_EQ(s.thermal[1].temp_c, 40.0);
}

TEST(TegrastatsJetPack7, ThreeValuedRailsAndVinAsTheTotal) {
    TegrastatsImporter importer;
    auto s = importer.parse_line(kThorLine, 1);
    ASSERT_TRUE(s);
    ASSERT_EQ(s->rails.size(), 4u);
    EXPECT_EQ(s->rails[0].name, "VDD_GPU");
    EXPECT_EQ(s->rails[0].power_mw, 5139.0);
    EXPECT_EQ(s->rails[1].power_mw, 9870.0);  // current, neither average nor maximum
    const RailSample* vin = find_rail(*s, "VIN");
    ASSERT_NE(vin, nullptr);
    EXPECT_TRUE(vin->is_total);
    EXPECT_EQ(vin->power_mw, 31250.0);
    EXPECT_EQ(s->power_total_mw, 31250.0);  // the board input, not the module rails' sum
    for (const auto& rail : s->rails)
        EXPECT_EQ(rail.is_total, rail.name == "VIN") << rail.name;
}

TEST(TegrastatsJetPack7, ThorWithoutVinSumsTheModuleRails) {
    Sample s = parse_one(
        "RAM 1/2MB VDD_GPU 5139mW/5139mW/5139mW VDD_CPU_SOC_MSS 9870mW/9790mW/10011mW "
        "VIN_SYS_5V0 4233mW/4230mW/4301mW");
    EXPECT_EQ(s.power_total_mw, 5139.0 + 9870.0);  // VIN_SYS_5V0 (carrier) left out
}

TEST(TegrastatsJetPack7, MalformedThreeValuedRailsAreNotRails) {
    // Mixed units or a missing value: not a rail value, so the name is an unknown token.
    for (const char* field : {"VDD_GPU 5139mW/5139/5139mW", "VDD_GPU 5139mW/5139mW/",
                              "VDD_GPU 5139mW//5139mW", "VDD_GPU 1/2/3/4"}) {
        SCOPED_TRACE(field);
        TegrastatsImporter importer;
        auto s = importer.parse_line("RAM 1/2MB " + std::string(field), 1);
        ASSERT_TRUE(s);
        EXPECT_TRUE(s->rails.empty());
        ASSERT_EQ(importer.warnings().size(), 1u);
        EXPECT_EQ(importer.warnings()[0].issue, ImportIssue::unknown_token);
    }
}

TEST(TegrastatsJetPack7, MalformedPvaLoadsRejectTheLine) {
    for (const char* field : {"PVA0_FREQ [0%,x]@1215", "PVA0_FREQ []@1215", "PVA0_FREQ [0%@1215",
                              "PVA0_FREQ [1%,2%]@"}) {
        SCOPED_TRACE(field);
        TegrastatsImporter importer;
        EXPECT_FALSE(importer.parse_line("RAM 1/2MB " + std::string(field), 1));
        ASSERT_EQ(importer.warnings().size(), 1u);
        EXPECT_EQ(importer.warnings()[0].kind, "engine value malformed");
    }
}

TEST(TegrastatsJetPack7, UnknownNewTokensAreWarningsNotRejectedLines) {
    TegrastatsImporter importer;
    auto a = importer.parse_line(
        "RAM 1/2MB CPU [1%@2601] NVENC7_FREQ @1556 FOO_FREQ [1%,2%]@3 BAR 12mJ", 1);
    auto b = importer.parse_line("RAM 1/2MB CPU [1%@2601] NVENC7_FREQ @1556", 2);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->cpu.cores.size(), 1u);
    std::vector<std::string> kinds;
    for (const auto& w : importer.warnings()) {
        EXPECT_EQ(w.issue, ImportIssue::unknown_token);
        kinds.push_back(w.kind);
    }
    EXPECT_EQ(kinds, (std::vector<std::string>{"NVENC7_FREQ", "FOO_FREQ", "BAR"}));
    EXPECT_EQ(importer.warnings()[0].count, 2u);  // named once, counted
}

}  // namespace
}  // namespace edgetop::testing
