// Every real capture imports whole, and one line of each gives the values read off the raw text.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>

#include "import_test_support.hpp"

namespace edgetop::testing {
namespace {

namespace fs = std::filesystem;

// The only lines of the captures that are not tegrastats output: the recording scripts ran `date`
// before starting tegrastats (English and Polish locale). They are skipped, with a warning.
const std::map<std::string, std::size_t> kDateHeaderLine = {
    {"agx-xavier-32gb-moskitoo.log", 1},
    {"tx2-ssaraff98.log", 1},
};

void expect_imports_whole(const fs::path& path) {
    SCOPED_TRACE(path.string());
    auto result = import_file(path.string());
    EXPECT_TRUE(result.stats.ok);
    EXPECT_GT(result.stats.samples, 0u);
    auto header = kDateHeaderLine.find(path.filename().string());
    std::size_t expected_skips = header == kDateHeaderLine.end() ? 0 : 1;
    EXPECT_EQ(result.stats.skipped, expected_skips);
    EXPECT_EQ(result.stats.samples + result.stats.skipped + result.stats.blank, result.stats.lines);
    for (const auto& warning : result.importer.warnings()) {
        if (header != kDateHeaderLine.end() && warning.issue == ImportIssue::skipped_line &&
            warning.first_line == header->second && warning.count == 1) {
            continue;
        }
        ADD_FAILURE() << describe(warning);
    }
}

std::vector<fs::path> logs_in(const fs::path& dir) {
    std::vector<fs::path> logs;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".log") logs.push_back(entry.path());
    std::sort(logs.begin(), logs.end());
    return logs;
}

TEST(TegrastatsCaptures, EveryCaptureImportsWithoutUnknownTokens) {
    auto logs = logs_in(import_data(""));
    EXPECT_EQ(logs.size(), 30u);
    for (const auto& path : logs)
        expect_imports_whole(path);
}

// The same over a directory of complete captures, when EDGETOP_TEGRASTATS_LOGS names one.
TEST(TegrastatsCaptures, FullCapturesImportWithoutUnknownTokens) {
    const char* dir = std::getenv("EDGETOP_TEGRASTATS_LOGS");
    if (dir == nullptr) GTEST_SKIP() << "set EDGETOP_TEGRASTATS_LOGS to a directory of *.log";
    auto logs = logs_in(dir);
    EXPECT_FALSE(logs.empty());
    for (const auto& path : logs)
        expect_imports_whole(path);
}

TEST(TegrastatsCaptures, DateHeaderLineIsSkippedAndNamed) {
    auto result = import_file(import_data("tx2-ssaraff98.log"));
    ASSERT_EQ(result.importer.warnings().size(), 1u);
    const auto& warning = result.importer.warnings().front();
    EXPECT_EQ(warning.issue, ImportIssue::skipped_line);
    EXPECT_EQ(warning.first_line, 1u);
    EXPECT_EQ(warning.example, "Tue Jan 26 18:22:31 UTC 2021");
    EXPECT_EQ(describe(warning),
              "line 1: skipped no RAM field: not a tegrastats line: Tue Jan 26 18:22:31 UTC 2021");
}

// Values of the first sample line of each capture, read off the raw line: MB x 1024 = kB,
// MHz x 1000 = kHz (CPU), MHz x 1e6 = Hz (GPU), mW as printed.
struct Spot {
    const char* file;
    int64_t ram_used_mb, ram_total_mb;
    std::size_t cores;
    std::size_t core;  // the core checked
    std::optional<double> core_util;
    std::optional<int64_t> core_mhz;  // nullopt: offline
    std::optional<double> gpu_load;
    std::optional<int64_t> gpu_mhz;
    const char* zone;
    std::optional<double> zone_c;
    std::size_t rails;
    std::optional<double> total_mw;
    const char* board;  // guess_board, "" for none
};

const Spot kSpots[] = {
    {"agx-orin-32gb-jetsontools-all.log", 6589, 30587, 12, 1, 25, 2028, 0, 1300, "CV0",
     std::nullopt, 4, 4368 + 1588 + 403, "agx-orin"},
    {"agx-orin-32gb-jetsontools-basic.log", 6589, 30587, 12, 0, 0, 2201, 0, std::nullopt, "tj",
     53.25, 0, std::nullopt, "agx-orin"},
    {"agx-orin-64gb-abdel-e.log", 6879, 62841, 12, 3, 9, 729, 0, 305, "tboard", 36.75, 4,
     2801 + 400 + 604, "agx-orin"},
    // No VDDQ_VDD2_1V8AO rail in this capture: the module sum would be short, so no total.
    {"agx-orin-64gb-hanner123.log", 12574, 62841, 12, 8, std::nullopt, std::nullopt, 43, 305,
     "soc0", 48.562, 3, std::nullopt, "agx-orin"},
    {"agx-orin-64gb-jetsontools-all.log", 25620, 62841, 12, 11, 0, 2201, 0, 1300, "tdiode", 34.625,
     4, 5191 + 1997 + 401, "agx-orin"},
    {"agx-orin-64gb-jetsontools-basic.log", 25620, 62841, 12, 0, 0, 2201, 0, std::nullopt, "cpu",
     45, 4, 5193 + 1997 + 502, "agx-orin"},
    {"agx-orin-64gb-jetsontools-example.log", 24389, 62841, 12, 5, 0, 2201, 0, std::nullopt, "gpu",
     43.937, 4, 5191 + 2397 + 502, "agx-orin"},
    {"agx-xavier-16gb-jetsontools-all.log", 2086, 15825, 8, 1, 33, 2265, 0, 905, "thermal", 30.95,
     6, 463 + 1236 + 2318 + 0 + 154 + 2934, "agx-xavier"},
    {"agx-xavier-16gb-jetsontools-basic.log", 2085, 15825, 8, 7, 0, 2265, 0, std::nullopt, "AUX",
     30.5, 0, std::nullopt, "agx-xavier"},
    {"agx-xavier-32gb-moskitoo.log", 3715, 30991, 8, 1, 100, 2264, 36, 1377, "Tdiode", 51.25, 6,
     5039 + 5342 + 3204 + 0 + 1068 + 3605, "agx-xavier"},
    {"nano-4gb-sumantbagri.log", 936, 3964, 4, 0, 10, 102, 0, 76, "CPU", 27.5, 3, 920, "nano"},
    {"nano-hexapod-humble-partial.log", 1758, 3956, 4, 2, std::nullopt, std::nullopt, 0,
     std::nullopt, "thermal", 41.75, 0, std::nullopt, "nano"},
    {"nano-spain2394.log", 1626, 3956, 4, 2, 1, 921, 0, std::nullopt, "iwlwifi", 32, 3, 1807,
     "nano"},
    {"orin-nano-8gb-super-hokwangchoi.log", 519, 7607, 6, 3, 9, 1728, 0, 1018, "gpu", 49.593, 3,
     5971, "orin-nano"},
    {"orin-nano-8gb-super-zainmk-15w.log", 2557, 7620, 6, 5, 0, 1497, 0, 611, "soc1", 49.343, 3,
     5191, "orin-nano"},
    {"orin-nano-8gb-super-zainmk-7w.log", 1213, 7620, 6, 4, std::nullopt, std::nullopt, 0, 407,
     "soc2", 48, 3, 3588, "orin-nano"},
    {"orin-nano-8gb-super-zainmk-maxn.log", 2550, 7620, 6, 0, 0, 1728, 0, 1018, "tj", 53.218, 3,
     5710, "orin-nano"},
    {"orin-nx-16gb-jetsontools-all.log", 3408, 15657, 8, 0, 33, 806, 0, 305, "cv2", 51.125, 3, 5469,
     "orin-nx"},
    {"orin-nx-16gb-jetsontools-basic.log", 3412, 15657, 8, 4, 0, 1036, 0, std::nullopt, "cv1",
     51.937, 3, 5793, "orin-nx"},
    {"orin-unknown-24gb-neleon.log", 18220, 24402, 12, 11, 37, 2021, 99, 1274, "GPU", 78.937, 0,
     std::nullopt, "agx-orin"},
    {"tx1-hordiales-a-partial.log", 3691, 3983, 4, 3, 0, 1734, 0, 998, "", std::nullopt, 0,
     std::nullopt, ""},
    {"tx1-hordiales-b-partial.log", 3468, 3983, 4, 2, 29, 408, 3, 76, "", std::nullopt, 0,
     std::nullopt, ""},
    {"tx2-guesswho798-nonroot.log", 2633, 7850, 6, 0, 0, 2035, std::nullopt, std::nullopt, "Tdiode",
     31.25, 6, 3624, "tx2"},
    {"tx2-guesswho798-root.log", 2630, 7850, 6, 4, 28, 2035, std::nullopt, std::nullopt, "BCPU",
     34.5, 6, 3605, "tx2"},
    {"tx2-putmotorsport-partial.log", 284, 7860, 6, 1, std::nullopt, std::nullopt, std::nullopt, 0,
     "thermal", 28.7, 6, 3566, "tx2"},
    {"tx2-ssaraff98.log", 896, 7859, 6, 1, 4, 345, 0, std::nullopt, "MCPU", 34.5, 6, 1840, "tx2"},
    {"xavier-nx-8gb-jetsontools-all.log", 2170, 6855, 6, 1, 50, 1422, 0, 1109, "thermal", 40.3, 3,
     5480, "xavier-nx"},
    {"xavier-nx-8gb-jetsontools-basic.log", 2171, 6855, 6, 5, 0, 1420, 0, std::nullopt, "AO", 39.5,
     0, std::nullopt, "xavier-nx"},
    {"xavier-nx-bjgeiser-early-partial.log", 1650, 6834, 6, 2, 17, 1190, 0, 114, "CPU", 43.5, 3,
     4552, "xavier-nx"},
    {"xavier-nx-bjgeiser.log", 2274, 6834, 6, 1, 100, 1188, 22, std::nullopt, "thermal", 37.85, 3,
     5542, "xavier-nx"},
};

class TegrastatsSpot : public ::testing::TestWithParam<Spot> {};

TEST_P(TegrastatsSpot, FirstSampleMatchesTheRawLine) {
    const Spot& spot = GetParam();
    auto result = import_file(import_data(spot.file));
    ASSERT_FALSE(result.samples.empty());
    const Sample& s = result.samples.front();
    EXPECT_EQ(s.mem.used_kb, spot.ram_used_mb * 1024);
    EXPECT_EQ(s.mem.total_kb, spot.ram_total_mb * 1024);
    ASSERT_EQ(s.cpu.cores.size(), spot.cores);
    const CoreSample& core = s.cpu.cores[spot.core];
    EXPECT_EQ(core.id, static_cast<int>(spot.core));
    EXPECT_EQ(core.online, spot.core_util.has_value());
    EXPECT_EQ(core.util_pct, spot.core_util);
    EXPECT_EQ(core.freq_khz,
              spot.core_mhz ? std::optional<int64_t>(*spot.core_mhz * 1000) : std::nullopt);
    if (spot.gpu_load || spot.gpu_mhz) {
        ASSERT_FALSE(s.gpu.empty());
        EXPECT_EQ(s.gpu[0].name, "GR3D");
        EXPECT_EQ(s.gpu[0].load_pct, spot.gpu_load);
        EXPECT_EQ(s.gpu[0].freq_hz,
                  spot.gpu_mhz ? std::optional<int64_t>(*spot.gpu_mhz * 1000000) : std::nullopt);
    } else {
        EXPECT_TRUE(s.gpu.empty());
    }
    if (*spot.zone != '\0') {
        const ThermalSample* zone = find_zone(s, spot.zone);
        ASSERT_NE(zone, nullptr) << spot.zone;
        EXPECT_EQ(zone->temp_c, spot.zone_c);
    } else {
        EXPECT_TRUE(s.thermal.empty());
    }
    EXPECT_EQ(s.rails.size(), spot.rails);
    EXPECT_EQ(s.power_total_mw, spot.total_mw);
    auto board = guess_board(s);
    EXPECT_EQ(board ? board->name : "", spot.board);
}

// orin-unknown-24gb-neleon.log (early JetPack 5): the GPU's two GPCs as two fields and the engine
// loads as separate _LOAD fields. Line 2: "GR3D_FREQ 93%@1274 GR3D2_FREQ 82%@1274 NVENC_LOAD 0%
// NVDEC_LOAD 0% VIC_LOAD 0% NVDLA0_LOAD 0% NVDLA1_LOAD 0% APE 81"; line 1 has "NVENC_LOAD 7%".
TEST(TegrastatsCaptures, GpcFieldsAreOneGpuAndEngineLoadsAreKept) {
    auto result = import_file(import_data("orin-unknown-24gb-neleon.log"));
    ASSERT_GE(result.samples.size(), 2u);
    const Sample& first = result.samples[0];
    const Sample& second = result.samples[1];
    ASSERT_EQ(second.gpu.size(), 1u);
    EXPECT_EQ(second.gpu[0].name, "GR3D");
    EXPECT_EQ(second.gpu[0].load_pct, 87.5);
    EXPECT_EQ(second.gpu[0].freq_hz, 1274000000);
    ASSERT_EQ(second.gpu[0].gpc.size(), 2u);  // GR3D is GPC 0, GR3D2 GPC 1
    EXPECT_EQ(second.gpu[0].gpc[1].freq_hz, 1274000000);
    std::vector<std::pair<std::string, std::optional<double>>> loads;
    for (const auto& e : first.engines)
        loads.emplace_back(e.name, e.load_pct);
    EXPECT_EQ(loads,
              (std::vector<std::pair<std::string, std::optional<double>>>{{"APE", std::nullopt},
                                                                          {"DLA0", 0.0},
                                                                          {"DLA1", 0.0},
                                                                          {"NVDEC", 0.0},
                                                                          {"NVENC", 7.0},
                                                                          {"VIC", 0.0}}));
    EXPECT_TRUE(result.importer.notes().empty());
    auto board = guess_board(second);
    ASSERT_TRUE(board);
    EXPECT_EQ(board->name, "agx-orin");  // 12 cores and Orin's zones, without GR3D2
}

// AGX Orin on JetPack 6 prints its GPU's two GPCs as "GR3D_FREQ x%@[f0,f1]": one GPU, its clock
// the highest GPC's, both GPC clocks kept. abdel-e: three lines "@[305,305]" (loads 0, 0, 40) and
// one "0%@[0,0]"; hanner123: every line "@[305,0]" (the second GPC power-gated).
TEST(TegrastatsCaptures, AgxOrinGpcListIsOneGpuWithItsGpcClocks) {
    using Clocks = std::vector<std::optional<int64_t>>;
    auto gpc_clocks = [](const Sample& s) {
        Clocks out;
        for (const auto& g : s.gpu.at(0).gpc)
            out.push_back(g.freq_hz);
        return out;
    };
    auto abdel = import_file(import_data("agx-orin-64gb-abdel-e.log"));
    ASSERT_EQ(abdel.samples.size(), 4u);
    for (std::size_t i = 0; i < 3; ++i) {
        SCOPED_TRACE(i);
        ASSERT_EQ(abdel.samples[i].gpu.size(), 1u);
        EXPECT_EQ(gpc_clocks(abdel.samples[i]), (Clocks{305000000, 305000000}));
        EXPECT_EQ(abdel.samples[i].gpu[0].freq_hz, 305000000);
    }
    EXPECT_EQ(abdel.samples[2].gpu[0].load_pct, 40.0);
    ASSERT_EQ(abdel.samples[3].gpu.size(), 1u);
    EXPECT_EQ(gpc_clocks(abdel.samples[3]), (Clocks{0, 0}));
    EXPECT_EQ(abdel.samples[3].gpu[0].freq_hz, 0);

    auto hanner = import_file(import_data("agx-orin-64gb-hanner123.log"));
    ASSERT_EQ(hanner.samples.size(), 4u);
    for (const Sample& s : hanner.samples) {
        ASSERT_EQ(s.gpu.size(), 1u);
        EXPECT_EQ(gpc_clocks(s), (Clocks{305000000, 0}));
        EXPECT_EQ(s.gpu[0].freq_hz, 305000000);
    }
}

INSTANTIATE_TEST_SUITE_P(Captures, TegrastatsSpot, ::testing::ValuesIn(kSpots),
                         [](const ::testing::TestParamInfo<Spot>& info) {
                             std::string name = info.param.file;
                             name = name.substr(0, name.size() - 4);
                             for (char& c : name)
                                 if (c == '-') c = '_';
                             return name;
                         });

}  // namespace
}  // namespace edgetop::testing
