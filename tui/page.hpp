// The pages of the interactive view, reachable by the digits 1-8.
#pragma once

#include <array>
#include <string_view>

namespace edgetop::tui {

enum class Page { overview, cpu, gpu, power, memory, processes, analysis, info };

inline constexpr int kPageCount = 8;
inline constexpr int kMinIntervalMs = 100;
inline constexpr int kMaxIntervalMs = 10000;

inline constexpr std::array<std::string_view, kPageCount> kPageNames = {
    "Overview", "CPU", "GPU", "Power", "Memory", "Procs", "Analysis", "Info"};

inline std::string_view page_name(Page page) {
    return kPageNames[static_cast<int>(page)];
}
inline Page page_from_index(int index) {
    return static_cast<Page>(((index % kPageCount) + kPageCount) % kPageCount);
}

}  // namespace edgetop::tui
