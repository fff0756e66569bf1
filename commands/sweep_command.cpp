// edgetop sweep -- CMD: CMD once (or --repeat times) per power mode, each run recorded as `stat`
// records it and measured as `report` measures a session, then the modes compared.
#include <poll.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "commands/commands.hpp"
#include "commands/mode_switcher.hpp"
#include "commands/output_file.hpp"
#include "commands/recorder.hpp"
#include "commands/rule_options.hpp"
#include "commands/sweep_output.hpp"
#include "commands/sweep_state.hpp"
#include "report/report_session.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "text/text_escape.hpp"

namespace edgetop {

namespace {

constexpr const char* kConfPath = "/etc/nvpmodel.conf";
constexpr size_t kMaxConfBytes = 1 << 20;

bool running_as_root() {
    return ::geteuid() == 0;
}

// A mode of --modes: its id (digits) or its name, whatever the case ("maxn_super").
const NvpmodelMode* find_mode(const NvpmodelConf& conf, const std::string& given) {
    bool digits =
        std::all_of(given.begin(), given.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits) {
        auto id = parse_int(given);
        return id && *id <= INT_MAX ? conf.mode(static_cast<int>(*id)) : nullptr;
    }
    for (const auto& m : conf.modes)
        if (::strcasecmp(m.mode.name.c_str(), given.c_str()) == 0) return &m;
    return nullptr;
}

struct SweepPlan {
    NvpmodelConf conf;
    std::string conf_name;  // as the messages show it
    std::vector<int> ids;
    analysis::RuleConfig rules;
};

// Why the sweep cannot start, checked before anything is switched: the one-line refusal.
std::optional<std::string> refusal(const cli::Args& args, SweepPlan& plan) {
    if (!running_as_root()) return "sweep: switching power modes needs root (run it with sudo)";
    if (!find_on_path("nvpmodel")) return "sweep: no 'nvpmodel' on PATH (is this a Jetson?)";
    plan.conf_name = args.sweep.conf.empty() ? kConfPath : args.sweep.conf;
    std::string real_path =
        args.sweep.conf.empty() ? Root(args.global.root).path(kConfPath) : args.sweep.conf;
    auto text = read_text_file(real_path, kMaxConfBytes,
                               args.sweep.conf.empty() ? FileAccess::sensor : FileAccess::user);
    if (args.sweep.restore) {
        // Whether the restore took is read from nvpmodel's status file; the modes help only
        // where it is missing.
        if (text) plan.conf = parse_nvpmodel(*text);
        return std::nullopt;
    }
    if (!text)
        return fmt::format("sweep: cannot read {}: no nvpmodel configuration", plan.conf_name);
    plan.conf = parse_nvpmodel(*text);
    if (plan.conf.modes.empty()) return fmt::format("sweep: no power modes in {}", plan.conf_name);
    if (args.sweep.modes.empty())
        for (const auto& m : plan.conf.modes)
            plan.ids.push_back(m.mode.id);
    for (const auto& given : args.sweep.modes) {
        const NvpmodelMode* mode = find_mode(plan.conf, given);
        if (!mode) {
            std::string known;
            for (const auto& m : plan.conf.modes)
                known += fmt::format("{}{} {}", known.empty() ? "" : ", ", m.mode.id, m.mode.name);
            return fmt::format("sweep: no power mode {} in {} (its modes: {})", given,
                               plan.conf_name, known);
        }
        int id = mode->mode.id;
        if (std::find(plan.ids.begin(), plan.ids.end(), id) == plan.ids.end())
            plan.ids.push_back(id);
    }
    std::string rule_error;
    auto rules = rule_config_from(args, rule_error);
    if (!rules) return rule_error;
    plan.rules = *rules;
    return std::nullopt;
}

bool keeps_sessions(const cli::Args& args) {
    return args.sweep.output && *args.sweep.output != "-";
}

std::string kept_session_path(const cli::Args& args, int id, int64_t k) {
    return fmt::format("{}/mode-{}-run-{}.jsonl", *args.sweep.output, id, k);
}

// -o DIR: created when missing. Returns what is wrong with it, if anything: also a symbolic link
// planted at the name of a session to come, refused before the first switch.
std::optional<std::string> prepare_output_dir(const cli::Args& args, const SweepPlan& plan) {
    const std::string& dir = *args.sweep.output;
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
        return fmt::format("-o {}: {}", dir, std::strerror(errno));
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        return fmt::format("-o {}: not a directory", dir);
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
        return fmt::format("-o {}: {}", dir, std::strerror(errno));
    try {
        for (int id : plan.ids)
            for (int64_t k = 1; k <= args.sweep.repeat; ++k)
                check_output_path(kept_session_path(args, id, k));
    } catch (const OutputError& e) {
        return fmt::format("sweep: {}", e.what());
    }
    return std::nullopt;
}

// Waits `seconds` unless a stop request comes first; returns it if one did.
std::optional<int> settle_or_stop(SignalWatch& signals, double seconds) {
    using namespace std::chrono;
    auto deadline = steady_clock::now() + duration_cast<nanoseconds>(duration<double>(seconds));
    for (;;) {
        if (auto stop = signals.take_stop()) return stop;
        auto left = duration_cast<milliseconds>(deadline - steady_clock::now());
        if (left.count() <= 0) return std::nullopt;
        pollfd fd{signals.fd(), POLLIN, 0};
        ::poll(&fd, 1, static_cast<int>(left.count()) + 1);
    }
}

// The figures of one run, read from its session the way `report` reads it, so that both agree.
void measure_run(const std::string& session, const analysis::RuleConfig& rules, sweep::Run& run) {
    analysis::SessionReport report;
    try {
        report = report_session_file(session, rules, [](const std::string&) {});
    } catch (const std::exception& e) {
        print_error(e.what());
        return;
    }
    run.duration_s = report.duration_s;
    run.samples = report.samples;
    run.energy_j = report.total_energy.measured_joules();
    run.avg_power_w = report.total_energy.average_w();
    std::string total_rail;
    for (const auto& rail : report.rail_energy)
        if (rail.is_total) total_rail = rail.name;
    for (const auto& metric : report.metrics) {
        auto max = metric.summary.max();
        if (!max) continue;
        bool total = (metric.family == "power" && metric.name == "total") ||
                     (metric.family == "rail" && metric.name == total_rail);
        if (total && (!run.peak_power_w || *max / 1000 > *run.peak_power_w))
            run.peak_power_w = *max / 1000;
        if (metric.family == "thermal" && (!run.peak_temp_c || *max > *run.peak_temp_c))
            run.peak_temp_c = max;
    }
    for (const auto& flag : report.flags)
        if (flag.raised > 0) run.flags.push_back(flag.id);
}

// A file name for a session that is not kept.
std::string scratch_session() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/edgetop-sweep-XXXXXX";
    int fd = ::mkstemp(pattern.data());
    if (fd < 0)
        throw std::runtime_error(fmt::format("cannot create a scratch session in {}: {}",
                                             tmp && *tmp ? tmp : "/tmp", std::strerror(errno)));
    ::close(fd);
    return pattern;
}

class Sweep {
  public:
    Sweep(const cli::Args& args, SweepPlan plan, const ProcessStart& process_start,
          SignalWatch& signals, ModeSwitcher& switcher)
        : args_(args),
          plan_(std::move(plan)),
          process_start_(process_start),
          signals_(signals),
          switcher_(switcher) {}

