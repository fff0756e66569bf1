#include <gtest/gtest.h>

#include <set>

#include "session/orin_sample.hpp"
#include "session/session_records_json.hpp"

namespace edgetop {
namespace {

using nlohmann::json;

SessionHeader orin_header() {
    SessionHeader h;
    h.started = std::chrono::system_clock::time_point(std::chrono::milliseconds(1750866197000));
    h.interval_ms = 500;
    h.host = "orin";
    h.root = "/";
    h.board = testing::orin_board();
    h.sources = {
        {"cpu.stat", SourceStatus::State::found, "/proc/stat", ""},
        {"emc.actmon", SourceStatus::State::needs_root, "/sys/kernel/debug/cactmon/mc_all",
         "debugfs is root-only: run as root or grant CAP_DAC_READ_SEARCH"},
        {"fan", SourceStatus::State::absent, "", ""},
    };
    return h;
}

json written(const SessionHeader& h) {
    return json::parse(header_to_json(h).dump());
}

TEST(SessionHeader, HasTheDocumentedKeys) {
    json line = written(orin_header());
    EXPECT_TRUE(header_to_json(orin_header()).dump().starts_with(R"({"type":"header",)"));
    EXPECT_EQ(line["format"], "edgetop-session");
    EXPECT_EQ(line["version"], 1);
    EXPECT_EQ(line["started"], "2025-06-25T15:43:17.000Z");
    EXPECT_EQ(line["interval_ms"], 500);
    EXPECT_EQ(line["host"], "orin");
    EXPECT_EQ(line["root"], "/");
    std::set<std::string> board_keys;
    for (const auto& [k, v] : line["board"].items())
        board_keys.insert(k);
    EXPECT_EQ(board_keys,
              (std::set<std::string>{"model", "soc", "l4t", "jetpack", "compatible", "power_mode",
                                     "power_modes", "default_mode_id", "thermal_trips"}));
}

TEST(SessionHeader, ListsTheRulesThatRanOnlyWhenTheyDid) {
    SessionHeader h = orin_header();
    EXPECT_FALSE(written(h).contains("rules"));
    EXPECT_FALSE(header_from_json(written(h)).rules);

    h.rules = std::vector<std::string>{"cpu_oversubscribed", "thermal_throttle"};
    json line = written(h);
    EXPECT_EQ(line["rules"], json({"cpu_oversubscribed", "thermal_throttle"}));
    EXPECT_EQ(header_from_json(line).rules, h.rules);

    // Every rule switched off still says the rules ran: an empty list, not an absent one.
    h.rules = std::vector<std::string>{};
    ASSERT_TRUE(header_from_json(written(h)).rules);
    EXPECT_TRUE(header_from_json(written(h)).rules->empty());
}

TEST(SessionHeader, WritesTheBoardAndItsPowerModes) {
    json board = written(orin_header())["board"];
    EXPECT_EQ(board["model"], "NVIDIA Jetson AGX Orin Developer Kit");
    EXPECT_EQ(board["soc"], "tegra234");
    EXPECT_EQ(board["compatible"][2], "nvidia,tegra234");
    EXPECT_EQ(board["power_mode"], json({{"id", 0}, {"name", "MAXN"}}));
    EXPECT_EQ(board["default_mode_id"], 0);
    ASSERT_EQ(board["power_modes"].size(), 2u);
    json w15 = board["power_modes"][1];
    EXPECT_EQ(w15["name"], "MODE_15W");
    EXPECT_EQ(w15["online_cores"], json({0, 1, 2, 3}));
    EXPECT_EQ(w15["cpu_max_khz"], json({{"CPU_A78_0", 1113600}}));
    EXPECT_EQ(w15["gpu_max_hz"], 420750000);
    EXPECT_TRUE(w15["emc_max_hz"].is_null());
    EXPECT_EQ(w15["budget_w"], 15);
    EXPECT_TRUE(board["power_modes"][0]["budget_w"].is_null());
    EXPECT_EQ(board["power_modes"][0]["cpu_max_khz"], json::object());
    EXPECT_EQ(board["thermal_trips"][0]["zone"], "cpu-thermal");
    EXPECT_EQ(board["thermal_trips"][0]["trips"][1], json({{"type", "critical"}, {"temp_c", 105}}));
}

TEST(SessionHeader, PowerModeIsNullWithoutACurrentModeAndNamelessWhenUnknown) {
    SessionHeader h = orin_header();
    h.board.current_mode_id.reset();
    EXPECT_TRUE(written(h)["board"]["power_mode"].is_null());
    h.board.current_mode_id = 9;
    EXPECT_EQ(written(h)["board"]["power_mode"], json({{"id", 9}, {"name", nullptr}}));
}

TEST(SessionHeader, UnknownBoardIsAllNullAndEmpty) {
    SessionHeader h;
    json board = written(h)["board"];
    EXPECT_TRUE(board["model"].is_null());
    EXPECT_TRUE(board["l4t"].is_null());
    EXPECT_EQ(board["compatible"], json::array());
    EXPECT_EQ(board["power_modes"], json::array());
    EXPECT_EQ(board["thermal_trips"], json::array());
}

TEST(SessionHeader, SourcesAreKeyedByNameWithStateAndHint) {
    json sources = written(orin_header())["sources"];
    EXPECT_EQ(sources["cpu.stat"],
              json({{"state", "found"}, {"path", "/proc/stat"}, {"hint", nullptr}}));
    EXPECT_EQ(sources["emc.actmon"]["state"], "needs root");
    EXPECT_EQ(sources["emc.actmon"]["hint"],
              "debugfs is root-only: run as root or grant CAP_DAC_READ_SEARCH");
    EXPECT_EQ(sources["fan"], json({{"state", "absent"}, {"path", nullptr}, {"hint", nullptr}}));
}

TEST(SessionHeader, RepeatedSourceNamesAreNumbered) {
    SessionHeader h;
    h.sources = {{"power.ina3221", SourceStatus::State::found, "/sys/class/hwmon/hwmon1", ""},
                 {"power.ina3221", SourceStatus::State::found, "/sys/class/hwmon/hwmon2", ""}};
    json sources = written(h)["sources"];
    EXPECT_EQ(sources["power.ina3221"]["path"], "/sys/class/hwmon/hwmon1");
    EXPECT_EQ(sources["power.ina3221#2"]["path"], "/sys/class/hwmon/hwmon2");
}

TEST(SessionHeader, ReadsBackWhatItWrote) {
    SessionHeader in = orin_header();
    SessionHeader out = header_from_json(written(in));
    EXPECT_EQ(out.version, 1);
    EXPECT_EQ(out.started, in.started);
    EXPECT_EQ(out.interval_ms, 500);
    EXPECT_EQ(out.host, "orin");
    EXPECT_EQ(out.board.model, in.board.model);
    EXPECT_EQ(out.board.compatible, in.board.compatible);
    EXPECT_EQ(out.board.current_mode_id, 0);
    ASSERT_EQ(out.board.power_modes.size(), 2u);
    EXPECT_EQ(out.board.power_modes[1].cpu_max_khz.at("CPU_A78_0"), 1113600);
    EXPECT_EQ(out.board.power_modes[1].gpu_max_hz, 420750000);
    EXPECT_EQ(out.board.power_modes[1].online_cores, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_DOUBLE_EQ(*out.board.power_modes[1].budget_w, 15.0);
    ASSERT_EQ(out.board.thermal_zones.size(), 1u);
    EXPECT_DOUBLE_EQ(out.board.thermal_zones[0].trips[1].temp_c, 105.0);
    ASSERT_EQ(out.sources.size(), 3u);
    EXPECT_EQ(header_to_json(out).dump().size(), header_to_json(in).dump().size());
}

// "software": every key written, null where absent; read back as written; an older header
// without it reads as all absent.
TEST(SessionHeader, SoftwareIsWrittenAndReadBack) {
    SessionHeader in = orin_header();
    in.board.software.l4t = "36.4.7";
    in.board.software.jetpack = "6.2.1";
    in.board.software.cuda = "12.6.68";
    in.board.software.cudnn = "9.3.0.75";
    in.board.software.serial_number = "1424523108735";
    json line = written(in);
    std::set<std::string> keys;
    for (const auto& [k, v] : line["software"].items())
        keys.insert(k);
    EXPECT_EQ(keys, (std::set<std::string>{"l4t", "jetpack", "kernel", "cuda", "cudnn", "tensorrt",
                                           "vpi", "opencv", "multimedia_api", "module_part_number",
                                           "serial_number"}));
    EXPECT_EQ(line["software"]["cudnn"], "9.3.0.75");
    EXPECT_TRUE(line["software"]["tensorrt"].is_null());
    SoftwareInfo out = header_from_json(line).board.software;
    EXPECT_EQ(out.l4t, "36.4.7");
    EXPECT_EQ(out.jetpack, "6.2.1");
    EXPECT_EQ(out.cuda, "12.6.68");
    EXPECT_EQ(out.cudnn, "9.3.0.75");
    EXPECT_EQ(out.serial_number, "1424523108735");
    EXPECT_EQ(out.tensorrt, std::nullopt);

    line.erase("software");
    line["software"] = 7;  // not an object: ignored
    SoftwareInfo old = header_from_json(line).board.software;
    EXPECT_FALSE(old.l4t || old.cuda || old.serial_number);
}

TEST(SessionEnd, WritesAndReadsEveryReason) {
    for (auto reason : {EndReason::count, EndReason::duration, EndReason::signal,
                        EndReason::command_exited, EndReason::write_error}) {
        json line = json::parse(end_to_json({3.25, 4, reason}).dump());
        EXPECT_EQ(line["type"], "end");
        EXPECT_EQ(line["t"], 3.25);
        EXPECT_EQ(line["samples"], 4);
        auto back = end_from_json(line);
        ASSERT_TRUE(back);
        EXPECT_EQ(back->reason, reason);
    }
    EXPECT_EQ(json::parse(end_to_json({1, 1, EndReason::command_exited}).dump())["reason"],
              "command-exited");
    EXPECT_FALSE(end_from_json(json::parse(R"({"type":"end","reason":"bored"})")));
}

}  // namespace
}  // namespace edgetop
