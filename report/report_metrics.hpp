// The per-metric distributions of a report: CPU total and per core, each GPU, EMC, each engine's
// load (where one is known), each rail, the total power, each thermal zone, the pressure stall
// values (PSI avg10, where the kernel has them), each disk's read and write and each interface's
// receive and transmit throughput, found by name as samples arrive.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "edgetop/sample.hpp"
#include "report/report_types.hpp"

namespace edgetop::analysis {

class MetricSet {
  public:
    void add(const Sample& sample);
    // Every metric in family order (cpu, core, gpu, emc, engine, rail, power, thermal, psi, disk,
    // net), each family in order of first appearance.
    std::vector<MetricReport> take();

  private:
    struct Family {
        std::string family, unit;
        std::vector<MetricReport> metrics;
        // A unit's metric; position is where it sits in the sample, the usual place to look.
        Summary& at(std::size_t position, std::string_view name);
        bool has(std::string_view name) const;
    };
    // The core metric of the core with this id at this position of the sample: "cpu<id>",
    // named once per position rather than formatted for every sample.
    Summary& core_summary(std::size_t position, int id);
    void add_io(const Sample& sample);  // disks and network interfaces, in MiB/s

    std::vector<std::pair<int, std::size_t>> core_slots_;  // by position: core id, metric index
    Family cpu_{"cpu", "%", {}}, cores_{"core", "%", {}}, gpu_{"gpu", "%", {}},
        emc_{"emc", "%", {}}, engines_{"engine", "%", {}}, rails_{"rail", "mW", {}},
        power_{"power", "mW", {}}, thermal_{"thermal", "°C", {}};
    Family psi_{"psi", "%", {}};
    Family disks_{"disk", "MiB/s", {}}, net_{"net", "MiB/s", {}};
};

}  // namespace edgetop::analysis