    // Tries every mode until done or a stop request; throws on an error of edgetop's own and when
    // nvpmodel hangs (the modes after it would hang as well).
    void run(std::vector<sweep::ModeResult>& results, std::optional<int>& stop) {
        for (int id : plan_.ids) {
            if ((stop = signals_.take_stop())) return;
            const auto* mode = plan_.conf.mode(id);
            results.push_back({});
            auto& result = results.back();
            result.id = id;
            result.name = mode->mode.name;
            result.caps = sweep::caps_of(mode->mode);
            progress(fmt::format("mode {} ({}): switching", id, result.name));
            switched_ = true;
            auto call = switcher_.apply(id, OnStop::kill);
            if (call.problem) progress(fmt::format("mode {}: {}", id, *call.problem));
            if (call.stop) {
                stop = call.stop;
                result.problem = "interrupted while switching";
                return;
            }
            if (call.problem) result.problem = *call.problem;
            if (call.timed_out)
                throw std::runtime_error(
                    fmt::format("sweep: stopped at mode {}: {}", id, *call.problem));
            if (call.problem) continue;
            if ((stop = settle_or_stop(signals_, args_.sweep.settle_s))) {
                result.problem = "interrupted while settling";
                return;
            }
            if (auto problem = switcher_.check(id)) {
                result.problem = *problem;
                progress(fmt::format("mode {}: {}", id, *problem));
                continue;
            }
            for (int64_t k = 1; k <= args_.sweep.repeat; ++k) {
                result.runs.push_back(run_once(id, k, stop));
                if (stop) return;
                if (result.runs.back().exit_status != 0) break;  // the mode is out already
            }
        }
    }

