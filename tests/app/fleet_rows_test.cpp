// The fleet's hosts file, rows and outputs, from answers shaped as a serve gives them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tui/virtual_screen.hpp"

#include "fleet/fleet_hosts.hpp"
#include "fleet/fleet_output.hpp"
#include "fleet/fleet_page.hpp"
#include "fleet/fleet_row.hpp"

namespace edgetop::fleet_rows_test {

using fleet::add_hosts_file;
using fleet::add_url;
using fleet::HostList;
using nlohmann::json;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(FleetHosts, AFileGivesNamesUrlsAndLabelsAndNamesEachBadLineByItsNumber) {
    HostList list;
    add_hosts_file(list,
                   "# name  url  labels\r\n"
                   "orin-07 https://10.0.3.7:9102 site=lab rack=2   # the rack's first\r\n"
                   "\n"
                   "http://[fe80::1]:9102\n"
                   "cam\tunix:/run/edgetop.sock\tsite=gate\n"
                   "orin-08 ftp://10.0.3.8\n"
                   "orin-09 http://10.0.3.9:9102 rack\n"
                   "orin-07 http://10.0.3.10:9102\n"
                   "site=lab http://10.0.3.11:9102\n"
                   "proxied https://proxy.example/boards/orin-12/",
                   "hosts.txt");
    ASSERT_EQ(list.hosts.size(), 4u);
    EXPECT_EQ(list.hosts[0].name, "orin-07");
    EXPECT_EQ(list.hosts[0].target.host, "10.0.3.7");
    EXPECT_EQ(list.hosts[0].target.port, 9102);
    EXPECT_THAT(list.hosts[0].labels,
                ElementsAre(std::pair<std::string, std::string>{"site", "lab"},
                            std::pair<std::string, std::string>{"rack", "2"}));
    EXPECT_EQ(list.hosts[1].name, "[fe80::1]:9102");
    EXPECT_EQ(list.hosts[2].name, "cam");
    EXPECT_EQ(list.hosts[2].target.socket_path, "/run/edgetop.sock");
    EXPECT_EQ(list.hosts[3].target.path, "/boards/orin-12/");
    ASSERT_EQ(list.problems.size(), 4u);
    EXPECT_THAT(list.problems[0], HasSubstr("hosts.txt:6: ftp://10.0.3.8: expected http(s)://"));
    EXPECT_THAT(list.problems[1], HasSubstr("hosts.txt:7: rack: expected a label KEY=VALUE"));
    EXPECT_THAT(list.problems[2],
                HasSubstr("hosts.txt:8: http://10.0.3.10:9102: the name orin-07 is already "
                          "https://10.0.3.7:9102"));
    EXPECT_THAT(list.problems[3], HasSubstr("hosts.txt:9: site=lab: a name comes before"));
}

TEST(FleetHosts, AUrlOfTheCommandLineIsNamedByItsHostAndPort) {
    HostList list;
    add_url(list, "http://127.0.0.1:9102");
    add_url(list, "http://127.0.0.1:9102/");
    add_url(list, "ftp://127.0.0.1");
    ASSERT_EQ(list.hosts.size(), 1u);
    EXPECT_EQ(list.hosts[0].name, "127.0.0.1:9102");
    ASSERT_EQ(list.problems.size(), 2u);
    EXPECT_THAT(list.problems[0], HasSubstr("the name 127.0.0.1:9102 is already"));
    EXPECT_THAT(list.problems[1], HasSubstr("ftp://127.0.0.1: expected http(s)://"));
}

// The parts of an AGX Orin's answers the row reads (tests/fixtures/agx-orin served; the trips are
// its CPU and GPU zones').
json orin_sample() {
    return json::parse(R"({"type":"sample","t":12.5,"time":"2026-11-28T05:00:00.000Z",
        "cpu":{"util":37.5},"gpu":[{"name":"ga10b","load":81.2}],"emc":{"util":44.0},
        "power_total_mw":23456.0,
        "thermal":[{"name":"CPU","temp_c":61.5},{"name":"GPU","temp_c":70.25},
                   {"name":"tj","temp_c":70.0},{"name":"SOC0","temp_c":null}],
        "mem":{"total_kb":31321140,"used_kb":15660570},
        "disks":[{"name":"nvme0n1","read_bytes_per_s":1000,"write_bytes_per_s":24},
                 {"name":"mmcblk0","read_bytes_per_s":null,"write_bytes_per_s":0}],
        "net":[{"name":"eth0","rx_bytes_per_s":512,"tx_bytes_per_s":512}]})");
}

json orin_board() {
    return json::parse(R"({"board":{"model":"Jetson AGX Orin","power_mode":{"id":0,"name":"MAXN"},
        "thermal_trips":[{"zone":"CPU","trips":[{"type":"passive","temp_c":99}]},
                         {"zone":"GPU","trips":[{"type":"critical","temp_c":104.5},
                                                {"type":"passive","temp_c":99}]}]},
        "software":{},"edgetop_version":"1.2.3"})");
}

constexpr double kSampleUnixTime = 1795842000.0;  // 2026-11-28T05:00:00Z

