#include "commands/import_report.hpp"

#include <cstddef>
#include <vector>

#include "commands/import_cli.hpp"
#include "import/import_header.hpp"
#include "report/report_builder.hpp"

namespace edgetop {

analysis::SessionReport report_tegrastats_file(const std::string& path, const cli::Args& args,
                                               const analysis::RuleConfig& rules,
                                               const analysis::SessionWatch& watch) {
    ImportInput input(path);
    ImportedSamples samples(input.stream(), import_options(args));
    ImportStart start = start_import(samples, args.global.interval_ms);
    std::size_t given = 0;
    auto next = [&](Sample& out) {
        if (given < start.first.size()) {
            out = std::move(start.first[given++]);
            return true;
        }
        return samples.next(out);
    };
    auto report = analysis::report_of_samples(path, start.header.board, start.header.interval_ms,
                                              rules, next, watch);
    print_import_warnings(input.name(), samples);
    for (const auto& warning : samples.importer().warnings())
        report.problems.push_back(describe(warning));
    return report;
}

}  // namespace edgetop
