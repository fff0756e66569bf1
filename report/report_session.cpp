#include "report/report_session.hpp"

#include <memory>
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
    return report_session_files({path}, rules, on_problem, watch);
}

analysis::SessionReport report_session_files(
    const std::vector<std::string>& paths, const analysis::RuleConfig& rules,
    const std::function<void(const std::string&)>& on_problem,
    const analysis::SessionWatch& watch) {
    std::vector<std::string> problems;
    auto keep_problem = [&](const SessionProblem& problem) {
        if (on_problem) on_problem(problem.message);
        // The report keeps the first ones; every one was already shown through on_problem.
        if (problems.size() < kMaxKeptProblems) problems.push_back(problem.message);
    };
    auto reader = std::make_unique<SessionReader>(paths.at(0), keep_problem);
    const SessionHeader header = reader->header();
    analysis::SessionReportBuilder builder(paths[0], header.board, header.interval_ms, rules);
    builder.set_host(header.host);
    if (watch.event) builder.watch_events(watch.event);
    // Flags recorded as they happened need no rerun of the rules, so no more of each sample than
    // the report summarises is read.
    if (header.rules) builder.use_recorded_flags();
    if (header.part.value_or(0) > 0) builder.starts_after_first_part();
    SessionRecord record;
    for (size_t file = 0; file < paths.size(); ++file) {
        if (file > 0) reader = std::make_unique<SessionReader>(paths[file], keep_problem);
        if (header.rules) reader->set_sample_fields(SampleFields::summary);
        while (reader->next(record)) {
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
                    // A rotated file's end line is where the next file goes on, not an end.
                    if (record.end.reason != EndReason::rotated) builder.set_end(record.end.t_s);
                    break;
            }
        }
    }
    for (auto& p : problems)
        builder.add_problem(std::move(p));
    return builder.finish();
}

}  // namespace edgetop