TEST(FleetRow, TakesEachValueFromTheAnswersAndTheWorstAndNewestFlag) {
    HostList list;
    add_url(list, "http://10.0.3.7:9102");
    json flags = json::parse(R"([
        {"type":"event","t":10.0,"flag":"thermal_throttle","state":"raised","message":"m"},
        {"type":"event","t":11.0,"flag":"gpu_saturated","state":"raised","message":"m"}])");
    auto row = fleet::row_from_answers(list.hosts[0], orin_sample(), orin_board(), flags,
                                       kSampleUnixTime + 2, 10);
    EXPECT_EQ(row.state, fleet::HostState::up);
    EXPECT_DOUBLE_EQ(*row.age_s, 2);
    EXPECT_EQ(row.model, "Jetson AGX Orin");
    EXPECT_EQ(row.power_mode, "MAXN");
    EXPECT_EQ(row.version, "1.2.3");
    EXPECT_DOUBLE_EQ(*row.cpu_pct, 37.5);
    EXPECT_DOUBLE_EQ(*row.gpu_pct, 81.2);
    EXPECT_DOUBLE_EQ(*row.emc_pct, 44);
    EXPECT_DOUBLE_EQ(*row.power_mw, 23456);
    EXPECT_EQ(row.hottest_zone, "GPU");
    EXPECT_DOUBLE_EQ(*row.hottest_c, 70.25);
    EXPECT_DOUBLE_EQ(*row.trip_c, 99);  // the lowest of the zone's trips
    EXPECT_DOUBLE_EQ(*row.headroom_c(), 28.75);
    EXPECT_DOUBLE_EQ(*row.mem_pct, 50);
    EXPECT_DOUBLE_EQ(*row.disk_bytes_per_s, 1024);
    EXPECT_DOUBLE_EQ(*row.net_bytes_per_s, 1024);
    EXPECT_EQ(row.flags, 2);
    EXPECT_EQ(row.worst_flag, "thermal_throttle");  // critical, before a newer warning
    EXPECT_EQ(row.worst_severity, analysis::Severity::critical);
    EXPECT_EQ(row.newest_flag, "gpu_saturated");
}

TEST(FleetRow, AnOldSampleIsStaleAndWhatABoardLacksIsAbsentNeverZero) {
    HostList list;
    add_url(list, "http://10.0.3.7:9102");
    json sample = json::parse(R"({"t":3,"time":"2026-11-28T05:00:00.000Z","cpu":{"util":null},
                                  "gpu":[],"thermal":[],"mem":{"total_kb":null}})");
    auto row = fleet::row_from_answers(list.hosts[0], sample, json::object(), json::array(),
                                       kSampleUnixTime + 42, 10);
    EXPECT_EQ(row.state, fleet::HostState::stale);
    EXPECT_THAT(row.reason, HasSubstr("sample from 42 s ago"));
    for (auto value : {row.cpu_pct, row.gpu_pct, row.emc_pct, row.power_mw, row.hottest_c,
                       row.mem_pct, row.disk_bytes_per_s, row.net_bytes_per_s})
        EXPECT_FALSE(value.has_value());
    auto json_row = fleet::row_json(row);
    EXPECT_TRUE(json_row["power_mw"].is_null());
    EXPECT_TRUE(json_row["hottest"]["headroom_c"].is_null());
    EXPECT_EQ(json_row["state"], "stale");
    EXPECT_EQ(json_row["flags"]["count"], 0);
}

TEST(FleetOutput, TheTableSaysWhyABoardIsDownAndTheTotalsCountOnlyTheBoardsUp) {
    HostList list;
    add_hosts_file(list, "a http://10.0.0.1:9102\nb http://10.0.0.2:9102\n", "h");
    std::vector<fleet::FleetRow> rows{
        fleet::row_from_answers(list.hosts[0], orin_sample(), orin_board(), json::array(),
                                kSampleUnixTime, 10),
        fleet::down_row(list.hosts[1], "cannot connect: Connection refused")};
    std::string table = fleet::fleet_table(rows);
    EXPECT_THAT(table, HasSubstr("2 boards: 1 up, 0 stale, 1 down; 23.5 W in all"));
    EXPECT_THAT(table, HasSubstr("b     down   cannot connect: Connection refused"));
    EXPECT_THAT(table, HasSubstr("70.2 °C GPU"));
    EXPECT_THAT(table, HasSubstr("28.8 °C"));

    // A board's flag id is text from the network: no escape sequence reaches the terminal.
    json hostile = json::parse(R"([{"t":1,"flag":"x\u001b]0;owned\u0007","state":"raised"}])");
    rows[0] = fleet::row_from_answers(list.hosts[0], orin_sample(), orin_board(), hostile,
                                      kSampleUnixTime, 10);
    table = fleet::fleet_table(rows);
    EXPECT_EQ(table.find('\x1b'), std::string::npos) << table;
    EXPECT_EQ(table.find('\x07'), std::string::npos) << table;
}

