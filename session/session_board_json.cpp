#include "session/session_json_values.hpp"
#include "session/session_records_json.hpp"

namespace edgetop {

using nlohmann::json;
using nlohmann::ordered_json;
using session_json::find;
using session_json::get_array;
using session_json::get_double;
using session_json::get_int;
using session_json::get_string;
using session_json::optional;
using session_json::rounded;

namespace {

std::optional<int> to_small_int(std::optional<int64_t> v) {
    if (!v || *v < INT32_MIN || *v > INT32_MAX) return std::nullopt;
    return static_cast<int>(*v);
}

ordered_json mode_json(const PowerMode& m) {
    ordered_json caps = ordered_json::object();
    for (const auto& [param, khz] : m.cpu_max_khz)
        caps[param] = khz;
    return {{"id", m.id},
            {"name", m.name},
            {"online_cores", m.online_cores},
            {"cpu_max_khz", std::move(caps)},
            {"gpu_max_hz", optional(m.gpu_max_hz)},
            {"gpu_min_hz", optional(m.gpu_min_hz)},
            {"emc_max_hz", optional(m.emc_max_hz)},
            {"budget_w", rounded(m.budget_w)}};
}

ordered_json current_mode_json(const Board& board) {
    if (!board.current_mode_id) return nullptr;
    const PowerMode* mode = board.current_mode();
    return {{"id", *board.current_mode_id},
            {"name", mode ? ordered_json(mode->name) : ordered_json(nullptr)}};
}

PowerMode mode_from_json(const json& j) {
    PowerMode m;
    m.id = to_small_int(get_int(j, "id")).value_or(0);
    m.name = get_string(j, "name").value_or("");
    for (const auto& core : get_array(j, "online_cores"))
        if (core.is_number_integer()) m.online_cores.push_back(core.get<int>());
    if (const json* caps = find(j, "cpu_max_khz"); caps && caps->is_object()) {
        for (const auto& [param, value] : caps->items())
            if (value.is_number_integer()) m.cpu_max_khz[param] = value.get<int64_t>();
    }
    m.gpu_max_hz = get_int(j, "gpu_max_hz");
    m.gpu_min_hz = get_int(j, "gpu_min_hz");
    m.emc_max_hz = get_int(j, "emc_max_hz");
    m.budget_w = get_double(j, "budget_w");
    return m;
}

}  // namespace

ordered_json board_to_json(const Board& board) {
    ordered_json modes = ordered_json::array();
    for (const auto& m : board.power_modes)
        modes.push_back(mode_json(m));
    ordered_json trips = ordered_json::array();
    for (const auto& zone : board.thermal_zones) {
        ordered_json points = ordered_json::array();
        for (const auto& t : zone.trips)
            points.push_back({{"type", t.type}, {"temp_c", rounded(t.temp_c)}});
        trips.push_back({{"zone", zone.name}, {"trips", std::move(points)}});
    }
    return {
        {"model", optional(board.model)},   {"soc", optional(board.soc)},
        {"l4t", optional(board.l4t)},       {"jetpack", optional(board.jetpack)},
        {"compatible", board.compatible},   {"power_mode", current_mode_json(board)},
        {"power_modes", std::move(modes)},  {"default_mode_id", optional(board.default_mode_id)},
        {"thermal_trips", std::move(trips)}};
}

Board board_from_json(const json& j) {
    Board board;
    board.model = get_string(j, "model");
    board.soc = get_string(j, "soc");
    board.l4t = get_string(j, "l4t");
    board.jetpack = get_string(j, "jetpack");
    for (const auto& c : get_array(j, "compatible"))
        if (c.is_string()) board.compatible.push_back(c.get<std::string>());
    if (const json* mode = find(j, "power_mode"); mode && mode->is_object())
        board.current_mode_id = to_small_int(get_int(*mode, "id"));
    for (const auto& m : get_array(j, "power_modes"))
        board.power_modes.push_back(mode_from_json(m));
    board.default_mode_id = to_small_int(get_int(j, "default_mode_id"));
    for (const auto& zone : get_array(j, "thermal_trips")) {
        ThermalZoneInfo info{get_string(zone, "zone").value_or(""), {}};
        for (const auto& t : get_array(zone, "trips")) {
            auto temp = get_double(t, "temp_c");
            if (temp) info.trips.push_back({get_string(t, "type").value_or(""), *temp});
        }
        board.thermal_zones.push_back(std::move(info));
    }
    return board;
}

// The header's "software": every key always written, null where absent.
ordered_json software_to_json(const SoftwareInfo& s) {
    return {{"l4t", optional(s.l4t)},
            {"jetpack", optional(s.jetpack)},
            {"kernel", optional(s.kernel)},
            {"cuda", optional(s.cuda)},
            {"cudnn", optional(s.cudnn)},
            {"tensorrt", optional(s.tensorrt)},
            {"vpi", optional(s.vpi)},
            {"opencv", optional(s.opencv)},
            {"multimedia_api", optional(s.multimedia_api)},
            {"module_part_number", optional(s.module_part_number)},
            {"serial_number", optional(s.serial_number)}};
}

SoftwareInfo software_from_json(const json& j) {
    SoftwareInfo s;
    s.l4t = get_string(j, "l4t");
    s.jetpack = get_string(j, "jetpack");
    s.kernel = get_string(j, "kernel");
    s.cuda = get_string(j, "cuda");
    s.cudnn = get_string(j, "cudnn");
    s.tensorrt = get_string(j, "tensorrt");
    s.vpi = get_string(j, "vpi");
    s.opencv = get_string(j, "opencv");
    s.multimedia_api = get_string(j, "multimedia_api");
    s.module_part_number = get_string(j, "module_part_number");
    s.serial_number = get_string(j, "serial_number");
    return s;
}

}  // namespace edgetop
