// libFuzzer target: arbitrary bytes as /etc/nvpmodel.conf and /var/lib/nvpmodel/status, through
// the parser, the power-mode table the header gets and the current-mode inference. Built and run
// by run_fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "sensors/board/nvpmodel_conf.hpp"
#include "sensors/board/nvpmodel_current.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    edgetop::NvpmodelConf conf = edgetop::parse_nvpmodel(text);
    (void)conf.power_modes();
    for (const auto& mode : conf.modes)
        (void)conf.mode(mode.mode.id);
    for (const auto& param : conf.params)
        (void)conf.param(param.name);
    (void)edgetop::parse_nvpmodel_status(text);
    // Live clocks made from the conf's own first mode: the inference walks every cap.
    edgetop::LiveClocks live;
    if (!conf.modes.empty()) {
        live.cores = conf.modes.front().cores;
        live.max_freq = conf.modes.front().max_freq;
        for (const auto& [param, value] : live.max_freq)
            live.hw_max[param] = value / 2 + 1;
    }
    (void)edgetop::infer_current_mode(conf, live);
    return 0;
}
