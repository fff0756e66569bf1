#include "analysis/rules_disk_evidence.hpp"

#include <fmt/format.h>

#include "analysis/rules_helpers.hpp"
#include "edgetop/number_text.hpp"

namespace edgetop::analysis {
namespace {

bool has_rates(const DiskSample& d) {
    return d.busy_pct || d.read_bytes_per_s || d.write_bytes_per_s;
}

double throughput(const DiskSample& d) {
    return d.read_bytes_per_s.value_or(0) + d.write_bytes_per_s.value_or(0);
}

std::string mib_per_s(const std::optional<double>& bytes_per_s) {
    return bytes_per_s ? fixed(*bytes_per_s / 1048576, 1) + " MiB/s" : "n/a";
}

nlohmann::json rounded(const std::optional<double>& value, int decimals) {
    return value ? nlohmann::json(round_to(*value, decimals)) : nlohmann::json();
}

}  // namespace

const DiskSample* busiest_disk(const Sample& sample) {
    const DiskSample* best = nullptr;
    for (const auto& d : sample.disks) {
        if (!has_rates(d)) continue;
        if (!best) {
            best = &d;
            continue;
        }
        const double busy = d.busy_pct.value_or(-1), best_busy = best->busy_pct.value_or(-1);
        if (busy > best_busy || (busy == best_busy && throughput(d) > throughput(*best))) best = &d;
    }
    return best;
}

std::string describe(const DiskSample& disk) {
    return fmt::format("{} {} % busy, {} read, {} written", disk.name,
                       disk.busy_pct ? fixed(*disk.busy_pct, 0) : "n/a",
                       mib_per_s(disk.read_bytes_per_s), mib_per_s(disk.write_bytes_per_s));
}

nlohmann::json disk_evidence(const DiskSample* disk) {
    if (!disk) return nullptr;
    return {{"name", disk->name},
            {"busy_pct", rounded(disk->busy_pct, 1)},
            {"read_bytes_per_s", rounded(disk->read_bytes_per_s, 0)},
            {"write_bytes_per_s", rounded(disk->write_bytes_per_s, 0)}};
}

}  // namespace edgetop::analysis
