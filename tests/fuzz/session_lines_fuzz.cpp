// libFuzzer target: arbitrary bytes as a session file, through SessionReader (header, sample,
// event and end lines, line batches on worker threads), alone and after a valid header so that
// mutations reach the line readers. Built and run by run_fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "session/session_reader.hpp"

namespace {

// The header of examples/xavier-nx.jsonl, shortened.
constexpr const char* kHeader =
    R"({"type":"header","format":"edgetop-session","version":1,"started":"2025-06-25T15:34:25.397Z",)"
    R"("interval_ms":1000,"host":"nx","root":"/","board":{"model":"Jetson Xavier NX","soc":"tegra194",)"
    R"("l4t":"35.4.1","jetpack":"5.1.2","compatible":[],"power_mode":null,"power_modes":[],)"
    R"("default_mode_id":null,"thermal_trips":[]},"sources":{}})"
    "\n";

void read_all(const std::string& text) {
    std::istringstream in(text);
    try {
        edgetop::SessionReader reader(in, "fuzz.jsonl", [](const edgetop::SessionProblem&) {});
        edgetop::SessionRecord record;
        while (reader.next(record)) {
            // Copying and printing the line (its evidence) overflowed the stack on deep nesting.
            if (record.kind == edgetop::SessionRecord::Kind::event) (void)record.event.data.dump();
        }
    } catch (const edgetop::SessionError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    read_all(text);
    read_all(kHeader + text);
    return 0;
}
