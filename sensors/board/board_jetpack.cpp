// The L4T -> JetPack table, from NVIDIA's JetPack archive as mirrored by jetson-stats'
// NVIDIA_JETPACK map (36.5.2 -> 6.2.3 and 39.2.1 -> 7.2.1 from the archive as of 2026-09).
// Only for boards without the nvidia-jetpack package, whose version comes first
// (board_software.cpp): a table always lags the releases. Releases the sources disagree on
// (36.4.2, 38.3.0) are left out on purpose.
#include "sensors/board/board_jetpack.hpp"

#include <array>
#include <utility>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {

constexpr std::array<std::pair<std::string_view, std::string_view>, 45> kL4tToJetpack{{
    {"32.1.0", "4.2"},   {"32.2.0", "4.2.1"},  {"32.2.1", "4.2.2"},  {"32.2.3", "4.2.3"},
    {"32.3.1", "4.3"},   {"32.4.2", "4.4 DP"}, {"32.4.3", "4.4"},    {"32.4.4", "4.4.1"},
    {"32.5.0", "4.5"},   {"32.5.1", "4.5.1"},  {"32.5.2", "4.5.1"},  {"32.6.1", "4.6"},
    {"32.7.1", "4.6.1"}, {"32.7.2", "4.6.2"},  {"32.7.3", "4.6.3"},  {"32.7.4", "4.6.4"},
    {"32.7.5", "4.6.5"}, {"32.7.6", "4.6.6"},  {"34.1.0", "5.0 DP"}, {"34.1.1", "5.0.1 DP"},
    {"35.1.0", "5.0.2"}, {"35.2.1", "5.1"},    {"35.3.1", "5.1.1"},  {"35.4.1", "5.1.2"},
    {"35.5.0", "5.1.3"}, {"35.6.0", "5.1.4"},  {"35.6.1", "5.1.5"},  {"35.6.2", "5.1.5"},
    {"35.6.3", "5.1.5"}, {"35.6.4", "5.1.6"},  {"36.2.0", "6.0 DP"}, {"36.3.0", "6.0"},
    {"36.4.0", "6.1"},   {"36.4.3", "6.2"},    {"36.4.4", "6.2.1"},  {"36.4.7", "6.2.1"},
    {"36.5.0", "6.2.2"}, {"36.5.2", "6.2.3"},  {"38.2.0", "7.0"},    {"38.2.1", "7.0"},
    {"38.2.2", "7.0"},   {"38.4.0", "7.1"},    {"39.0.0", "7.2 EA"}, {"39.2.0", "7.2"},
    {"39.2.1", "7.2.1"},
}};

}  // namespace

std::optional<std::string> jetpack_for_l4t(std::string_view l4t) {
    l4t = trim(l4t);
    for (const auto& [release, jetpack] : kL4tToJetpack)
        if (release == l4t) return std::string(jetpack);
    return std::nullopt;
}

}  // namespace edgetop
