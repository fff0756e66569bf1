// The field names tegrastats prints, and what each one is: looked up once per token, so by the
// name's length first (a token is compared with the few names of its length only).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace edgetop::tegrastats {

enum class Field { ram, swap, iram, cpu, emc, gpu, mts, engine };

// A field known by its name, as tegrastats prints it.
struct FieldName {
    std::string_view printed;
    Field field;
    std::string_view model = {};  // engines: EngineSample::name (as the live engines reader names
                                  // it); GR3D: GpuSample::name
    bool off_when_idle = true;    // engines printed as "off" when their clock is disabled, so a
                                  // clock means on (APE and VIC_FREQ print it either way)
    uint8_t model_rank = 0;       // engines: the order of model among the engine names
};

inline constexpr std::array<FieldName, 31> kFields = {{
    {"RAM", Field::ram},
    {"SWAP", Field::swap},
    {"IRAM", Field::iram},
    {"CPU", Field::cpu},
    {"cpu", Field::cpu},
    {"EMC_FREQ", Field::emc},
    {"EMC", Field::emc},
    {"GR3D_FREQ", Field::gpu, "GR3D"},
    {"GR3D", Field::gpu, "GR3D"},
    {"GR3D2_FREQ", Field::gpu, "GR3D2"},
    {"MTS", Field::mts},
    {"APE", Field::engine, "APE", false},
    {"VIC_FREQ", Field::engine, "VIC", false},
    {"VIC", Field::engine, "VIC"},
    {"NVENC", Field::engine, "NVENC"},
    {"NVENC1", Field::engine, "NVENC1"},
    {"MSENC", Field::engine, "NVENC"},
    {"NVDEC", Field::engine, "NVDEC"},
    {"NVDEC1", Field::engine, "NVDEC1"},
    {"NVJPG", Field::engine, "NVJPG"},
    {"NVJPG1", Field::engine, "NVJPG1"},
    {"OFA", Field::engine, "OFA"},
    {"NVDLA0", Field::engine, "DLA0"},
    {"NVDLA1", Field::engine, "DLA1"},
    {"NVDLA0_FREQ", Field::engine, "DLA0"},
    {"NVDLA1_FREQ", Field::engine, "DLA1"},
    {"PVA0_FREQ", Field::engine, "PVA0"},
    {"PVA1_FREQ", Field::engine, "PVA1"},
    {"SE", Field::engine, "SE"},
    {"CVNAS", Field::engine, "CVNAS"},
    {"PVA0", Field::engine, "PVA0"},
}};

inline constexpr size_t kLongestName = 11;

// kFields by name length, with the engines' model ranks filled in: a lookup compares a token
// with the few names of its length only.
inline constexpr auto kByLength = [] {
    auto fields = kFields;
    for (auto& field : fields) {
        for (const auto& other : kFields)
            if (other.field == Field::engine && other.model < field.model) ++field.model_rank;
    }
    std::sort(fields.begin(), fields.end(), [](const FieldName& a, const FieldName& b) {
        return a.printed.size() < b.printed.size();
    });
    return fields;
}();

// Where the names of each length start in kByLength (and end: the start of the next length).
inline constexpr auto kLengthStart = [] {
    std::array<uint8_t, kLongestName + 2> start{};
    for (size_t length = 0; length < start.size(); ++length) {
        start[length] = static_cast<uint8_t>(
            std::find_if(kByLength.begin(), kByLength.end(),
                         [&](const FieldName& f) { return f.printed.size() >= length; }) -
            kByLength.begin());
    }
    return start;
}();
static_assert(kByLength.back().printed.size() == kLongestName);

inline const FieldName* find_field(std::string_view name) {
    if (name.empty() || name.size() > kLongestName) return nullptr;
    for (size_t i = kLengthStart[name.size()]; i < kLengthStart[name.size() + 1]; ++i) {
        const FieldName& field = kByLength[i];
        if (field.printed.front() == name.front() && field.printed == name) return &field;
    }
    return nullptr;
}

}  // namespace edgetop::tegrastats
