#include "report/html/html_session.hpp"

#include "report/html/svg_chart.hpp"
#include "report/report_session.hpp"

namespace edgetop::html {

analysis::SessionWatch plot_watch(SessionPlots& plots) {
    analysis::SessionWatch watch;
    watch.sample = [&plots](const Sample& sample) { plots.add(sample); };
    watch.event = [&plots](const analysis::Event& event, bool recorded) {
        plots.add_event(event, recorded);
    };
    return watch;
}

HtmlSession read_html_session(const std::vector<std::string>& paths,
                              const analysis::RuleConfig& rules,
                              const std::function<void(const std::string&)>& on_problem) {
    SessionPlots plots(kPlotColumns);
    auto report = report_session_files(paths, rules, on_problem, plot_watch(plots));
    return {std::move(report), std::move(plots)};
}

}  // namespace edgetop::html