    bool switched() const { return switched_; }

  private:
    void progress(const std::string& message) const {
        std::fprintf(stderr, "edgetop sweep: %s\n", text::terminal_safe(message).c_str());
    }

    sweep::Run run_once(int id, int64_t k, std::optional<int>& stop) {
        bool keep = keeps_sessions(args_);
        std::string session = keep ? kept_session_path(args_, id, k) : scratch_session();
        progress(fmt::format("mode {}: run {} of {}", id, k, args_.sweep.repeat));
        sweep::Run run;
        run.exit_status = record_session(args_, session, process_start_, signals_, &stop);
        if (run.exit_status != 0)
            progress(fmt::format("mode {}: run {} exited with status {}", id, k, run.exit_status));
        measure_run(session, plan_.rules, run);
        if (keep)
            run.session = session;
        else
            std::remove(session.c_str());
        return run;
    }

    const cli::Args& args_;
    SweepPlan plan_;
    ProcessStart process_start_;  // what edgetop started with, for the job and nvpmodel
    SignalWatch& signals_;
    ModeSwitcher& switcher_;
    bool switched_ = false;
};

// Back to the mode of before the sweep; loud when that fails. A stop request meanwhile gives
// nvpmodel ModeSwitcher::kStopGrace_s to finish (so a second Ctrl-C does not cut a restore short,
// but a hung one does not hold edgetop) and lands in *stop unless one is there. Once restored,
// the restore file goes.
bool restore_mode(const ModeSwitcher& switcher, int original, const std::string& announcement,
                  const SweepState& state, std::optional<int>& stop) {
    std::fprintf(stderr, "edgetop sweep: %s\n", text::terminal_safe(announcement).c_str());
    auto call = switcher.apply(original, OnStop::grace);
    if (call.stop && !stop) stop = call.stop;
    auto problem = call.problem;
    if (!problem) problem = switcher.check(original);
    if (!problem) {
        if (auto kept = state.remove()) print_error(*kept);
        return true;
    }
    print_error(fmt::format(
        "WARNING: power mode {} was NOT restored ({}); restore it with: {} (or with: sudo edgetop "
        "sweep --restore, as {} says)",
        original, *problem, switcher.manual_command(original), state.path()));
    return false;
}

// Takes the sweep's lock and restores what a sweep that did not finish left, if anything: the exit
// status when edgetop ends here (a refusal, a failed or interrupted restore, --restore done).
std::optional<int> restore_left_mode(const cli::Args& args, const SweepPlan& plan,
                                     const ProcessStart& process_start, SignalWatch& signals,
                                     SweepState& state) {
    std::optional<RestorePoint> left;
    try {
        if (auto problem = state.lock()) throw std::runtime_error(*problem);
        left = state.read();
    } catch (const std::exception& e) {
        print_error(e.what());
        return 2;
    }
    if (!left) {
        if (!args.sweep.restore) return std::nullopt;
        std::fprintf(stderr, "edgetop sweep: nothing to restore (no %s)\n",
                     text::terminal_safe(state.path()).c_str());
        return 0;
    }
    ModeSwitcher switcher(Root(args.global.root), plan.conf, left->conf_path, process_start,
                          args.sweep.nvpmodel_timeout_s, signals);
    std::optional<int> stop;
    std::string announcement =
        fmt::format("restoring mode {}, left switched by a sweep that did not finish ({})",
                    left->mode, state.path());
    if (!restore_mode(switcher, left->mode, announcement, state, stop)) return 1;
    if (stop) return 128 + *stop;
    if (args.sweep.restore) return 0;
    return std::nullopt;
}

// The --conf file as the restore file keeps it: a relative path would not survive a change of
// directory.
std::string absolute_conf(const std::string& conf) {
    if (conf.empty()) return conf;
    std::error_code error;
    auto path = std::filesystem::absolute(conf, error);
    return error ? conf : path.string();
}

}  // namespace