// Three boards of a lab: a busy Orin with a critical flag, an idle one, one that is down.
struct Lab {
    HostList list;
    std::vector<fleet::FleetRow> rows;
    Lab() {
        add_hosts_file(list,
                       "orin-busy http://10.0.0.1:9102 site=lab\n"
                       "orin-idle http://10.0.0.2:9102 site=field\n"
                       "orin-gone http://10.0.0.3:9102 site=lab\n",
                       "h");
        json idle = orin_sample();
        idle["power_total_mw"] = 5000.0;
        idle["gpu"][0]["load"] = 2.0;
        json flags = json::parse(
            R"([{"type":"event","t":10.0,"flag":"thermal_throttle","state":"raised"}])");
        rows.push_back(fleet::row_from_answers(list.hosts[0], orin_sample(), orin_board(), flags,
                                               kSampleUnixTime, 10));
        rows.push_back(fleet::row_from_answers(list.hosts[1], idle, orin_board(), json::array(),
                                               kSampleUnixTime, 10));
        rows.push_back(fleet::down_row(list.hosts[2], "no complete answer within 2 s"));
    }
    std::string draw(tui::testing::VirtualScreen& screen, int width, int height,
                     const fleet::FleetPageState& state) const {
        screen.resize(height, width);
        fleet::FleetSnapshot snapshot{rows.size(), rows, 3, std::chrono::milliseconds(12)};
        tui::Theme theme(true, false);
        werase(stdscr);
        fleet::draw_fleet_page(tui::Canvas(stdscr, {0, 0, height, width}, theme), snapshot,
                               fleet::shown_lines(rows, state), state, 2);
        return screen.text();
    }
};

TEST(FleetPage, ShowsTheTotalsEveryBoardAndMoreColumnsOnAWiderScreen) {
    tui::testing::VirtualScreen screen;
    if (!screen.ok()) GTEST_SKIP() << "no xterm-256color terminfo entry";
    Lab lab;
    fleet::FleetPageState state;
    std::string narrow = lab.draw(screen, 80, 24, state);
    EXPECT_THAT(screen.row(0), HasSubstr("3 boards  2 up  0 stale  1 down  28.5 W in all"));
    EXPECT_THAT(screen.row(1), HasSubstr("worst flag per board: thermal_throttle on 1"));
    EXPECT_THAT(screen.row(2),
                HasSubstr("NAME      STATE    CPU   GPU   EMC    POWER  HOTTEST   MEM FLAGS"));
    EXPECT_THAT(
        screen.row(3),
        HasSubstr("orin-busy up       38%   81%   44%   23.5 W  70.2 °C   50% 1 thermal_throttle"));
    EXPECT_THAT(screen.row(5), HasSubstr("orin-gone down   no complete answer within 2 s"));
    EXPECT_THAT(narrow, Not(HasSubstr("MODEL")));
    EXPECT_THAT(screen.row(23), HasSubstr("sort: given order"));

    lab.draw(screen, 200, 50, state);
    EXPECT_THAT(screen.row(2), HasSubstr("ZONE   HEADROOM"));
    EXPECT_THAT(screen.row(2), HasSubstr("MODEL"));
    EXPECT_THAT(screen.row(3), HasSubstr("GPU     28.8 °C"));
    EXPECT_THAT(screen.row(3), HasSubstr("Jetson AGX Orin"));
    EXPECT_THAT(screen.row(3), HasSubstr("MAXN"));
}

TEST(FleetPage, SortsFiltersAndGroupsByALabelWithSubtotals) {
    tui::testing::VirtualScreen screen;
    if (!screen.ok()) GTEST_SKIP() << "no xterm-256color terminfo entry";
    Lab lab;
    fleet::FleetPageState state;
    state.sort = fleet::SortKey::power;
    state.reversed = true;  // least power first; a board without a value stays apart
    auto lines = fleet::shown_lines(lab.rows, state);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0].row->host->name, "orin-gone");
    EXPECT_EQ(lines[1].row->host->name, "orin-idle");
    EXPECT_EQ(lines[2].row->host->name, "orin-busy");

    state = {};
    state.filter = "SITE=LAB";
    lines = fleet::shown_lines(lab.rows, state);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[1].row->host->name, "orin-gone");
    state.filter = "thermal";
    EXPECT_EQ(fleet::shown_lines(lab.rows, state).size(), 1u);

    state = {};
    state.group_by = "site";
    EXPECT_EQ(fleet::label_keys(lab.rows), std::vector<std::string>{"site"});
    lab.draw(screen, 80, 24, state);
    EXPECT_THAT(screen.row(3), HasSubstr("site=field: 1 board, 1 up, 0 down, 5.0 W, 0 flags"));
    EXPECT_THAT(screen.row(4), HasSubstr("orin-idle"));
    EXPECT_THAT(screen.row(5), HasSubstr("site=lab: 2 boards, 1 up, 1 down, 23.5 W, 1 flag"));
    EXPECT_THAT(screen.row(6), HasSubstr("orin-busy"));
    EXPECT_THAT(screen.row(7), HasSubstr("orin-gone"));
}

}  // namespace edgetop::fleet_rows_test
