#include "session/session_read_units.hpp"

namespace edgetop::session_read {

namespace {

using simdjson::SUCCESS;
using Keys12 = std::array<std::string_view, 12>;

constexpr Keys12 kMemKeys{"total_kb",       "available_kb",  "used_kb",       "free_kb",
                          "buffers_kb",     "cached_kb",     "swap_total_kb", "swap_used_kb",
                          "swap_cached_kb", "gpu_shared_kb", "lfb_blocks",    "lfb_block_kb"};
constexpr std::array<std::string_view, 10> kProcessKeys{"pid",
                                                        "name",
                                                        "user",
                                                        "state",
                                                        "cpu",
                                                        "rss_kb",
                                                        "threads",
                                                        "vol_ctxt_per_s",
                                                        "nonvol_ctxt_per_s",
                                                        "gpu"};

error_code read_process(od::value value, ProcessSample& p) {
    KeyCursor keys(kProcessKeys);
    std::optional<int> pid;
    std::optional<std::string> state;
    auto e = for_each_field(value, [&](std::string_view key, od::value v) -> error_code {
        switch (keys.find(key)) {
            case 0:
                return read(v, pid);
            case 1:
                return read(v, p.name);
            case 2:
                return read(v, p.user);
            case 3:
                return read(v, state);
            case 4:
                return read(v, p.cpu_pct);
            case 5:
                return read(v, p.rss_kb);
            case 6:
                return read(v, p.threads);
            case 7:
                return read(v, p.vol_ctxt_per_s);
            case 8:
                return read(v, p.nonvol_ctxt_per_s);
            case 9:
                return read(v, p.gpu);
            default:
                return skip(v);
        }
    });
    p.pid = pid.value_or(0);
    if (state && state->size() == 1) p.state = (*state)[0];
    return e;
}

}  // namespace

error_code read_mem(od::value value, MemSample& m) {
    KeyCursor keys(kMemKeys);
    std::optional<int64_t>* fields[] = {&m.total_kb,      &m.available_kb, &m.used_kb,
                                        &m.free_kb,       &m.buffers_kb,   &m.cached_kb,
                                        &m.swap_total_kb, &m.swap_used_kb, &m.swap_cached_kb,
                                        &m.gpu_shared_kb, &m.lfb_blocks,   &m.lfb_block_kb};
    return for_each_field(value, [&](std::string_view key, od::value v) -> error_code {
        std::size_t i = keys.find(key);
        return i < kMemKeys.size() ? read(v, *fields[i]) : skip(v);
    });
}

error_code read_procs(od::value value, std::optional<ProcsSample>& procs) {
    // Kept across lines for the capacity of its vectors; reset below when the line has none.
    if (!procs) procs.emplace();
    procs->total = 0;
    procs->running = 0;
    procs->top.clear();
    procs->all.clear();
    bool is_object = false;
    auto e = for_each_field(value, is_object, [&](std::string_view key, od::value v) -> error_code {
        std::optional<int64_t> count;
        if (key == "total" || key == "running") {
            auto read_error = read(v, count);
            (key == "total" ? procs->total : procs->running) = count.value_or(0);
            return read_error;
        }
        if (key == "top") return read_list(v, procs->top, read_process);
        return skip(v);
    });
    if (!is_object) procs.reset();
    return e;
}

error_code read_flags(od::value value, std::vector<std::string>& flags) {
    flags.clear();
    return for_each_element(value, [&](od::value element) -> error_code {
        std::optional<std::string> flag;
        if (auto e = read(element, flag)) return e;
        if (flag) flags.push_back(std::move(*flag));
        return SUCCESS;
    });
}

}  // namespace edgetop::session_read
