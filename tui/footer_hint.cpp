#include "tui/footer_hint.hpp"

#include <algorithm>

#include "tui/widgets.hpp"

namespace edgetop::tui {
namespace {

// Source status names start with the family ("gpu.devfreq"); each page names its families.
std::vector<std::string_view> families(Page page) {
    switch (page) {
        case Page::overview:
            return {};
        case Page::cpu:
            return {"cpu", "system"};
        case Page::gpu:
            return {"gpu", "engines"};
        case Page::power:
            return {"power", "rapl", "thermal", "fan"};
        case Page::memory:
            return {"memory", "mem", "emc"};
        case Page::processes:
            return {"processes", "procs"};
        case Page::analysis:
            return {"analysis"};
        case Page::info:
            return {"board"};
    }
    return {};
}

bool in_families(std::string_view name, const std::vector<std::string_view>& wanted) {
    if (wanted.empty()) return true;
    std::string_view family = name.substr(0, name.find('.'));
    return std::find(wanted.begin(), wanted.end(), family) != wanted.end();
}

bool named(std::string_view source, std::initializer_list<std::string_view> names) {
    std::string_view family = source.substr(0, source.find('.'));
    for (std::string_view n : names)
        if (source == n || family == n) return true;
    return false;
}

int columns(std::string_view text) {
    return shown_columns(text);
}

}  // namespace

BoardFamily board_family(const Board& board) {
    if ((board.soc && board.soc->starts_with("tegra")) || board.l4t) return BoardFamily::jetson;
    for (const auto& c : board.compatible)
        if (c.starts_with("nvidia,tegra")) return BoardFamily::jetson;
    if (!board.compatible.empty()) return BoardFamily::arm;
    if (board.model || board.soc) return BoardFamily::pc;
    return BoardFamily::unknown;
}

bool matters_on(std::string_view source, const Board& board) {
    BoardFamily family = board_family(board);
    if (family == BoardFamily::unknown) return true;
    // The x86 PC's own inputs: Intel/AMD RAPL energy counters, the DMI identity and the CPU
    // package sensors (coretemp, k10temp) that hwmon carries on a PC.
    if (named(source, {"power.rapl", "rapl", "board.dmi", "thermal.hwmon"}))
        return family == BoardFamily::pc;
    // Tegra's own: the INA3221 rails, the memory controller, the engines' clocks, nvmap, the L4T
    // release and nvpmodel.
    if (named(source, {"power.ina3221", "emc", "engines", "memory.nvmap", "board.l4t",
                       "board.nvpmodel", "board.nvpmodel_status"}))
        return family == BoardFamily::jetson;
    // devfreq GPUs (and their load file) are an SoC's; a PC's GPU is on PCI.
    if (named(source, {"gpu.devfreq", "gpu.load", "board.devicetree"}))
        return family != BoardFamily::pc;
    // NVML drives NVIDIA's discrete GPUs and Thor's integrated one, not the older Jetsons'.
    if (named(source, {"gpu.nvml"}))
        return family == BoardFamily::pc ||
               (family == BoardFamily::jetson && board.soc && *board.soc == "tegra264");
    return true;
}

std::string fit_items(std::string_view prefix, const std::vector<std::string>& items,
                      std::string_view sep, int width) {
    for (size_t kept = items.size() + 1; kept-- > 0;) {
        std::string line(prefix);
        for (size_t i = 0; i < kept; ++i)
            line += (i ? std::string(sep) : std::string()) + items[i];
        if (kept < items.size())
            line += (kept ? std::string(sep) : std::string()) + "+" +
                    std::to_string(items.size() - kept) + " more";
        if (columns(line) <= width) return line;
    }
    return {};
}

std::string missing_hint(Page page, const std::vector<SourceStatus>& status,
                         const FooterContext& footer, int width) {
    auto wanted = families(page);
    std::vector<const SourceStatus*> missing;
    for (const auto& s : status)
        if (s.state != SourceStatus::State::found && in_families(s.name, wanted) &&
            matters_on(s.name, footer.board))
            missing.push_back(&s);
    if (missing.empty()) return {};
    // Root-only inputs are the ones a user can act on: show them first.
    std::stable_partition(missing.begin(), missing.end(), [](const SourceStatus* s) {
        return s->state == SourceStatus::State::needs_root;
    });
    std::vector<std::string> items;
    for (const auto* s : missing) {
        bool refused = s->state == SourceStatus::State::needs_root;
        items.push_back(s->name + " " +
                        (!refused      ? "absent"
                         : footer.root ? "unreadable"
                                       : "needs root"));
    }
    // The first item's reason, where the line has room; to root, the way to grant access is no
    // reason.
    const SourceStatus& first = *missing.front();
    bool root_hint = first.state == SourceStatus::State::needs_root && footer.root;
    if (!first.hint.empty() && !root_hint) {
        std::vector<std::string> with_reason = items;
        with_reason.front() += " (" + first.hint + ")";
        std::string line = fit_items("n/a: ", with_reason, ", ", width);
        // Kept only when it costs no other item.
        if (!line.empty() && line.find(" more") == std::string::npos) return line;
    }
    std::string line = fit_items("n/a: ", items, ", ", width);
    constexpr std::string_view kWhere = " (edgetop --check)";
    if (line.find(" more") != std::string::npos &&
        columns(line) + static_cast<int>(kWhere.size()) <= width)
        line += kWhere;
    return line;
}

}  // namespace edgetop::tui
