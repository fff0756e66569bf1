// What the fleet's end-to-end tests share: waiting for a serve's first sample (its API answers
// 503 until then) and `fleet --json`'s lines by board name.
#pragma once

#include <chrono>
#include <map>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "e2e/edgetop_process.hpp"
#include "exporter/serve_process.hpp"

namespace edgetop::testing {

// serve names its port before its first sample, and the API answers 503 until that sample.
inline bool wait_for_first_sample(ServeProcess& serve, const std::string& headers = "") {
    for (int i = 0; i < 400; ++i) {
        auto answer = serve.get("/api/v1/sample", headers);
        if (answer && answer->status == 200) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
}

inline std::map<std::string, nlohmann::json> rows_by_name(const std::string& out) {
    std::map<std::string, nlohmann::json> rows;
    for (const auto& line : split_lines(out)) {
        auto row = nlohmann::json::parse(line);
        rows[row["name"].get<std::string>()] = row;
    }
    return rows;
}

}  // namespace edgetop::testing
