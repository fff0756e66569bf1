#include "report/report_session.hpp"

#include <optional>

#include "report/report_builder.hpp"
#include "report/report_event_json.hpp"
#include "session/session_reader.hpp"

namespace edgetop {

namespace {
constexpr std::size_t kMaxKeptProblems = 100;
}

analysis::SessionReport report_session_file(
    const std::string& path, const analysis::RuleConfig& rules,
    const std::function<void(const std::string&)>& on_problem,
    const analysis::SessionWatch& watch) {
    std::vector<std::string> problems;
    SessionReader reader(path, [&](const SessionProblem& problem) {
        if (on_problem) on_problem(problem.message);
        // The report keeps the first ones; every one was already shown through on_problem.
        if (problems.size() < kMaxKeptProblems) problems.push_back(problem.message);
    });
    const auto& header = reader.header();
    analysis::SessionReportBuilder builder(path, header.board, header.interval_ms, rules);
    builder.set_host(header.host);
    if (watch.event) builder.watch_events(watch.event);
    // Flags recorded as they happened need no rerun of the rules, so no more of each sample than
    // the report summarises is read.
    if (header.rules) {
        builder.use_recorded_flags();
        reader.set_sample_fields(SampleFields::summary);
    }
    SessionRecord record;
    while (reader.next(record)) {
        switch (record.kind) {
            case SessionRecord::Kind::sample:
                builder.add_sample(record.sample);
                if (watch.sample) watch.sample(record.sample);
                break;
            case SessionRecord::Kind::event:
                if (auto event = analysis::event_from_line(record.event.data))
                    builder.add_event(*event);
                break;
            case SessionRecord::Kind::end:
                builder.set_end(record.end.t_s);
                break;
        }
    }
    for (auto& p : problems)
        builder.add_problem(std::move(p));
    return builder.finish();
}

}  // namespace edgetop
