// Reads the nvpmodel.conf copies kept next to the board tests.
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace edgetop::testing {

inline std::string board_data(const std::string& name) {
    std::ifstream in(std::string(EDGETOP_SOURCE_DIR) + "/tests/board/data/" + name,
                     std::ios::binary);
    if (!in) throw std::runtime_error("missing test data " + name);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace edgetop::testing
