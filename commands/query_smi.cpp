#include "commands/query_smi.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <variant>

#include <fmt/format.h>

namespace edgetop::query {

// A value as nvidia-smi prints it, or why there is none: [N/A] where the board has the source
// but no value at this sample, [Not Supported] where the board has no source for it.
enum class Missing { not_available, not_supported };
using SmiValue = std::variant<Missing, std::string, double>;

struct SmiField {
    std::array<std::string_view, 2> names;  // nvidia-smi's short name, its long one
    std::string_view unit;                  // "" for none
    int decimals;                           // of a number
    SmiValue (*read)(const nlohmann::ordered_json& sample, const nlohmann::ordered_json& gpu);
};

namespace {

const nlohmann::ordered_json* member(const nlohmann::ordered_json& object, std::string_view key) {
    if (!object.is_object()) return nullptr;
    auto it = object.find(std::string(key));  // nlohmann-json 3.9 (Debian 11) finds by string only
    return it == object.end() ? nullptr : &*it;
}

std::optional<double> number(const nlohmann::ordered_json& object, std::string_view key) {
    const auto* value = member(object, key);
    if (!value || !value->is_number()) return std::nullopt;
    return value->get<double>();
}

// The first source with a number at this sample (NVML's first, then the board's own, last);
// none: [N/A] where the board has its own source (the last), [Not Supported] where it has not
// (no EMC, no GPU rail or thermal zone).
SmiValue first_of(
    std::initializer_list<std::pair<const nlohmann::ordered_json*, std::string_view>> sources,
    double factor = 1) {
    for (const auto& [object, key] : sources)
        if (object)
            if (auto value = number(*object, key)) return *value * factor;
    const auto* own = (sources.end() - 1)->first;
    return own && own->is_object() ? Missing::not_available : Missing::not_supported;
}

bool contains_gpu(std::string name) {
    for (auto& c : name)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name.find("gpu") != std::string::npos;
}

// The first element of list whose name holds "gpu" (any case), from its start when at_start.
const nlohmann::ordered_json* named_gpu(const nlohmann::ordered_json& sample, std::string_view list,
                                        bool at_start) {
    const auto* elements = member(sample, list);
    if (!elements || !elements->is_array()) return nullptr;
    for (const auto& element : *elements) {
        const auto* name = member(element, "name");
        if (!name || !name->is_string()) continue;
        std::string text = name->get<std::string>();
        if (at_start ? contains_gpu(text.substr(0, 3)) : contains_gpu(text)) return &element;
    }
    return nullptr;
}

constexpr double kKiBPerMiB = 1024;
constexpr double kHzPerMHz = 1e6;
constexpr double kMilliwattsPerWatt = 1000;

// NVML's (a discrete GPU, or NVML completing a Jetson's), else the board's own source.
SmiValue name(const nlohmann::ordered_json&, const nlohmann::ordered_json& gpu) {
    const auto* value = member(gpu, "name");
    if (value && value->is_string()) return value->get<std::string>();
    return Missing::not_available;
}
SmiValue utilization_gpu(const nlohmann::ordered_json&, const nlohmann::ordered_json& gpu) {
    return first_of({{&gpu, "load"}});
}
// A Jetson's GPU shares the memory controller (EMC) with the CPU: its activity.
SmiValue utilization_memory(const nlohmann::ordered_json& sample,
                            const nlohmann::ordered_json& gpu) {
    return first_of({{&gpu, "mem_util"}, {member(sample, "emc"), "util"}});
}
// A Jetson's GPU has no memory of its own: the unified memory of /proc/meminfo.
// Whole MiB, as NVML's bytes >> 20.
SmiValue whole_mib(SmiValue kib) {
    if (const auto* value = std::get_if<double>(&kib)) return std::floor(*value / kKiBPerMiB);
    return kib;
}
SmiValue memory_used(const nlohmann::ordered_json& sample, const nlohmann::ordered_json& gpu) {
    return whole_mib(first_of({{&gpu, "mem_used_kb"}, {member(sample, "mem"), "used_kb"}}));
}
SmiValue memory_total(const nlohmann::ordered_json& sample, const nlohmann::ordered_json& gpu) {
    return whole_mib(first_of({{&gpu, "mem_total_kb"}, {member(sample, "mem"), "total_kb"}}));
}
// The thermal zone of the GPU: gpu-thermal (Xavier, Orin), GPU-therm (TX2, Nano).
SmiValue temperature_gpu(const nlohmann::ordered_json& sample, const nlohmann::ordered_json& gpu) {
    return first_of({{&gpu, "temp_c"}, {named_gpu(sample, "thermal", true), "temp_c"}});
}
// The first rail whose name holds GPU: GPU (AGX Xavier), VDD_SYS_GPU (TX2), POM_5V_GPU (Nano),
// VDD_GPU (Thor) feed the GPU alone; VDD_GPU_SOC (AGX Orin) feeds it with the SoC and
// VDD_CPU_GPU_CV (Orin NX and Nano, Xavier NX) with the CPU and the vision engines.
SmiValue power_draw(const nlohmann::ordered_json& sample, const nlohmann::ordered_json& gpu) {
    return first_of({{&gpu, "power_mw"}, {named_gpu(sample, "rails", false), "power_mw"}},
                    1 / kMilliwattsPerWatt);
}
SmiValue clocks_gr(const nlohmann::ordered_json&, const nlohmann::ordered_json& gpu) {
    return first_of({{&gpu, "freq_hz"}}, 1 / kHzPerMHz);
}
// NVML's memory clock, else the EMC's: a Jetson's GPU reads memory through it.
SmiValue clocks_mem(const nlohmann::ordered_json& sample, const nlohmann::ordered_json& gpu) {
    return first_of({{&gpu, "mem_freq_hz"}, {member(sample, "emc"), "freq_hz"}}, 1 / kHzPerMHz);
}
SmiValue clocks_max_gr(const nlohmann::ordered_json&, const nlohmann::ordered_json& gpu) {
    return first_of({{&gpu, "hw_max_hz"}, {&gpu, "max_hz"}}, 1 / kHzPerMHz);
}

// nvidia-smi's names (short, long), units and decimals as its --help-query-gpu lists them and
// its CSV prints them ("45 %", "1834 MiB", "7.65 W", "1300 MHz"; temperature.gpu in °C with no
// unit in its header or values).
constexpr std::array kSmiFields{
    SmiField{{"name", "gpu_name"}, "", 0, name},
    SmiField{{"utilization.gpu", "utilization.gpu"}, "%", 0, utilization_gpu},
    SmiField{{"utilization.memory", "utilization.memory"}, "%", 0, utilization_memory},
    SmiField{{"memory.used", "memory.used"}, "MiB", 0, memory_used},
    SmiField{{"memory.total", "memory.total"}, "MiB", 0, memory_total},
    SmiField{{"temperature.gpu", "temperature.gpu"}, "", 0, temperature_gpu},
    SmiField{{"power.draw", "power.draw"}, "W", 2, power_draw},
    SmiField{{"clocks.gr", "clocks.current.graphics"}, "MHz", 0, clocks_gr},
    SmiField{{"clocks.mem", "clocks.current.memory"}, "MHz", 0, clocks_mem},
    SmiField{{"clocks.max.gr", "clocks.max.graphics"}, "MHz", 0, clocks_max_gr},
};

// The name nvidia-smi's header shows: the long form (name for gpu_name).
std::string_view header_name(const SmiField& field) {
    return field.names[0] == "name" ? field.names[0] : field.names[1];
}

std::string value_text(const SmiField& field, const SmiValue& value, bool units) {
    if (const auto* missing = std::get_if<Missing>(&value))
        return *missing == Missing::not_supported ? "[Not Supported]" : "[N/A]";
    if (const auto* text = std::get_if<std::string>(&value)) return *text;
    double number = std::get<double>(value);
    std::string out = field.decimals > 0
                          ? fmt::format("{:.{}f}", number, field.decimals)
                          : fmt::format("{}", static_cast<long long>(std::llround(number)));
    if (units && !field.unit.empty()) out += fmt::format(" {}", field.unit);
    return out;
}

}  // namespace

SmiFields parse_smi_fields(std::string_view list) {
    SmiFields out;
    size_t start = 0;
    while (start <= list.size()) {
        size_t comma = list.find(',', start);
        if (comma == std::string_view::npos) comma = list.size();
        std::string_view name = list.substr(start, comma - start);
        const SmiField* found = nullptr;
        for (const auto& field : kSmiFields)
            if (field.names[0] == name || field.names[1] == name) found = &field;
        if (!found) {
            out.unknown = std::string(name);
            return out;
        }
        out.fields.push_back(found);
        start = comma + 1;
    }
    return out;
}

SmiFields all_smi_fields() {
    SmiFields out;
    for (const auto& field : kSmiFields)
        out.fields.push_back(&field);
    return out;
}

std::string smi_header(const SmiFields& fields) {
    std::string out;
    for (const auto* field : fields.fields) {
        if (!out.empty()) out += ", ";
        out += header_name(*field);
        if (!field->unit.empty()) out += fmt::format(" [{}]", field->unit);
    }
    return out + '\n';
}

std::string smi_lines(const nlohmann::ordered_json& sample, const SmiFields& fields, bool units) {
    std::string out;
    const auto* gpus = member(sample, "gpu");
    if (!gpus || !gpus->is_array()) return out;
    for (const auto& gpu : *gpus) {
        std::string line;
        for (const auto* field : fields.fields) {
            if (!line.empty()) line += ", ";
            line += value_text(*field, field->read(sample, gpu), units);
        }
        out += line + '\n';
    }
    return out;
}

}  // namespace edgetop::query
