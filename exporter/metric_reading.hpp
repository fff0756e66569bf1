// The way back from a board's series to a sample and a board, for the view of a board that only a
// Prometheus can reach (it pushes by remote write, or its serve is behind NAT): every family that
// shows one schema field (schema_metrics.hpp) is read back through the same table, its unit
// factor undone; of the families written by hand, the rails' power, the board's identity and
// power mode, and the raised flags. What /metrics never serves (the process table, CPU shares
// per core, disk and network rates, the groups) stays absent.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"

namespace edgetop::exporter {

// One series of one board: its metric name, its labels (without __name__) and its value.
struct NamedSeries {
    std::string name;
    std::map<std::string, std::string> labels;
    double value = 0;
};

Sample sample_from_series(const std::vector<NamedSeries>& series);
// The board's model, SoC, L4T, JetPack and its power mode (the one mode the series name).
Board board_from_series(const std::vector<NamedSeries>& series);

}  // namespace edgetop::exporter
