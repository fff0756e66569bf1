// What the exporter keeps between samples: the board, the count of raises of every flag and the
// energy integrated so far. Each new sample turns into the complete set of metric families.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/energy_integrator.hpp"
#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"
#include "exporter/families.hpp"

namespace edgetop::exporter {

class ExportModel {
  public:
    // flag_ids: the enabled rules, in catalog order (each gets a series even while never raised).
    // ticks_per_s: USER_HZ, the unit of the CPU tick counters.
    ExportModel(Board board, std::vector<std::string> flag_ids, double ticks_per_s);

    // Takes one sample (flags already filled in by the Analyzer) and returns every family as of it.
    Families add(const Sample& sample);
    uint64_t samples() const { return samples_; }
    // serve --log: the failed writes of the session file and the bytes written to it so far,
    // served from now on.
    void set_group_series(GroupSeries groups) { groups_ = groups; }
    // The serving edgetop's version, served as edgetop_build_info.
    void set_version(std::string version) { version_ = std::move(version); }
    void set_log_state(uint64_t failed_writes, uint64_t bytes_written) {
        log_write_errors_ = failed_writes;
        log_bytes_written_ = bytes_written;
    }

  private:
    void count_flags(const Sample& sample);

    Board board_;
    std::vector<FlagCounter> flags_;
    analysis::SessionEnergy energy_;
    uint64_t samples_ = 0;
    double ticks_per_s_;
    std::optional<uint64_t> log_write_errors_;
    std::optional<uint64_t> log_bytes_written_;
    GroupSeries groups_;
    std::string version_;
};

}  // namespace edgetop::exporter
