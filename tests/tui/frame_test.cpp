// Draws whole frames into a curses screen on /dev/null at fixed sizes and reads them back.
#include "tui/frame.hpp"

#include <gtest/gtest.h>

#include "sensors/gpu/gpu_nvml.hpp"
#include "sensors/gpu/gpu_sources.hpp"
#include "sensors/sampler/sampler.hpp"
#include "support/fixture_tree.hpp"
#include "support/nvml_stub.hpp"
#include "tests/tui/tui_samples.hpp"
#include "tests/tui/virtual_screen.hpp"

namespace edgetop::tui {
namespace {

using testing::VirtualScreen;

struct Scene {
    ViewModel view;
    UiState ui;
    Board board = testing::orin_board();
    std::vector<SourceStatus> status;
    std::vector<FlagDetail> details;
    Theme theme{true, false};
    bool analysis = false;

    Scene() {
        for (int i = 0; i < 5; ++i)
            view.update(testing::orin_sample(1.0 + i));
    }
    void draw() {
        FrameContext ctx{.view = view,
                         .ui = ui,
                         .board = board,
                         .status = status,
                         .theme = theme,
                         .flag_details = details,
                         .analysis_enabled = analysis};
        draw_frame(stdscr, ctx);
    }
};

constexpr std::pair<int, int> kSizes[] = {{8, 20},   {12, 40},   {24, 80}, {30, 100},
                                          {50, 160}, {100, 300}, {3, 10},  {1, 1}};

class Frame : public ::testing::Test {
  protected:
    void SetUp() override { ASSERT_TRUE(screen.ok()) << "no xterm-256color terminfo"; }
    VirtualScreen screen;
};

TEST_F(Frame, EveryPageDrawsAtEverySize) {
    Scene scene;
    for (auto [rows, cols] : kSizes) {
        screen.resize(rows, cols);
        for (int p = 0; p < kPageCount; ++p) {
            scene.ui.page = page_from_index(p);
            scene.draw();
            std::string text = screen.text();
            if (rows >= 8) {
                EXPECT_NE(text.find("1 flag"), std::string::npos) << text;
            }
            if (cols >= 40) {
                EXPECT_NE(screen.row(0).find("AGX Orin"), std::string::npos) << text;
            }
        }
        scene.ui.help = true;
        scene.draw();
        scene.ui.help = false;
    }
}

TEST_F(Frame, OverviewShowsRealValuesWithUnits) {
    Scene scene;
    screen.resize(30, 100);
    scene.draw();
    std::string text = screen.text();
    for (const char* expected : {"VDD_GPU_SOC", "4.4 W", "1.30 GHz", "87%", "52.6 \u00b0C",
                                 "trtexec", "L4T 35.3.1", "mode MAXN", "every 1 s"})
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
    // Core 8..11 are offline, not 0%.
    EXPECT_NE(text.find("off"), std::string::npos);
}

TEST_F(Frame, PowerPageShowsEachRailEnergyAndTrips) {
    Scene scene;
    scene.ui.page = Page::power;
    screen.resize(30, 100);
    scene.draw();
    std::string text = screen.text();
    // Constant 4.37 W over the 4 s between five samples: 17.5 J.
    for (const char* expected :
         {"840 mV", "5200 mA", "4.4 W", "17.5 J", "passive 99", "critical 104", "pwmfan"})
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
}

TEST_F(Frame, PowerPageSaysWhichRailOrSumIsTheTotal) {
    Scene scene;
    scene.ui.page = Page::power;
    screen.resize(40, 200);
    scene.draw();
    EXPECT_NE(screen.text().find("total 15.5 W = VDD_IN"), std::string::npos) << screen.text();
    // AGX Orin as its power source flags it: no input rail, three module rails summed.
    Sample orin = testing::orin_sample(6.0);
    orin.rails.pop_back();
    for (auto& rail : orin.rails)
        rail.in_total = rail.name != "VIN_SYS_5V0";
    orin.power_total_mw = 5200 * 840 / 1000.0 + 752 * 2112 / 1000.0 + 1800 * 224 / 1000.0;
    scene.view.update(orin);
    scene.draw();
    EXPECT_NE(screen.text().find("total 6.4 W = VDD_GPU_SOC + VDD_CPU_CV + VDDQ_VDD2_1V8AO"),
              std::string::npos)
        << screen.text();
    // Too narrow for the names: the rail left out, then the count, then the total alone.
    screen.resize(24, 60);
    scene.draw();
    EXPECT_NE(screen.text().find("total 6.4 W = all rails but VIN_SYS_5V0"), std::string::npos)
        << screen.text();
    screen.resize(24, 40);
    scene.draw();
    EXPECT_NE(screen.text().find("total 6.4 W = 3 rails"), std::string::npos) << screen.text();
    screen.resize(24, 30);
    scene.draw();
    EXPECT_NE(screen.text().find("total 6.4 W"), std::string::npos) << screen.text();
    EXPECT_EQ(screen.text().find("total 6.4 W ="), std::string::npos) << screen.text();
    screen.resize(40, 200);
    // Rails that say nothing of the total (a session from before the flags): the total alone.
    for (auto& rail : orin.rails)
        rail.in_total = false;
    scene.view.update(orin);
    scene.draw();
    EXPECT_NE(screen.text().find("total 6.4 W"), std::string::npos) << screen.text();
    EXPECT_EQ(screen.text().find("total 6.4 W ="), std::string::npos) << screen.text();
}

// The soctherm_oc counters below the rails: count, events per second, throttle; n/a where
// unreadable, and one status line on a board without them.
TEST_F(Frame, PowerPageShowsOverCurrentCountsAndRates) {
    Scene scene;
    Sample s = testing::orin_sample(6.0);
    s.oc_events.push_back({"oc1", "under-voltage", 0, 0.0, true});
    s.oc_events.push_back({"oc2", "average over-current", std::nullopt, std::nullopt, true});
    s.oc_events.push_back({"oc3", "instantaneous over-current", 27404, 14.0, true});
    scene.view.update(s);
    scene.ui.page = Page::power;
    screen.resize(40, 160);
    scene.draw();
    std::string text = screen.text();
    for (const char* expected :
         {"Over-current", "oc3 instantaneous over-current", "27404", "14/s", "oc1 under-voltage"})
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
    const std::size_t oc2 = text.find("oc2 average over-current");
    ASSERT_NE(oc2, std::string::npos) << text;
    EXPECT_NE(text.substr(oc2, text.find('\n', oc2) - oc2).find("n/a"), std::string::npos) << text;

    Scene without;
    without.ui.page = Page::power;
    without.draw();
    EXPECT_NE(screen.text().find("no over-current counters"), std::string::npos) << screen.text();
}

TEST_F(Frame, GpuPageShowsEngineLoadsOrNotAvailable) {
    Scene scene;
    scene.ui.page = Page::gpu;
    screen.resize(40, 120);
    scene.draw();
    std::string text = screen.text();
    EXPECT_NE(text.find("12%  1.11 GHz"), std::string::npos) << text;  // NVENC
    EXPECT_NE(text.find("n/a       off"), std::string::npos) << text;  // NVDEC: no load, off
    EXPECT_NE(text.find("n/a       n/a"), std::string::npos) << text;  // DLA0: nothing known
}

TEST_F(Frame, NarrowPowerPageKeepsWholeRailNamesAndDropsColumnsInstead) {
    Scene scene;
    scene.ui.page = Page::power;
    screen.resize(24, 80);
    scene.draw();
    std::string text = screen.text();
    EXPECT_NE(text.find("VDDQ_VDD2_1V8AO"), std::string::npos) << text;
    // Power and energy are the last columns to go; VDD_GPU_SOC's 4.4 W stays on screen.
    EXPECT_NE(text.find("4.4 W"), std::string::npos) << text;
    screen.resize(24, 40);
    scene.draw();
    text = screen.text();
    EXPECT_NE(text.find("VDDQ_VDD2_1V8AO"), std::string::npos) << text;
    EXPECT_NE(text.find("4.4 W"), std::string::npos) << text;
    EXPECT_EQ(text.find("840 mV"), std::string::npos) << "voltage goes first\n" << text;
}

TEST_F(Frame, MissingValuesShowNotAvailableAndWhy) {
    Scene scene;
    Sample bare = testing::orin_sample(6);
    bare.emc.reset();
    bare.mem.gpu_shared_kb.reset();
    scene.view.update(bare);
    scene.status = {{"emc.actmon", SourceStatus::State::needs_root, "/sys/kernel/debug/cactmon",
                     "debugfs is root-only"},
                    {"cpu.stat", SourceStatus::State::found, "/proc/stat", ""}};
    scene.ui.page = Page::memory;
    screen.resize(24, 80);
    scene.draw();
    std::string text = screen.text();
    EXPECT_NE(text.find("util  n/a"), std::string::npos) << text;
    EXPECT_NE(text.find("GPU shared      n/a"), std::string::npos) << text;
    // On the line of absent panels, above the keys.
    EXPECT_NE(text.find("; emc.actmon needs root (debugfs is root-only)"), std::string::npos)
        << text;
    EXPECT_EQ(screen.row(23).rfind("h help", 0), 0u) << text;
    EXPECT_EQ(text.find("util    0%"), std::string::npos);
}

TEST_F(Frame, DisksAndNetworkOnTheMemoryAndOverviewPages) {
    Scene scene;
    Sample s = testing::orin_sample(6.0);
    s.disks = {{"mmcblk0", 0, 16384, 0.4, {}, {}, {}},
               {"nvme0n1", 412876800, 3145728, 87.25, {}, {}, {}}};
    s.net = {{"can0", 0, 0, {}, {}}, {"eth0", 1250000, 48213, {}, {}}};
    scene.view.update(s);
    screen.resize(50, 160);
    for (Page page : {Page::memory, Page::overview}) {
        scene.ui.page = page;
        scene.draw();
        std::string text = screen.text();
        EXPECT_NE(text.find("Disks / network"), std::string::npos) << text;
        EXPECT_NE(text.find("2 disks, 2 interfaces"), std::string::npos) << text;
        EXPECT_NE(text.find("r  394 MiB/s w  3.0 MiB/s  87%"), std::string::npos) << text;
        EXPECT_NE(text.find("r      0 B/s w   16 KiB/s   0%"), std::string::npos) << text;
        EXPECT_NE(text.find("rx  1.2 MiB/s tx   47 KiB/s"), std::string::npos) << text;
    }
    // Without the two files: said so on the line of absent sources, not zeros.
    s.disks.clear();
    s.net.clear();
    scene.view.update(s);
    scene.ui.page = Page::memory;
    scene.draw();
    EXPECT_NE(screen.text().find("no disks or network"), std::string::npos) << screen.text();
    EXPECT_EQ(screen.text().find("Disks / network"), std::string::npos) << screen.text();
}

// Names read from files (a rail's hwmon label, a zone's type, a process, the board's model) with
// terminal sequences and bidi controls in them are drawn escaped, as --once and report show them.
TEST_F(Frame, NamesFromFilesAreDrawnEscaped) {
    Scene scene;
    scene.board.model = "Orin\x1b]0;owned\x07 kit";
    Sample s = testing::orin_sample(6.0);
    s.rails[0].name = "VDD\x1b[2J\u202eGPU";
    s.thermal[0].name = "cpu\u2066z";
    s.procs->all[0].name = "evil\x1b[31m\x9b";
    s.procs->top = s.procs->all;
    scene.view.update(s);
    screen.resize(50, 200);
    struct Expected {
        Page page;
        const char* text;
    };
    for (auto [page, expected] :
         {Expected{Page::power, "VDD\\x1b[2J\\u202eGPU"}, Expected{Page::overview, "cpu\\u2066z"},
          Expected{Page::processes, "evil\\x1b[31m\\x9b"},
          Expected{Page::overview, "Orin\\x1b]0;owned\\x07 kit"}}) {
        scene.ui.page = page;
        scene.draw();
        EXPECT_NE(screen.text().find(expected), std::string::npos)
            << page_name(page) << ": " << expected << "\n"
            << screen.text();
    }
}

TEST_F(Frame, AsciiModeEmitsOnlyAscii) {
    Scene scene;
    scene.theme = Theme(false, true);
    for (auto [rows, cols] : kSizes) {
        screen.resize(rows, cols);
        for (int p = 0; p < kPageCount; ++p) {
            scene.ui.page = page_from_index(p);
            scene.draw();
            EXPECT_TRUE(screen.only_ascii())
                << page_name(scene.ui.page) << " " << cols << "x" << rows << "\n"
                << screen.text();
        }
    }
    screen.resize(30, 100);
    scene.ui.page = Page::overview;
    scene.draw();
    EXPECT_NE(screen.text().find("52.6 C"), std::string::npos);
}

TEST_F(Frame, ProcessPageFiltersAndSorts) {
    Scene scene;
    scene.ui.page = Page::processes;
    scene.ui.query.filter = "PYTH";
    screen.resize(24, 80);
    scene.draw();
    std::string text = screen.text();
    EXPECT_NE(text.find("python3"), std::string::npos);
    EXPECT_EQ(text.find("trtexec"), std::string::npos);
    // The filter stays in sight once its prompt is closed.
    std::string footer = text.substr(text.rfind('\n', text.size() - 2) + 1);
    EXPECT_NE(footer.find("filter: PYTH"), std::string::npos) << text;
    scene.ui.query.filter.clear();
    scene.ui.query.sort = ProcColumn::pid;
    scene.ui.query.descending = false;
    scene.draw();
    text = screen.text();
    EXPECT_EQ(text.find("filter:"), std::string::npos) << text;
    EXPECT_LT(text.find("kworker"), text.find("python3"));
    EXPECT_LT(text.find("python3"), text.find("trtexec"));
}

TEST_F(Frame, AnalysisPageSaysWhenNoRulesRunAndShowsEvidence) {
    Scene scene;
    Sample quiet = testing::orin_sample(6);
    quiet.flags.clear();
    scene.view.update(quiet);
    scene.ui.page = Page::analysis;
    screen.resize(24, 80);
    scene.draw();
    std::string text = screen.text();
    EXPECT_NE(text.find("no rules are active"), std::string::npos) << text;
    // The raise at t=1 s and the clear at t=6 s are on the timeline.
    EXPECT_NE(text.find("cleared gpu_bound"), std::string::npos) << text;
    EXPECT_NE(text.find("raised  gpu_bound"), std::string::npos) << text;

    scene.view.update(testing::orin_sample(7));
    scene.analysis = true;
    scene.details = {{"gpu_bound", "GPU busy above 85% for 5 s", {{{"GR3D load", "87 %"}}, {}}}};
    scene.draw();
    text = screen.text();
    EXPECT_NE(text.find("GPU busy above 85% for 5 s"), std::string::npos) << text;
    EXPECT_NE(text.find("GR3D load  87 %"), std::string::npos) << text;
}

TEST_F(Frame, LiveSamplesOfTheOrinFixture) {
    Sampler sampler{Root(std::string(EDGETOP_FIXTURES) + "/agx-orin")};
    Scene scene;
    scene.view = ViewModel();
    for (int i = 0; i < 2; ++i)
        scene.view.update(sampler.sample());
    scene.board = sampler.board();
    scene.status = sampler.status();
    screen.resize(24, 80);
    for (int p = 0; p < kPageCount; ++p) {
        scene.ui.page = page_from_index(p);
        scene.draw();
    }
    scene.ui.page = Page::overview;
    scene.draw();
    std::string text = screen.text();
    if (sampler.board().model) {
        EXPECT_NE(text.find("Orin"), std::string::npos) << text;
    }
    EXPECT_NE(text.find("Overview"), std::string::npos) << text;
    // The line above the keys names what is missing on this Jetson, and nothing only a PC has.
    EXPECT_NE(text.find("; emc.iso_cap absent"), std::string::npos) << text;
    EXPECT_EQ(text.find("power.rapl"), std::string::npos) << text;
}

// The GPU page of a sampler over a fixture and the stand-in NVML library.
std::string gpu_page(const std::string& board, VirtualScreen& screen) {
    std::vector<SourcePtr> sources;
    sources.push_back(make_gpu_source());
    sources.push_back(make_nvml_source(edgetop::testing::kNvmlStub));
    Sampler sampler{Root(edgetop::testing::fixture_path(board)), std::move(sources)};
    Scene scene;
    scene.view = ViewModel();
    for (int i = 0; i < 2; ++i)
        scene.view.update(sampler.sample());
    scene.ui.page = Page::gpu;
    screen.resize(40, 160);
    scene.draw();
    return screen.text();
}

TEST_F(Frame, GpuPageShowsADiscreteGpuFromNvml) {
#ifdef EDGETOP_STATIC
    GTEST_SKIP() << "the static build has no NVML";
#endif
    edgetop::testing::NvmlScript script(edgetop::testing::kDiscreteGpuScript);
    std::string text = gpu_page("x86-pc", screen);
    EXPECT_NE(text.find("NVIDIA RTX A2000 12GB"), std::string::npos) << text;
    EXPECT_NE(text.find("load 37%"), std::string::npos) << text;
    EXPECT_NE(text.find("nvml  temp 54.0 °C  power 41.2 W of 70.0 W"), std::string::npos) << text;
    EXPECT_NE(text.find("used 3.00 GiB of 12.00 GiB"), std::string::npos) << text;
}

TEST_F(Frame, GpuPageShowsThorsLoadFromNvmlNextToDevfreq) {
#ifdef EDGETOP_STATIC
    GTEST_SKIP() << "the static build has no NVML";
#endif
    edgetop::testing::NvmlScript script("count 1\n0 name NVIDIA Thor\n0 util 42 7\n0 temp 47\n");
    std::string text = gpu_page("thor", screen);
    EXPECT_NE(text.find("gpu-gpc-0"), std::string::npos) << text;
    EXPECT_NE(text.find("load 42%"), std::string::npos) << text;
    EXPECT_NE(text.find("governor nvhost_podgov"), std::string::npos) << text;
    EXPECT_NE(text.find("devfreq+nvml  temp 47.0 °C"), std::string::npos) << text;
    EXPECT_EQ(text.find("NVIDIA Thor"), std::string::npos) << "one GPU, not two: " << text;
}

TEST_F(Frame, ProcessTableShowsItsFilterGpuHoldersAndWhatIsBelow) {
    Scene scene;
    Sample busy = testing::orin_sample(6);
    for (int pid = 2000; pid < 2040; ++pid) {
        ProcessSample p;
        p.pid = pid, p.name = "worker-" + std::to_string(pid), p.cpu_pct = 0.1;
        busy.procs->all.push_back(p);
    }
    busy.procs->all[0].gpu_mem_kb = 262144;  // trtexec: 256 MiB of GPU memory (NVML or nvmap)
    scene.view.update(busy);
    scene.ui.page = Page::processes;
    screen.resize(24, 80);
    scene.draw();
    std::string text = screen.text();
    // 43 processes, 18 table rows at 80x24 (title, column titles, "+N more" line) with the "n/a:"
    // line naming the control groups this sample lacks: 26 below.
    EXPECT_NE(text.find("43 processes"), std::string::npos) << text;
    EXPECT_NE(text.find("+26 more processes"), std::string::npos) << text;
    EXPECT_NE(text.find("n/a: no control groups"), std::string::npos) << text;

    // With its groups (trtexec in a container capped at 4 cores and throttled, the rest in a
    // service), the Containers panel takes 4 rows above the table and the "n/a:" line goes: 3
    // fewer processes shown.
    GroupSample container;
    container.path = "/docker/3f4e2b1a9c8d";
    container.name = "l4t-ml";
    container.kind = "docker";
    container.processes = 1;
    container.cpu_pct = 97.5;
    container.cpu_limit_pct = 100;
    container.throttled_pct = 45;
    container.memory_kb = 1843200;
    container.memory_limit_kb = 4194304;
    GroupSample service;
    service.path = "/system.slice/worker.service";
    service.name = "worker.service";
    service.kind = "service";
    service.processes = 42;
    service.cpu_pct = 16.5;
    busy.groups = {service, container};
    scene.view.update(busy);
    scene.draw();
    text = screen.text();
    EXPECT_NE(text.find("Containers and services"), std::string::npos) << text;
    EXPECT_NE(text.find("+29 more processes"), std::string::npos) << text;
    EXPECT_EQ(text.find("n/a: no control groups"), std::string::npos) << text;
    // Busiest first: the container's row above the service's, its quota and throttling shown.
    auto container_row = text.find("l4t-ml");
    ASSERT_NE(container_row, std::string::npos) << text;
    EXPECT_LT(container_row, text.find("worker.service")) << text;
    std::string row = text.substr(container_row, text.find('\n', container_row) - container_row);
    EXPECT_NE(row.find("docker"), std::string::npos) << row;
    EXPECT_NE(row.find("97.5%    100%     45%"), std::string::npos) << row;
    busy.groups.clear();
    scene.view.update(busy);
    // The GPU holder is marked and its GPU memory shown; the others' is unknown.
    EXPECT_NE(text.find("GPU MiB"), std::string::npos) << text;
    EXPECT_NE(text.find("yes    256.0"), std::string::npos) << text;
    scene.ui.query.filter = "PYTH";
    scene.draw();
    text = screen.text();
    EXPECT_NE(screen.row(2).find("filter: PYTH  1 of 43"), std::string::npos) << text;
    EXPECT_EQ(text.find("more processes"), std::string::npos) << text;
}

// The row of the process table's column titles.
std::string column_titles(const VirtualScreen& screen) {
    for (int y = 0; y < LINES; ++y)
        if (screen.row(y).find("PID") != std::string::npos &&
            screen.row(y).find("COMMAND") != std::string::npos)
            return screen.row(y);
    return {};
}

Sample two_pythons(double t) {
    Sample s = testing::orin_sample(t);
    auto& all = s.procs->all;
    all[0].ppid = 1001, all[0].command = "/usr/src/tensorrt/bin/trtexec --onnx=resnet50.onnx";
    all[1].ppid = 1, all[1].command = "/usr/bin/python3 serve.py --port 8001";
    all[2].ppid = 2, all[2].command = "[kworker/u24:1]";
    ProcessSample twin = all[1];
    twin.pid = 1002, twin.cpu_pct = 3.0;
    twin.command = "/usr/bin/python3 train.py --epochs 10";
    all.push_back(twin);
    return s;
}

TEST_F(Frame, ProcessTableShowsCommandLinesAndATree) {
    Scene scene;
    scene.view.update(two_pythons(6));
    scene.ui.page = Page::processes;
    screen.resize(24, 80);
    scene.draw();
    std::string text = screen.text();
    // Two python3 that only their arguments tell apart; the program's directory gives way at 80
    // columns, and shows where there is room.
    EXPECT_NE(text.find(" python3 serve.py --port 8001"), std::string::npos) << text;
    EXPECT_NE(text.find(" python3 train.py --epochs 10"), std::string::npos) << text;
    EXPECT_NE(text.find("[kworker/u24:1]"), std::string::npos) << text;
    screen.resize(40, 120);
    scene.draw();
    EXPECT_NE(screen.text().find("/usr/bin/python3 serve.py --port 8001"), std::string::npos);
    screen.resize(24, 80);

    scene.ui.process_tree = true;
    scene.draw();
    text = screen.text();
    EXPECT_NE(text.find("Processes (tree)"), std::string::npos) << text;
    // python3 serve.py is a root; trtexec, its child, under it.
    size_t parent = text.find("serve.py"), child = text.find("\u2514\u2500 trtexec --onnx");
    ASSERT_NE(child, std::string::npos) << text;
    EXPECT_LT(parent, child);
    EXPECT_LT(text.find("train.py"), text.find("[kworker"));  // roots by CPU: 12, 3, 0.5

    scene.theme = Theme(true, true);
    scene.draw();
    EXPECT_NE(screen.text().find("`- trtexec --onnx"), std::string::npos) << screen.text();
}

TEST_F(Frame, ProcessTableHasNoGpuColumnsWithoutAGpuSource) {
    Scene scene;
    screen.resize(40, 200);
    scene.ui.page = Page::processes;
    scene.draw();
    EXPECT_NE(column_titles(screen).find("GPU"), std::string::npos) << screen.text();
    EXPECT_EQ(column_titles(screen).find("VCSW/s"), std::string::npos) << screen.text();
    Sample no_gpu = testing::orin_sample(6);
    no_gpu.gpu.clear();
    scene.view.update(no_gpu);
    scene.ui.show_ctxt = true;
    scene.draw();
    std::string titles = column_titles(screen);
    ASSERT_FALSE(titles.empty()) << screen.text();
    EXPECT_EQ(titles.find("GPU"), std::string::npos) << titles;
    EXPECT_NE(titles.find("NVCSW/s"), std::string::npos) << titles;
}

}  // namespace
}  // namespace edgetop::tui
