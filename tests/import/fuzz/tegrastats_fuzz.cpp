// libFuzzer target: arbitrary bytes through the tegrastats line parser and the streaming import.
// Built and run by run_fuzz.sh (clang++ -fsanitize=fuzzer,address,undefined).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "import/tegrastats/tegrastats_importer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);

    // Line by line, as a caller with its own reader would.
    edgetop::TegrastatsImporter importer;
    std::size_t line_number = 0;
    while (!input.empty()) {
        std::size_t end = input.find('\n');
        std::string_view line = input.substr(0, end);
        if (auto sample = importer.parse_line(line, ++line_number)) {
            (void)edgetop::guess_board(*sample);
        }
        if (end == std::string_view::npos) break;
        input.remove_prefix(end + 1);
    }
    for (const auto& warning : importer.warnings())
        (void)edgetop::describe(warning);
    for (const auto& note : importer.notes())
        (void)edgetop::describe(note);

    // The same bytes as a stream, strict and with a small line limit.
    edgetop::ImportOptions options;
    options.strict = size % 2 == 0;
    options.max_line_bytes = 256;
    edgetop::TegrastatsImporter streaming(options);
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    (void)edgetop::import_tegrastats(in, streaming, [](edgetop::Sample&&) {});
    return 0;
}