int run_sweep(const cli::Args& args, const ProcessStart& process_start) {
    SweepPlan plan;
    if (auto problem = refusal(args, plan)) {
        print_error(*problem);
        return 2;
    }
    if (!args.sweep.restore && keeps_sessions(args))
        if (auto problem = prepare_output_dir(args, plan)) {
            print_error(*problem);
            return 1;
        }
    SignalWatch signals({SIGINT, SIGTERM, SIGHUP, SIGCHLD}, {SIGPIPE, SIGXFSZ});
    SweepState state{Root(args.global.root)};
    if (auto status = restore_left_mode(args, plan, process_start, signals, state)) return *status;
    ModeSwitcher switcher(Root(args.global.root), plan.conf, args.sweep.conf, process_start,
                          args.sweep.nvpmodel_timeout_s, signals);
    auto original = switcher.current();
    if (!original) {
        print_error(
            "sweep: cannot tell the active power mode (/var/lib/nvpmodel/status is "
            "unreadable and no single mode fits the live caps)");
        return 2;
    }
    try {
        state.write({*original, absolute_conf(args.sweep.conf)});
    } catch (const std::exception& e) {
        print_error(e.what());
        return 1;
    }

    sweep::Outcome outcome;
    outcome.original_mode = *original;
    if (const auto* mode = plan.conf.mode(*original)) outcome.original_name = mode->mode.name;
    outcome.slack_pct = args.sweep.slack_pct;
    outcome.budget_w = args.sweep.budget_w;
    outcome.interval_ms = args.global.interval_ms;
    outcome.repeat = args.sweep.repeat;
    bool own_error = false;
    Sweep sweep(args, plan, process_start, signals, switcher);
    try {
        sweep.run(outcome.modes, outcome.interrupted_by);
    } catch (const std::exception& e) {
        print_error(e.what());
        own_error = true;
    }
    if (sweep.switched()) {
        outcome.restored =
            restore_mode(switcher, *original, fmt::format("restoring mode {}", *original), state,
                         outcome.interrupted_by);
    } else {
        outcome.restored = true;
        if (auto kept = state.remove()) print_error(*kept);
    }
    if (auto late = signals.take_stop(); late && !outcome.interrupted_by)
        outcome.interrupted_by = late;

    outcome.pareto = sweep::pareto_front(outcome.modes);
    outcome.recommended =
        sweep::recommend(outcome.modes, args.sweep.slack_pct, args.sweep.budget_w);
    if (args.sweep.json)  // the JSON has the samples; the advice goes with the progress lines
        for (const auto& mode : outcome.modes)
            if (auto note = sweep::few_samples_note(outcome, mode))
                std::fprintf(stderr, "edgetop sweep: %s\n", note->c_str());
    std::string text = args.sweep.json ? sweep::format_json(outcome) : sweep::format_text(outcome);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    if (outcome.interrupted_by) return 128 + *outcome.interrupted_by;
    return own_error || !outcome.restored ? 1 : 0;
}

}  // namespace edgetop
