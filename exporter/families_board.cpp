#include <chrono>

#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"

namespace edgetop::exporter {

namespace {

void append_identity(const FamilyInput& in, Families& out) {
    const auto& board = in.board;
    // An unknown field is an empty label value, which Prometheus treats as no label.
    auto info = make_family("edgetop_board_info",
                            "The board: model, SoC, L4T and JetPack releases.", MetricType::Gauge);
    add_value(info, 1,
              {{"model", board.model.value_or("")},
               {"soc", board.soc.value_or("")},
               {"l4t", board.l4t.value_or("")},
               {"jetpack", board.jetpack.value_or("")}});
    out.push_back(std::move(info));

    auto build = make_family("edgetop_build_info",
                             "The version of the edgetop serving these values.", MetricType::Gauge);
    if (!in.version.empty()) add_value(build, 1, {{"version", std::string(in.version)}});
    out.push_back(std::move(build));

    auto mode =
        make_family("edgetop_power_mode_info",
                    "The nvpmodel power mode in force when edgetop started.", MetricType::Gauge);
    auto budget =
        make_family("edgetop_power_mode_budget_watts",
                    "The power budget named by that power mode (\"15W\").", MetricType::Gauge);
    if (const PowerMode* current = board.current_mode()) {
        add_value(mode, 1, {{"id", std::to_string(current->id)}, {"name", current->name}});
        add_if(budget, current->budget_w);
    }
    out.push_back(std::move(mode));
    out.push_back(std::move(budget));
}

void append_flags(const FamilyInput& in, Families& out) {
    auto raised = make_family("edgetop_flag_raised",
                              "Whether the bottleneck flag is raised (1) or not (0), by the same "
                              "rules as `edgetop record`.",
                              MetricType::Gauge);
    auto raises = make_family("edgetop_flag_raises_total",
                              "How many times the bottleneck flag went up since edgetop started.",
                              MetricType::Counter);
    for (const auto& flag : in.flags) {
        Labels labels{{"flag", flag.id}};
        add_value(raised, flag.raised ? 1 : 0, labels);
        add_value(raises, static_cast<double>(flag.raises), labels);
    }
    out.push_back(std::move(raised));
    out.push_back(std::move(raises));
}

void append_sampling(const FamilyInput& in, Families& out) {
    auto samples = make_family("edgetop_samples_total", "Samples taken since edgetop started.",
                               MetricType::Counter);
    add_value(samples, static_cast<double>(in.samples));
    out.push_back(std::move(samples));
    auto last = make_family("edgetop_last_sample_timestamp_seconds",
                            "Wall-clock time of the sample these values come from (Unix time).",
                            MetricType::Gauge);
    if (in.samples > 0) {
        // Cut to whole microseconds (a double of today's Unix time holds them exactly enough),
        // as the sample line cuts its time to milliseconds: a reader that turns this back into
        // the line's time (fleet, through Prometheus) gets the line's millisecond. Rounded
        // nanoseconds were a millisecond late when the clock was within half a microsecond of
        // the next one.
        using namespace std::chrono;
        add_value(last,
                  duration<double>(floor<microseconds>(in.sample.time.time_since_epoch())).count());
    }
    out.push_back(std::move(last));
    auto log_errors = make_family("edgetop_session_log_write_errors_total",
                                  "Writes to the --log session file that failed (a full disk, an "
                                  "I/O error) since edgetop started; sampling goes on meanwhile.",
                                  MetricType::Counter);
    if (in.log_write_errors) add_value(log_errors, static_cast<double>(*in.log_write_errors));
    out.push_back(std::move(log_errors));
    auto log_bytes = make_family("edgetop_session_log_written_bytes_total",
                                 "Bytes written to the --log session file since edgetop started "
                                 "(compressed ones for .zst).",
                                 MetricType::Counter);
    if (in.log_bytes_written) add_value(log_bytes, static_cast<double>(*in.log_bytes_written));
    out.push_back(std::move(log_bytes));
}

}  // namespace

void append_board_families(const FamilyInput& in, Families& out) {
    append_identity(in, out);
    append_flags(in, out);
    append_sampling(in, out);
}

}  // namespace edgetop::exporter
