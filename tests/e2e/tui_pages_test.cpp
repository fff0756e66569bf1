// The interactive view of the real binary in a tmux pane, on the agx-orin fixture: every page
// shows the values of the fixture's files, and --ascii never sends a non-ASCII byte.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "e2e/edgetop_process.hpp"
#include "e2e/tmux_session.hpp"

namespace edgetop::testing {
namespace {

struct PageExpectation {
    char key;
    std::vector<std::string> texts;
};

// Values as the fixture files give them: tests/fixtures/agx-orin and notes/*.md.
const std::vector<PageExpectation>& orin_pages() {
    static const std::vector<PageExpectation> pages = {
        // Board model from the device tree, L4T from /etc/nv_tegra_release, nvpmodel mode; the
        // GPU rail at 840 mV x 5200 mA = 4.4 W; the CPU zone at 52625 m°C; the fastest core's
        // clock; no process table (on the status line of absent sources).
        {'1',
         {"Jetson AGX Orin", "L4T 35.3.1", "mode MAXN", "VDD_GPU_SOC", "4.4 W", "52.6 °C",
          "2.20 GHz", "pwmfan", "2049 rpm", "process table n/a (live root only)"}},
        // cpufreq: schedutil, 2201600 kHz current and maximum; /proc/loadavg.
        {'2', {"Cores", "schedutil", "2.20 GHz/2.20 GHz", "load 0.31 0.27 0.25"}},
        // devfreq ga10b at 1300500000 Hz; engine clocks APE 174 MHz, VIC 729.6 MHz, DLA0 off;
        // the VIC's load file 310 per mille, no other engine load; debugfs nafll_gpc0/1 at
        // 1300500000 Hz each.
        {'3',
         {"ga10b", "freq 1.30 GHz", "nvhost_podgov", "allowed 115 MHz .. 1.30 GHz",
          "GPC0 1.30 GHz  GPC1 1.30 GHz", "APE", "174 MHz", "31%   730 MHz",
          "DLA0            n/a       off"}},
        // INA3221 channels in mV and mA; the 1.8 V rail at 1800 mV x 224 mA = 403 mW; the CV
        // zones read -256000 (absent) and show n/a.
        {'4',
         {"VDD_GPU_SOC       840 mV  5200 mA", "VDD_CPU_CV        752 mV  2112 mA", "403 mW",
          "total 6.4 W", "CPU             52.6 °C  passive 99 critical 104",
          "CV0                 n/a", "Tboard          40.0 °C", "2049 rpm", "Cooling devices",
          "pwm-fan", "1 / 3"}},
        // /proc/meminfo, nvmap GPU memory, EMC at 3199 MHz.
        {'5',
         {"total 29.87 GiB", "used            6.55 GiB", "GPU shared      417.0 MiB",
          "swap used       45.5 MiB of 14.94 GiB", "freq 3.20 GHz"}},
        {'6', {"n/a: the process table is read only on the live root"}},
        // The analysis engine runs: no flag on this quiet board, but not "no rules are active".
        // PSI from /proc/pressure: memory some 0.84, io full 1.54.
        {'7',
         {"Active flags", "0 active", "no bottleneck flag is active", "0 events", "Pressure stalls",
          "memory some", "0.8 %", "1.5 %"}},
        // JetPack 5.1.1's records in var/lib/dpkg/status, CUDA's version.json, osrelease.
        {'8',
         {"Board", "Software", "JetPack", "5.1.1", "kernel", "5.10.104-tegra", "11.4.315",
          "8.6.0.166", "8.5.2.2", "2.2.7", "4.5.4", "module serial"}},
    };
    return pages;
}

class TuiPages : public ::testing::Test {
  protected:
    void SetUp() override { EDGETOP_REQUIRE_TMUX(); }
};

TEST_F(TuiPages, EveryPageShowsTheFixtureValues) {
    TmuxSession tmux({"--root", fixture_root("agx-orin")}, TmuxOptions().size(120, 40));
    ASSERT_TRUE(tmux.started());
    tmux.wait_for("Jetson AGX Orin");
    for (const auto& page : orin_pages()) {
        SCOPED_TRACE(std::string("page ") + page.key);
        tmux.keys(std::string(1, page.key));
        tmux.wait_for_all(page.texts);
    }
}

TEST_F(TuiPages, PageOptionChoosesTheFirstPage) {
    TmuxSession tmux({"--root", fixture_root("agx-orin"), "--page", "4"});
    ASSERT_TRUE(tmux.started());
    tmux.wait_for_all({"Rails", "VDD_GPU_SOC       840 mV"});
}

bool is_ascii(const std::string& text) {
    for (unsigned char c : text)
        if (c >= 0x80) return false;
    return true;
}

std::string squeezed(const std::string& text) {
    std::string out;
    for (char c : text)
        if (c != ' ' || out.empty() || out.back() != ' ') out += c;
    return out;
}

std::string first_non_ascii_line(const std::string& screen) {
    for (const auto& line : split_lines(screen))
        if (!is_ascii(line)) return line;
    return "";
}

TEST_F(TuiPages, AsciiOptionSendsNoNonAsciiByteOnAnyPage) {
    TmuxSession tmux({"--root", fixture_root("agx-orin"), "--ascii"});
    ASSERT_TRUE(tmux.started());
    tmux.wait_for("Jetson AGX Orin");
    for (const auto& page : orin_pages()) {
        SCOPED_TRACE(std::string("page ") + page.key);
        tmux.keys(std::string(1, page.key));
        // The ASCII layout writes "C" for "°C" and pads its columns by one more space, so compare
        // with runs of spaces squeezed.
        std::vector<std::string> texts;
        for (auto text : page.texts) {
            if (auto pos = text.find("°"); pos != std::string::npos) text.erase(pos, 2);
            texts.push_back(squeezed(text));
        }
        std::string screen = tmux.wait_until(
            [&](const std::string& s) {
                std::string flat = squeezed(s);
                for (const auto& t : texts)
                    if (flat.find(t) == std::string::npos) return false;
                return true;
            },
            "the fixture values of the page");
        EXPECT_TRUE(is_ascii(screen)) << first_non_ascii_line(screen);
    }
    tmux.keys("h");
    std::string help = tmux.wait_for("show or hide this help");
    EXPECT_TRUE(is_ascii(help)) << first_non_ascii_line(help);
}

TEST_F(TuiPages, UnicodeIsUsedWhenTheLocaleIsUtf8) {
    // The other side of the --ascii test: the same page with a UTF-8 locale does draw lines.
    TmuxSession tmux({"--root", fixture_root("agx-orin")});
    ASSERT_TRUE(tmux.started());
    std::string screen = tmux.wait_for("52.6 °C");
    EXPECT_FALSE(is_ascii(screen));
}

TEST_F(TuiPages, CLocaleFallsBackToAscii) {
    TmuxSession tmux({"--root", fixture_root("agx-orin")}, TmuxOptions().with_lang("C"));
    ASSERT_TRUE(tmux.started());
    std::string screen = tmux.wait_for("Jetson AGX Orin");
    EXPECT_TRUE(is_ascii(screen)) << first_non_ascii_line(screen);
}

// Every page, on two boards and on a replay: the tab bar names the page (at 64 columns only the
// current tab carries its name), the page draws its own panel, and nothing reports an error. A new
// page adds one line here.
struct PageTitle {
    char key;
    std::string tab;    // its name in the tab bar
    std::string panel;  // the title of a panel only that page draws
};
const std::vector<PageTitle> kPageTitles = {
    {'1', "Overview", "Hottest"},
    {'2', "CPU", "Utilisation history per core"},
    {'3', "GPU", "Engines"},
    {'4', "Power", "Thermal zones"},
    {'5', "Memory", "EMC (memory controller)"},
    {'6', "Procs", "process table"},
    {'7', "Analysis", "Timeline"},
    {'8', "Info", "Software"},
};

std::string tab_row(const std::string& screen) {
    auto lines = split_lines(screen);
    return lines.size() > 1 ? lines[1] : "";
}

void expect_every_page(TmuxSession& tmux) {
    for (const auto& page : kPageTitles) {
        SCOPED_TRACE(std::string("page ") + page.key + " " + page.tab);
        tmux.keys(std::string(1, page.key));
        std::string screen = tmux.wait_until(
            [&](const std::string& s) {
                return tab_row(s).find(page.tab) != std::string::npos &&
                       s.find(page.panel) != std::string::npos;
            },
            "the page's tab and panel");
        for (const auto& other : kPageTitles) {
            if (other.key == page.key) continue;
            EXPECT_EQ(tab_row(screen).find(" " + other.tab + " "), std::string::npos) << screen;
        }
        for (const char* error : {"error", "Error", "exception", "Sanitizer", "edgetop exited"})
            EXPECT_EQ(screen.find(error), std::string::npos) << error << "\n" << screen;
    }
    tmux.keys("q");
    tmux.wait_for("edgetop exited 0");
}

TEST_F(TuiPages, EveryPageOnTwoBoardsAndAReplayDrawsItsTitleAndNoError) {
    for (const std::string board : {"agx-orin", "nano"}) {
        SCOPED_TRACE(board);
        TmuxSession tmux({"--root", fixture_root(board)}, TmuxOptions().size(64, 40));
        ASSERT_TRUE(tmux.started());
        tmux.wait_for("Overview");
        expect_every_page(tmux);
    }
    SCOPED_TRACE("replay");
    TmuxSession replay({"replay", "--speed", "0.01",
                        std::string(EDGETOP_SOURCE_DIR) + "/examples/orin-nano-super-trt.jsonl"},
                       TmuxOptions().size(64, 40));
    ASSERT_TRUE(replay.started());
    replay.wait_for("REPLAY");
    expect_every_page(replay);
}

}  // namespace
}  // namespace edgetop::testing
