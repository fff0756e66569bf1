#include "commands/import_report.hpp"

#include <cstddef>
#include <vector>

#include "commands/import_cli.hpp"
#include "import/import_header.hpp"
#include "report/report_builder.hpp"

namespace edgetop {

analysis::SessionReport report_tegrastats_file(const std::string& path, const cli::Args& args,
                                               const analysis::RuleConfig& rules) {
    ImportInput input(path);
    ImportedSamples samples(input.stream(), import_options(args));
    std::vector<Sample> first;
    Sample sample;
    while (first.size() < kHeaderLookahead && samples.next(sample))
        first.push_back(std::move(sample));
    SessionHeader header =
        imported_header(first, samples.importer().has_wall_clock(), args.global.interval_ms);
    std::size_t given = 0;
    auto next = [&](Sample& out) {
        if (given < first.size()) {
            out = std::move(first[given++]);
            return true;
        }
        return samples.next(out);
    };
    auto report = analysis::report_of_samples(path, header.board, header.interval_ms, rules, next);
    print_import_warnings(input.name(), samples);
    for (const auto& warning : samples.importer().warnings())
        report.problems.push_back(describe(warning));
    return report;
}

}  // namespace edgetop
