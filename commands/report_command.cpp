#include <cstdio>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "commands/import_report.hpp"
#include "commands/rule_options.hpp"
#include "report/report_json.hpp"
#include "report/report_session.hpp"
#include "report/report_text.hpp"
#include "session/session_parts.hpp"
#include "session/session_reader.hpp"

namespace edgetop {

namespace {

void write_stdout(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
}

}  // namespace

int run_report(const cli::Args& args) {
    std::string rule_error;
    auto rules = rule_config_from(args, rule_error);
    if (!rules) {
        print_error(rule_error);
        return 2;
    }
    auto print = [](const std::string& problem) { print_error(problem); };
    std::vector<analysis::SessionReport> reports;
    try {
        if (args.report.from == "tegrastats") {
            for (const auto& file : args.operands)
                reports.push_back(report_tegrastats_file(file, args, *rules));
        } else {
            // The files of a rotated set are one session.
            for (const auto& session : group_session_files(args.operands, print))
                reports.push_back(report_session_files(session.paths, *rules, print));
        }
    } catch (const SessionError& e) {
        print_error(e.what());
        return 1;
    }
    if (args.report.json) {
        write_stdout(reports_to_json(reports).dump(
                         2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
                     "\n");
        return 0;
    }
    for (size_t i = 0; i < reports.size(); ++i)
        write_stdout((i ? "\n" : "") + format_report(reports[i]));
    if (reports.size() > 1) write_stdout("\n" + format_comparison(reports));
    return 0;
}

}  // namespace edgetop
