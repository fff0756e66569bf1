#include "report/html/html_report.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "html/html_test_support.hpp"
#include "report/html/html_session.hpp"
#include "report/html/markup.hpp"
#include "report/html/svg_chart.hpp"
#include "report/report_text.hpp"
#include "text/text_units.hpp"

namespace edgetop::html {
namespace {

using testing::chart_markup;
using testing::points_per_series;

const std::string kHostile = "<script>alert(1)</script>";

// A board with two zones and their trip points (the two critical ones share a temperature).
Board board_with_trips() {
    Board b;
    b.model = "NVIDIA Jetson AGX Orin Developer Kit";
    b.soc = "tegra234";
    b.thermal_zones.push_back({"CPU-therm", {{"passive", 95}, {"critical", 105}}});
    b.thermal_zones.push_back({"GPU-therm", {{"critical", 105}}});
    return b;
}

// Sample i at 10 Hz: four cores, core 3 offline every tenth sample; a GPU, EMC, three rails (one
// with a hostile name), the total and two zones.
Sample sample_at(int i) {
    Sample s;
    s.t_s = i * 0.1;
    s.time =
        std::chrono::system_clock::time_point(std::chrono::milliseconds(1750000000000LL + i * 100));
    s.cpu.util_pct = 20 + (i % 50);
    for (int c = 0; c < 4; ++c) {
        CoreSample core;
        core.id = c;
        core.online = !(c == 3 && i % 10 == 0);
        if (core.online) core.util_pct = 10.0 * c + (i % 30);
        s.cpu.cores.push_back(core);
    }
    GpuSample gpu;
    gpu.name = "gpu";
    gpu.load_pct = (i * 7) % 100;
    s.gpu.push_back(gpu);
    s.emc = EmcSample{};
    s.emc->util_pct = 30;
    auto rail = [](std::string name, double mw, bool total = false) {
        RailSample r;
        r.name = std::move(name);
        r.power_mw = mw;
        r.is_total = total;
        return r;
    };
    s.rails.push_back(rail("VDD_IN", 9000 + (i % 100) * 10, true));
    s.rails.push_back(rail("VDD_CPU_CV", 2000));
    s.rails.push_back(rail(kHostile, 1000 + i % 3));
    s.power_total_mw = 9000 + (i % 100) * 10;
    s.thermal.push_back({"CPU-therm", 50 + (i % 20) * 0.5});
    s.thermal.push_back({"GPU-therm", 48});
    return s;
}

testing::SessionLines session_of(int samples) {
    testing::SessionLines s;
    s.header.started = std::chrono::system_clock::time_point(std::chrono::seconds(1750000000));
    s.header.interval_ms = 100;
    s.header.host = "orin-bench";
    s.header.board = board_with_trips();
    s.header.rules = std::vector<std::string>{"power_budget"};
    for (int i = 0; i < samples; ++i)
        s.samples.push_back(sample_at(i));
    analysis::Event raised;
    raised.t_s = 1.0;
    raised.flag = "power_budget";
    raised.message = "over budget";
    analysis::Event cleared = raised;
    cleared.t_s = 2.0;
    cleared.state = analysis::EventState::cleared;
    s.events = {raised, cleared};
    SessionEnd end;
    end.t_s = samples * 0.1;
    end.samples = samples;
    s.end = end;
    return s;
}

struct Rendered {
    std::vector<HtmlSession> sessions;
    std::string page;
};

Rendered render(const std::vector<std::string>& paths) {
    Rendered r;
    for (const auto& p : paths)
        r.sessions.push_back(read_html_session(
            {p}, {}, [](const std::string& problem) { ADD_FAILURE() << problem; }));
    r.page = render_html_report(r.sessions);
    return r;
}

TEST(HtmlReport, FewSamplesArePlottedOnePointPerReading) {
    testing::TempDir tmp;
    const int n = 120;
    auto r = render({testing::write_html_session(tmp, "a.jsonl", session_of(n))});
    auto cores = points_per_series(chart_markup(r.page, "s1-cores"));
    EXPECT_EQ(cores["cpu0"], static_cast<std::size_t>(n));
    EXPECT_EQ(cores["cpu2"], static_cast<std::size_t>(n));
    EXPECT_EQ(cores["cpu3"], static_cast<std::size_t>(n - n / 10));  // offline: no reading
    auto util = points_per_series(chart_markup(r.page, "s1-util"));
    EXPECT_EQ(util["cpu"], static_cast<std::size_t>(n));
    EXPECT_EQ(util["gpu"], static_cast<std::size_t>(n));
    EXPECT_EQ(util["emc"], static_cast<std::size_t>(n));
    auto power = points_per_series(chart_markup(r.page, "s1-power"));
    EXPECT_EQ(power["VDD_IN"], static_cast<std::size_t>(n));
    EXPECT_EQ(power["total"], static_cast<std::size_t>(n));
    EXPECT_EQ(power["&lt;script&gt;alert(1)&lt;/script&gt;"], static_cast<std::size_t>(n));
    auto thermal = points_per_series(chart_markup(r.page, "s1-thermal"));
    EXPECT_EQ(thermal["CPU-therm"], static_cast<std::size_t>(n));
    EXPECT_EQ(thermal.size(), 2u);
}

TEST(HtmlReport, AnOfflineCoreBreaksItsLine) {
    testing::TempDir tmp;
    auto r = render({testing::write_html_session(tmp, "a.jsonl", session_of(100))});
    std::string cores = chart_markup(r.page, "s1-cores");
    // cpu3 is offline at samples 0, 10, ..., 90: nine runs of nine readings after the first.
    std::size_t lines = 0;
    for (auto at = cores.find("data-series=\"cpu3\""); at != std::string::npos;
         at = cores.find("data-series=\"cpu3\"", at + 1))
        ++lines;
    EXPECT_EQ(lines, 10u);
}

TEST(HtmlReport, ManySamplesAreDecimatedPerPixelColumn) {
    testing::TempDir tmp;
    const int n = 6000;
    auto lines = session_of(n);
    lines.samples[4321].rails[0].power_mw = 31000;  // one peak of VDD_IN: 31 W
    auto r = render({testing::write_html_session(tmp, "long.jsonl", lines)});
    for (const char* chart : {"s1-cores", "s1-util", "s1-power", "s1-thermal"})
        for (const auto& [name, points] : points_per_series(chart_markup(r.page, chart))) {
            EXPECT_LE(points, 4 * kPlotColumns) << chart << " " << name;
            EXPECT_GE(points, kPlotColumns / 2) << chart << " " << name;
            EXPECT_LT(points, static_cast<std::size_t>(n)) << chart << " " << name;
        }
    // The peak is kept: it is the highest point of its line, at the top of the value axis.
    const auto& power = r.sessions[0].plots.plots()[2];
    ASSERT_EQ(power.series[0].name, "VDD_IN");
    bool peak = false;
    for (const auto& p : power.series[0].data.points())
        peak |= p.value == 31.0 && std::abs(p.t_s - 432.1) < 1e-9;
    EXPECT_TRUE(peak);
}

TEST(HtmlReport, IsWellFormedAndSelfContained) {
    testing::TempDir tmp;
    auto a = testing::write_html_session(tmp, "a.jsonl", session_of(80));
    auto b = testing::write_html_session(tmp, "b.jsonl", session_of(40));
    auto r = render({a, b});
    EXPECT_EQ(testing::markup_problem(r.page), "");
    EXPECT_EQ(r.page.find("http"), std::string::npos);
    EXPECT_EQ(r.page.find("@import"), std::string::npos);
    EXPECT_EQ(r.page.find("url("), std::string::npos);
    EXPECT_EQ(r.page.find("<script"), std::string::npos);
    EXPECT_EQ(r.page.find("<link"), std::string::npos);
    EXPECT_EQ(r.page.find("<img"), std::string::npos);
    EXPECT_EQ(r.page.find("src="), std::string::npos);
    EXPECT_EQ(r.page.find("href="), std::string::npos);
    EXPECT_NE(r.page.find("prefers-color-scheme:dark"), std::string::npos);
    EXPECT_NE(r.page.find("@media print"), std::string::npos);
}

TEST(HtmlReport, AHostileRailNameIsShownAsText) {
    testing::TempDir tmp;
    auto r = render({testing::write_html_session(tmp, "a.jsonl", session_of(30))});
    EXPECT_EQ(r.page.find(kHostile), std::string::npos);
    EXPECT_NE(r.page.find("<li><span class=\"key s2\"></span>&lt;script&gt;alert(1)&lt;/script&gt;"
                          "</li>"),
              std::string::npos);
    EXPECT_NE(r.page.find("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"), std::string::npos);
}

TEST(HtmlReport, HasTheTextReportsFigures) {
    testing::TempDir tmp;
    auto r = render({testing::write_html_session(tmp, "a.jsonl", session_of(90))});
    const auto& report = r.sessions[0].report;
    for (const auto& m : report.metrics) {
        if (m.summary.count() == 0) continue;
        int decimals = m.unit == "mW" ? 0 : 1;
        for (auto v : {m.summary.mean(), m.summary.p50(), m.summary.p99(), m.summary.max()})
            EXPECT_NE(r.page.find("<td>" + text::number(*v, decimals) + "</td>"), std::string::npos)
                << m.name;
    }
    EXPECT_NE(
        r.page.find("<td>" + text::number(*report.total_energy.measured_joules(), 1) + "</td>"),
        std::string::npos);
    EXPECT_NE(r.page.find("<td>" + escape(sampling_line(report.sampling)) + "</td>"),
              std::string::npos);
    ASSERT_EQ(report.flags.size(), 1u);
    EXPECT_NE(r.page.find("<td>power_budget</td><td>1</td><td>1</td>"), std::string::npos);
}

TEST(HtmlReport, TripPointsAreDrawnOncePerTemperature) {
    testing::TempDir tmp;
    auto r = render({testing::write_html_session(tmp, "a.jsonl", session_of(30))});
    std::string thermal = chart_markup(r.page, "s1-thermal");
    std::size_t trips = 0;
    for (auto at = thermal.find("class=\"trip\""); at != std::string::npos;
         at = thermal.find("class=\"trip\"", at + 1))
        ++trips;
    EXPECT_EQ(trips, 2u);
    EXPECT_NE(thermal.find("critical 105 °C: CPU-therm, GPU-therm"), std::string::npos);
    EXPECT_NE(thermal.find("passive 95 °C: CPU-therm"), std::string::npos);
}

TEST(HtmlReport, FlagsAreShadedWhereTheyWereActive) {
    testing::TempDir tmp;
    auto r = render({testing::write_html_session(tmp, "a.jsonl", session_of(100))});
    std::string flags = chart_markup(r.page, "s1-flags");
    // 10 s session over 780 px from x = 64: the span 1 s .. 2 s is 78 px wide at x = 142.
    EXPECT_NE(flags.find("<rect class=\"flag\" data-flag=\"power_budget\" x=\"142\" y=\"29\" "
                         "width=\"78\""),
              std::string::npos)
        << flags;
    EXPECT_NE(chart_markup(r.page, "s1-power").find("<rect class=\"span\" x=\"142\""),
              std::string::npos);
}

TEST(HtmlReport, SeveralSessionsAreComparedInCharts) {
    testing::TempDir tmp;
    auto a = testing::write_html_session(tmp, "a.jsonl", session_of(100));
    auto b = testing::write_html_session(tmp, "b.jsonl", session_of(50));
    auto r = render({a, b});
    std::string duration = chart_markup(r.page, "cmp-duration");
    EXPECT_NE(duration.find("class=\"bar s0\""), std::string::npos);
    EXPECT_NE(duration.find("class=\"bar s1\""), std::string::npos);
    EXPECT_EQ(points_per_series(chart_markup(r.page, "cmp-cdf-power")).size(), 2u);
    EXPECT_NE(chart_markup(r.page, "cmp-flags"), "");
    EXPECT_NE(chart_markup(r.page, "s2-power"), "");
}

}  // namespace
}  // namespace edgetop::html
