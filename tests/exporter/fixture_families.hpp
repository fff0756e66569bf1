// The metric families serve publishes for a fixture board: the second sample's (rates present),
// with every rule's flag.
#pragma once

#include <string>

#include "analysis/rules_config.hpp"
#include "exporter/export_model.hpp"
#include "sensors/sampler/sampler.hpp"
#include "tests/support/fixture_tree.hpp"

namespace edgetop::exporter {

inline Families families_of(const std::string& board) {
    Sampler sampler{Root(testing::fixture_path(board))};
    ExportModel model(sampler.board(), analysis::RuleConfig().enabled_ids(), 100);
    model.add(sampler.sample());
    return model.add(sampler.sample());
}

}  // namespace edgetop::exporter
