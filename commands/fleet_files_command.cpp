// edgetop serve --print-alert-rules and --print-grafana-dashboard: the files a fleet's Prometheus
// and Grafana load, written from the rule catalog (with the thresholds of this command line) and
// the metric table, without sampling.
#include <cstdio>
#include <string>

#include "commands/commands.hpp"
#include "commands/rule_options.hpp"
#include "exporter/alert_rules.hpp"
#include "exporter/grafana_dashboard.hpp"

namespace edgetop {

bool prints_fleet_file(const cli::Args& args) {
    return args.command == "serve" &&
           (args.serve.print_alert_rules || args.serve.print_grafana_dashboard);
}

int run_print_fleet_file(const cli::Args& args) {
    if (args.serve.print_alert_rules && args.serve.print_grafana_dashboard) {
        print_error("--print-alert-rules and --print-grafana-dashboard: one at a time");
        return 2;
    }
    std::string error;
    auto rules = rule_config_from(args, error);
    if (!rules) {
        print_error(error);
        return 2;
    }
    const std::string text = args.serve.print_alert_rules ? exporter::alert_rules_yaml(*rules)
                                                          : exporter::grafana_dashboard_json();
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
        std::fflush(stdout) != 0) {
        print_error("cannot write to standard output");
        return 1;
    }
    return 0;
}

}  // namespace edgetop
