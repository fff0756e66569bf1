#include "exporter/export_model.hpp"

#include <algorithm>
#include <utility>

namespace edgetop::exporter {

ExportModel::ExportModel(Board board, std::vector<std::string> flag_ids, double ticks_per_s)
    : board_(std::move(board)), ticks_per_s_(ticks_per_s) {
    flags_.reserve(flag_ids.size());
    for (auto& id : flag_ids)
        flags_.push_back({std::move(id), false, 0});
}

void ExportModel::count_flags(const Sample& sample) {
    for (auto& flag : flags_) {
        bool raised =
            std::find(sample.flags.begin(), sample.flags.end(), flag.id) != sample.flags.end();
        if (raised && !flag.raised) ++flag.raises;
        flag.raised = raised;
    }
}

Families ExportModel::add(const Sample& sample) {
    ++samples_;
    count_flags(sample);
    energy_.add(sample);
    return build_families({board_, sample, flags_, energy_, samples_, ticks_per_s_,
                           log_write_errors_, log_bytes_written_, groups_, version_});
}

}  // namespace edgetop::exporter
