#include <pthread.h>
#include <signal.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "commands/import_report.hpp"
#include "commands/replacing_file.hpp"
#include "commands/rule_options.hpp"
#include "report/html/html_report.hpp"
#include "report/html/html_session.hpp"
#include "report/html/svg_chart.hpp"
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

void print_problem(const std::string& problem) {
    print_error(problem);
}

int run_html_report(const cli::Args& args, const analysis::RuleConfig& rules) {
    // A reader that goes away (EPIPE on /dev/stdout) or a file size limit (EFBIG) is a write
    // error, not death; blocked before the reader starts its threads, which inherit the mask.
    sigset_t write_signals;
    sigemptyset(&write_signals);
    sigaddset(&write_signals, SIGPIPE);
    sigaddset(&write_signals, SIGXFSZ);
    pthread_sigmask(SIG_BLOCK, &write_signals, nullptr);
    try {
        check_replaceable(args.report.html);
    } catch (const std::runtime_error& e) {
        print_error(e.what());
        return 1;
    }
    std::vector<html::HtmlSession> sessions;
    try {
        if (args.report.from == "tegrastats") {
            for (const auto& file : args.operands) {
                html::SessionPlots plots(html::kPlotColumns);
                auto report = report_tegrastats_file(file, args, rules, html::plot_watch(plots));
                sessions.push_back({std::move(report), std::move(plots)});
            }
        } else {
            // The files of a rotated set are one session.
            for (const auto& session : group_session_files(args.operands, print_problem))
                sessions.push_back(html::read_html_session(session.paths, rules, print_problem));
        }
    } catch (const SessionError& e) {
        print_error(e.what());
        return 1;
    }
    try {
        write_file_replacing(args.report.html, html::render_html_report(sessions));
    } catch (const std::runtime_error& e) {
        print_error(e.what());
        return 1;
    }
    return 0;
}

}  // namespace

int run_report(const cli::Args& args) {
    std::string rule_error;
    auto rules = rule_config_from(args, rule_error);
    if (!rules) {
        print_error(rule_error);
        return 2;
    }
    if (!args.report.html.empty()) {
        if (args.report.html == "-") {
            print_error("--html: expected a file name (- is not accepted: use /dev/stdout)");
            return 2;
        }
        if (args.report.json) {
            print_error("--html and --json: choose one");
            return 2;
        }
        return run_html_report(args, *rules);
    }
    std::vector<analysis::SessionReport> reports;
    try {
        if (args.report.from == "tegrastats") {
            for (const auto& file : args.operands)
                reports.push_back(report_tegrastats_file(file, args, *rules));
        } else {
            // The files of a rotated set are one session.
            for (const auto& session : group_session_files(args.operands, print_problem))
                reports.push_back(report_session_files(session.paths, *rules, print_problem));
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
