// One case per field format seen in real tegrastats output, with the value converted by hand.
#include <gtest/gtest.h>

#include "import_test_support.hpp"

namespace edgetop::testing {
namespace {

constexpr int64_t kMHz = 1000000;  // Hz

// A field is only ever seen after the RAM field that starts every tegrastats line.
Sample parse_field(std::string_view field) {
    return parse_one("RAM 2274/6834MB (lfb 27x4MB) " + std::string(field));
}

struct MemCase {
    const char* text;
    int64_t used_kb, total_kb;
    std::optional<int64_t> lfb_blocks = {}, lfb_block_kb = {};
    std::optional<int64_t> swap_used_kb = {}, swap_total_kb = {}, swap_cached_kb = {};
};

const MemCase kMem[] = {
    {"RAM 6589/30587MB (lfb 459x4MB) SWAP 45/15294MB (cached 0MB)", 6589 * 1024, 30587 * 1024, 459,
     4 * 1024, 45 * 1024, 15294 * 1024, 0},
    {"RAM 1650/6834MB (lfb 20x2MB)", 1650 * 1024, 6834 * 1024, 20, 2 * 1024},
    {"RAM 5453/6834MB (lfb 1x1MB)", 5453 * 1024, 6834 * 1024, 1, 1024},
    {"RAM 5408/6834MB (lfb 2x128kB)", 5408 * 1024, 6834 * 1024, 2, 128},
    {"RAM 1626/3956MB (lfb 7x4MB) SWAP 324/1978MB (cached 11MB)", 1626 * 1024, 3956 * 1024, 7, 4096,
     324 * 1024, 1978 * 1024, 11 * 1024},
    {"RAM 2633/7850MB (lfb 3x4MB)", 2633 * 1024, 7850 * 1024, 3, 4096},
};

TEST(TegrastatsFields, Memory) {
    for (const auto& c : kMem) {
        SCOPED_TRACE(c.text);
        Sample s = parse_one(c.text);
        EXPECT_EQ(s.mem.used_kb, c.used_kb);
        EXPECT_EQ(s.mem.total_kb, c.total_kb);
        EXPECT_EQ(s.mem.lfb_blocks, c.lfb_blocks);
        EXPECT_EQ(s.mem.lfb_block_kb, c.lfb_block_kb);
        EXPECT_EQ(s.mem.swap_used_kb, c.swap_used_kb);
        EXPECT_EQ(s.mem.swap_total_kb, c.swap_total_kb);
        EXPECT_EQ(s.mem.swap_cached_kb, c.swap_cached_kb);
        // tegrastats does not print these.
        EXPECT_FALSE(s.mem.free_kb || s.mem.available_kb || s.mem.cached_kb || s.mem.buffers_kb);
    }
}

TEST(TegrastatsFields, IramIsUnderstoodButNotStored) {
    TegrastatsImporter importer;
    auto s = importer.parse_line(
        "RAM 936/3964MB (lfb 366x4MB) SWAP 0/4096MB (cached 0MB) IRAM 0/252kB(lfb 252kB) "
        "CPU [10%@102,3%@102,0%@102,0%@102]",
        7);
    ASSERT_TRUE(s);
    EXPECT_TRUE(importer.warnings().empty());
    ASSERT_EQ(importer.notes().size(), 1u);
    EXPECT_EQ(importer.notes()[0].kind, "IRAM");
    EXPECT_EQ(importer.notes()[0].first_line, 7u);
    EXPECT_EQ(importer.notes()[0].example, "IRAM 0/252kB(lfb 252kB)");
    EXPECT_EQ(s->cpu.cores.size(), 4u);  // the field after IRAM is still read
}

struct CoreExpect {
    bool online;
    std::optional<double> util;
    std::optional<int64_t> khz;
};

struct CpuCase {
    const char* text;
    std::vector<CoreExpect> cores;
};

const CpuCase kCpu[] = {
    {"CPU [0%@2201,25%@2028,0%@2063]",
     {{true, 0, 2201000}, {true, 25, 2028000}, {true, 0, 2063000}}},
    {"CPU [48%@2034,off,off,53%@2034]",
     {{true, 48, 2034000}, {false, {}, {}}, {false, {}, {}}, {true, 53, 2034000}}},
    {"CPU [2%@1036,0%@806,off,off]",
     {{true, 2, 1036000}, {true, 0, 806000}, {false, {}, {}}, {false, {}, {}}}},
    // Pre-R28.2 (TX1): lowercase, no per-core clock, one clock after the list.
    {"cpu [17%,13%,29%,5%]@408",
     {{true, 17, 408000}, {true, 13, 408000}, {true, 29, 408000}, {true, 5, 408000}}},
    // Cores without a clock (the cpufreq node unreadable): load only.
    {"CPU [50%,off,7%]", {{true, 50, {}}, {false, {}, {}}, {true, 7, {}}}},
};

TEST(TegrastatsFields, CpuList) {
    for (const auto& c : kCpu) {
        SCOPED_TRACE(c.text);
        Sample s = parse_field(c.text);
        ASSERT_EQ(s.cpu.cores.size(), c.cores.size());
        for (std::size_t i = 0; i < c.cores.size(); ++i) {
            EXPECT_EQ(s.cpu.cores[i].id, static_cast<int>(i));
            EXPECT_EQ(s.cpu.cores[i].online, c.cores[i].online);
            EXPECT_EQ(s.cpu.cores[i].util_pct, c.cores[i].util);
            EXPECT_EQ(s.cpu.cores[i].freq_khz, c.cores[i].khz);
        }
        EXPECT_FALSE(s.cpu.util_pct);  // tegrastats prints no aggregate
    }
}

struct EmcCase {
    const char* text;
    std::optional<double> util;
    std::optional<int64_t> hz;
};

const EmcCase kEmc[] = {
    {"EMC_FREQ 13%@2133", 13, 2133 * kMHz},
    {"EMC_FREQ 0%", 0, {}},
    {"EMC_FREQ @3199", {}, 3199 * kMHz},
    {"EMC 1%@1600", 1, 1600 * kMHz},
};

TEST(TegrastatsFields, Emc) {
    for (const auto& c : kEmc) {
        SCOPED_TRACE(c.text);
        Sample s = parse_field(c.text);
        ASSERT_TRUE(s.emc);
        EXPECT_EQ(s.emc->util_pct, c.util);
        EXPECT_EQ(s.emc->freq_hz, c.hz);
        EXPECT_FALSE(s.emc->min_hz || s.emc->max_hz);
    }
    EXPECT_FALSE(parse_field("CPU [0%@729]").emc);  // no EMC field: no EMC unit at all
}

struct GpuExpect {
    const char* name;
    std::optional<double> load;
    std::optional<int64_t> hz;
};

struct GpuCase {
    const char* text;
    std::vector<GpuExpect> gpus;
};

const GpuCase kGpu[] = {
    {"GR3D_FREQ 42%@76", {{"GR3D", 42, 76 * kMHz}}},
    {"GR3D_FREQ 22%", {{"GR3D", 22, {}}}},
    {"GR3D_FREQ @0", {{"GR3D", {}, 0}}},
    {"GR3D_FREQ 36%@[1377]", {{"GR3D", 36, 1377 * kMHz}}},
    // One GPU of two GPCs: the highest GPC clock (the gated GPC prints 0).
    {"GR3D_FREQ 43%@[305,0]", {{"GR3D", 43, 305 * kMHz}}},
    {"GR3D_FREQ 0%@[0,0]", {{"GR3D", 0, 0}}},
    // Early JetPack 5 prints the second GPC as its own field: the same GPU, loads averaged.
    {"GR3D_FREQ 93%@1274 GR3D2_FREQ 82%@1274", {{"GR3D", 87.5, 1274 * kMHz}}},
    {"GR3D_FREQ 0%@1300 GR3D2_FREQ 0%@1300", {{"GR3D", 0, 1300 * kMHz}}},
    // JetPack 7: three GPCs, with and without a load.
    {"GR3D_FREQ @[1385,1385,1385]", {{"GR3D", {}, 1385 * kMHz}}},
    {"GR3D_FREQ 0%@[1300,1300]", {{"GR3D", 0, 1300 * kMHz}}},
    {"GR3D_FREQ 61%@[1385,1575,1385]", {{"GR3D", 61, 1575 * kMHz}}},
    {"GR3D 3%@76", {{"GR3D", 3, 76 * kMHz}}},
};

TEST(TegrastatsFields, Gpu) {
    for (const auto& c : kGpu) {
        SCOPED_TRACE(c.text);
        Sample s = parse_field(c.text);
        ASSERT_EQ(s.gpu.size(), c.gpus.size());
        for (std::size_t i = 0; i < c.gpus.size(); ++i) {
            EXPECT_EQ(s.gpu[i].name, c.gpus[i].name);
            EXPECT_EQ(s.gpu[i].load_pct, c.gpus[i].load);
            EXPECT_EQ(s.gpu[i].freq_hz, c.gpus[i].hz);
            EXPECT_FALSE(s.gpu[i].min_hz || s.gpu[i].max_hz || s.gpu[i].governor);
        }
    }
}

// The GPC clocks a line shows, in its order: the bracketed list, or GR3D and GR3D2 of early
// JetPack 5; none for a single clock.
struct GpcCase {
    const char* text;
    std::vector<std::optional<int64_t>> gpc_hz;
};

const GpcCase kGpcs[] = {
    {"GR3D_FREQ 42%@76", {}},
    {"GR3D_FREQ 36%@[1377]", {1377 * kMHz}},
    {"GR3D_FREQ 43%@[305,0]", {305 * kMHz, 0}},
    {"GR3D_FREQ 93%@1274 GR3D2_FREQ 82%@1274", {1274 * kMHz, 1274 * kMHz}},
    {"GR3D_FREQ @[1385,1575,1385]", {1385 * kMHz, 1575 * kMHz, 1385 * kMHz}},
};

TEST(TegrastatsFields, GpcClocksAreKeptInOrder) {
    for (const auto& c : kGpcs) {
        SCOPED_TRACE(c.text);
        Sample s = parse_field(c.text);
        ASSERT_EQ(s.gpu.size(), 1u);
        std::vector<std::optional<int64_t>> clocks;
        for (std::size_t i = 0; i < s.gpu[0].gpc.size(); ++i) {
            EXPECT_EQ(s.gpu[0].gpc[i].id, static_cast<int>(i));
            clocks.push_back(s.gpu[0].gpc[i].freq_hz);
        }
        EXPECT_EQ(clocks, c.gpc_hz);
    }
}

struct EngineCase {
    const char* text;
    const char* name;  // as the model names it
    std::optional<bool> online;
    std::optional<int64_t> hz;
    std::optional<double> load;
};

const EngineCase kEngines[] = {
    {"APE 174", "APE", {}, 174 * kMHz, {}},
    {"APE 25", "APE", {}, 25 * kMHz, {}},
    {"VIC_FREQ 729", "VIC", {}, 729 * kMHz, {}},
    {"VIC_FREQ 0%@115", "VIC", {}, 115 * kMHz, 0},
    {"VIC off", "VIC", false, {}, {}},
    {"NVENC off", "NVENC", false, {}, {}},
    {"NVENC 1190", "NVENC", true, 1190 * kMHz, {}},
    {"NVDEC off", "NVDEC", false, {}, {}},
    {"NVJPG off", "NVJPG", false, {}, {}},
    {"NVJPG1 off", "NVJPG1", false, {}, {}},
    {"OFA off", "OFA", false, {}, {}},
    {"NVDLA0 off", "DLA0", false, {}, {}},
    {"NVDLA1 off", "DLA1", false, {}, {}},
    {"PVA0_FREQ off", "PVA0", false, {}, {}},
    // Loads with a clock (issue #624's Orin line) and without one.
    {"NVDEC 40%@115", "NVDEC", true, 115 * kMHz, 40},
    {"VIC 31%@115", "VIC", true, 115 * kMHz, 31},
    {"NVENC 1%@115", "NVENC", true, 115 * kMHz, 1},
    {"NVENC 7%", "NVENC", {}, {}, 7},
    // Early JetPack 5's separate load fields.
    {"NVENC_LOAD 7%", "NVENC", {}, {}, 7},
    {"NVDLA1_LOAD 0%", "DLA1", {}, {}, 0},
    // JetPack 7: "<ENGINE><n>_FREQ @MHz" (clock only, on/off unknown); engine 0 is the unnumbered
    // name, as the live reader calls it.
    {"NVENC0_FREQ @1556", "NVENC", {}, 1556 * kMHz, {}},
    {"NVENC1_FREQ @1556", "NVENC1", {}, 1556 * kMHz, {}},
    {"NVDEC0_FREQ @1243", "NVDEC", {}, 1243 * kMHz, {}},
    {"NVJPG0_FREQ @1062", "NVJPG", {}, 1062 * kMHz, {}},
    {"OFA_FREQ @800", "OFA", {}, 800 * kMHz, {}},
    {"NVENC0_FREQ off", "NVENC", false, {}, {}},
    // The PVA's two cores: the mean of their loads.
    {"PVA0_FREQ [0%,0%]@1215", "PVA0", true, 1215 * kMHz, 0},
    {"PVA0_FREQ [10%,31%]@1215", "PVA0", true, 1215 * kMHz, 20.5},
};

TEST(TegrastatsFields, Engines) {
    for (const auto& c : kEngines) {
        SCOPED_TRACE(c.text);
        TegrastatsImporter importer;
        auto s = importer.parse_line("RAM 1/2MB " + std::string(c.text), 1);
        ASSERT_TRUE(s);
        EXPECT_TRUE(importer.warnings().empty());
        ASSERT_EQ(s->engines.size(), 1u);
        EXPECT_EQ(s->engines[0].name, c.name);
        EXPECT_EQ(s->engines[0].online, c.online);
        EXPECT_EQ(s->engines[0].freq_hz, c.hz);
        EXPECT_EQ(s->engines[0].load_pct, c.load);
        EXPECT_TRUE(importer.notes().empty());
    }
}

TEST(TegrastatsFields, EnginesAreListedByName) {
    Sample s = parse_field(
        "NVENC off NVDEC off NVJPG off NVJPG1 off VIC off OFA off NVDLA0 off NVDLA1 off "
        "PVA0_FREQ off APE 174");
    std::vector<std::string> names;
    for (const auto& e : s.engines)
        names.push_back(e.name);
    EXPECT_EQ(names, (std::vector<std::string>{"APE", "DLA0", "DLA1", "NVDEC", "NVENC", "NVJPG",
                                               "NVJPG1", "OFA", "PVA0", "VIC"}));
}

TEST(TegrastatsFields, FieldsWithoutAModelPlaceAreNotes) {
    TegrastatsImporter importer;
    auto s = importer.parse_line(
        "RAM 18220/24402MB (lfb 872x4MB) NVENC_LOAD 7% APE 81 MTS fg 0% bg 3% PMIC@50C", 3);
    ASSERT_TRUE(s);
    EXPECT_TRUE(importer.warnings().empty());
    std::vector<std::string> kinds;
    for (const auto& n : importer.notes())
        kinds.push_back(n.kind);
    EXPECT_EQ(kinds, (std::vector<std::string>{"MTS", "PMIC"}));
    EXPECT_EQ(importer.notes()[0].example, "MTS fg 0% bg 3%");
    ASSERT_EQ(s->engines.size(), 2u);  // APE, and NVENC with its load
    EXPECT_TRUE(s->thermal.empty());   // PMIC's fixed value is left out
}

TEST(TegrastatsFields, AnEnginesLoadAndClockInTwoFieldsAreOneEngine) {
    // Early JetPack 5 prints loads apart from the clocks; either may come first.
    Sample s = parse_field("VIC_FREQ 729 NVDEC_LOAD 12% VIC_LOAD 3% NVDEC 115");
    ASSERT_EQ(s.engines.size(), 2u);
    EXPECT_EQ(s.engines[0].name, "NVDEC");
    EXPECT_EQ(s.engines[0].load_pct, 12.0);
    EXPECT_EQ(s.engines[0].freq_hz, 115 * kMHz);
    EXPECT_EQ(s.engines[1].name, "VIC");
    EXPECT_EQ(s.engines[1].load_pct, 3.0);
    EXPECT_EQ(s.engines[1].freq_hz, 729 * kMHz);
}

TEST(TegrastatsFields, Temperatures) {
    Sample s = parse_field(
        "CV0@-256C CPU@52.625C Tboard@40C tj@52.625C soc2@44.312C thermal@30.95C iwlwifi@32C");
    ASSERT_EQ(s.thermal.size(), 7u);
    EXPECT_EQ(s.thermal[0].name, "CV0");
    EXPECT_FALSE(s.thermal[0].temp_c);  // power-gated
    EXPECT_EQ(s.thermal[1].temp_c, 52.625);
    EXPECT_EQ(s.thermal[2].temp_c, 40.0);
    EXPECT_EQ(s.thermal[3].name, "tj");
    EXPECT_EQ(s.thermal[3].temp_c, 52.625);
    EXPECT_EQ(s.thermal[4].temp_c, 44.312);
    EXPECT_EQ(s.thermal[5].temp_c, 30.95);
    EXPECT_EQ(s.thermal[6].name, "iwlwifi");
}

TEST(TegrastatsFields, RailsWithAndWithoutUnits) {
    Sample jp4 = parse_field("VDD_IN 3605/3619 VDD_CPU 697/698 VDD_GPU 371/370");
    ASSERT_EQ(jp4.rails.size(), 3u);
    EXPECT_EQ(jp4.rails[0].name, "VDD_IN");
    EXPECT_EQ(jp4.rails[0].power_mw, 3605.0);  // current, not the running average
    EXPECT_TRUE(jp4.rails[0].is_total);
    EXPECT_FALSE(jp4.rails[1].is_total);
    EXPECT_EQ(jp4.rails[2].power_mw, 371.0);
    EXPECT_EQ(jp4.power_total_mw, 3605.0);
    EXPECT_FALSE(jp4.rails[0].voltage_mv || jp4.rails[0].current_ma);

    Sample jp5 = parse_field("VDD_IN 13751mW/12791mW VDD_CPU_GPU_CV 7539mW/6841mW");
    ASSERT_EQ(jp5.rails.size(), 2u);
    EXPECT_EQ(jp5.rails[0].power_mw, 13751.0);
    EXPECT_EQ(jp5.power_total_mw, 13751.0);

    Sample nano = parse_field("POM_5V_IN 2793/1750 POM_5V_GPU 76/25 POM_5V_CPU 1222/604");
    EXPECT_TRUE(nano.rails[0].is_total);
    EXPECT_EQ(nano.power_total_mw, 2793.0);
}

TEST(TegrastatsFields, BoardsWithoutAnInputRailSumTheModuleRails) {
    // AGX Orin: the module rails; VIN_SYS_5V0 (carrier 5 V) and the NC channels are not in it.
    TegrastatsImporter importer;
    auto orin = importer.parse_line(
        "RAM 1/2MB VDD_GPU_SOC 4368mW/4368mW VDD_CPU_CV 1588mW/1588mW VIN_SYS_5V0 4233mW/4233mW "
        "NC 0mW/0mW VDDQ_VDD2_1V8AO 403mW/403mW NC 0mW/0mW",
        1);
    ASSERT_TRUE(orin);
    EXPECT_EQ(orin->rails.size(), 4u);  // the NC channels are not rails
    EXPECT_EQ(orin->power_total_mw, 4368.0 + 1588.0 + 403.0);
    for (const auto& rail : orin->rails)
        EXPECT_FALSE(rail.is_total);
    ASSERT_EQ(importer.notes().size(), 1u);
    EXPECT_EQ(importer.notes()[0].kind, "NC");
    EXPECT_EQ(importer.notes()[0].count, 2u);

    // AGX Xavier (JetPack 4, no units): all six module rails.
    Sample xavier =
        parse_field("GPU 618/540 CPU 1236/1236 SOC 2318/2318 CV 0/0 VDDRQ 154/154 SYS5V 2934/2934");
    EXPECT_EQ(xavier.rails.size(), 6u);
    EXPECT_EQ(xavier.power_total_mw, 618.0 + 1236 + 2318 + 0 + 154 + 2934);
}

TEST(TegrastatsFields, TotalRuleFollowsAChangeOfRails) {
    TegrastatsImporter importer;
    auto a = importer.parse_line("RAM 1/2MB VDD_IN 5000mW/5000mW VDD_SOC 1000mW/1000mW", 1);
    auto b = importer.parse_line("RAM 1/2MB VDD_SOC 1000mW/1000mW VDD_IN 4000mW/4000mW", 2);
    auto c = importer.parse_line("RAM 1/2MB VDD_SOC 1000mW/1000mW", 3);
    ASSERT_TRUE(a && b && c);
    EXPECT_EQ(a->power_total_mw, 5000.0);
    EXPECT_TRUE(b->rails[1].is_total);
    EXPECT_EQ(b->power_total_mw, 4000.0);
    EXPECT_FALSE(c->power_total_mw);
}

}  // namespace
}  // namespace edgetop::testing
