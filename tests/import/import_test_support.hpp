// Shared helpers for the tegrastats import tests.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "import/tegrastats/tegrastats_importer.hpp"

namespace edgetop::testing {

inline std::string import_data(std::string_view file) {
    return std::string(EDGETOP_SOURCE_DIR) + "/tests/import/data/" + std::string(file);
}

struct Imported {
    TegrastatsImporter importer;
    ImportStats stats;
    std::vector<Sample> samples;
};

inline Imported import_text(std::istream& in, ImportOptions options = {}) {
    Imported out{TegrastatsImporter(options), {}, {}};
    out.stats = import_tegrastats(
        in, out.importer, [&](Sample&& sample) { out.samples.push_back(std::move(sample)); });
    return out;
}

inline Imported import_file(const std::string& path, ImportOptions options = {}) {
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in.is_open()) << path;
    return import_text(in, options);
}

// The sample of one line, which must parse.
inline Sample parse_one(std::string_view line) {
    TegrastatsImporter importer;
    auto sample = importer.parse_line(line, 1);
    EXPECT_TRUE(sample.has_value()) << line;
    for (const auto& warning : importer.warnings())
        ADD_FAILURE() << describe(warning);
    return sample.value_or(Sample{});
}

inline const ThermalSample* find_zone(const Sample& sample, std::string_view name) {
    for (const auto& zone : sample.thermal)
        if (zone.name == name) return &zone;
    return nullptr;
}

inline const RailSample* find_rail(const Sample& sample, std::string_view name) {
    for (const auto& rail : sample.rails)
        if (rail.name == name) return &rail;
    return nullptr;
}

inline const EngineSample* find_engine(const Sample& sample, std::string_view name) {
    for (const auto& engine : sample.engines)
        if (engine.name == name) return &engine;
    return nullptr;
}

}  // namespace edgetop::testing
