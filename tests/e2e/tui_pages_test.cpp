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
        // GPU rail at 843 mV x 5182 mA = 4.4 W; the CPU zone at 52625 m°C; no process table.
        {'1',
         {"Jetson AGX Orin", "L4T 35.3.1", "mode MAXN", "VDD_GPU_SOC", "4.4 W", "52.6 °C",
          "2.20 GHz", "pwmfan", "2049 rpm", "n/a: the process table is read only"}},
        // cpufreq: schedutil, 2201600 kHz current and maximum; /proc/loadavg.
        {'2', {"Cores", "schedutil", "2.20 GHz/2.20 GHz", "load 0.31 0.27 0.25"}},
        // devfreq ga10b at 1300500000 Hz; engine clocks APE 174 MHz, VIC 729.6 MHz, DLA0 off;
        // the VIC's load file 310 per mille, no other engine load.
        {'3',
         {"ga10b", "freq 1.30 GHz", "nvhost_podgov", "allowed 115 MHz .. 1.30 GHz", "APE",
          "174 MHz", "31%   730 MHz", "DLA0            n/a       off"}},
        // INA3221 channels in mV and mA; the 1.8 V rail at 1800 mV x 224 mA = 403 mW; the CV
        // zones read -256000 (absent) and show n/a.
        {'4',
         {"VDD_GPU_SOC       843 mV  5182 mA", "VDD_CPU_CV        780 mV  2036 mA", "403 mW",
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
    tmux.wait_for_all({"Rails", "VDD_GPU_SOC       843 mV"});
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

}  // namespace
}  // namespace edgetop::testing
