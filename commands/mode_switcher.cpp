#include "commands/mode_switcher.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "commands/child_process.hpp"
#include "commands/signal_watch.hpp"
#include "sensors/board/nvpmodel_current.hpp"
#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {

constexpr const char* kStatusPath = "/var/lib/nvpmodel/status";
// How long a killed nvpmodel gets to be reaped: one stuck in the kernel (uninterruptible sleep)
// cannot die, and edgetop does not wait for it.
constexpr auto kReapWait = std::chrono::seconds(1);

std::chrono::steady_clock::duration clock_duration(double s) {
    // At most a day: a longer duration<double> could overflow the clock's ticks.
    return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(std::min(s, 86400.0)));
}

}  // namespace

ModeSwitcher::ModeSwitcher(Root root, NvpmodelConf conf, std::string conf_path,
                           const ProcessStart& child_start, double timeout_s, SignalWatch& signals)
    : root_(std::move(root)),
      conf_(std::move(conf)),
      conf_path_(std::move(conf_path)),
      child_start_(child_start),
      timeout_s_(timeout_s),
      signals_(signals) {}

std::optional<int> ModeSwitcher::current() const {
    if (auto text = read_text_file(root_.path(kStatusPath)))
        if (auto id = parse_nvpmodel_status(*text)) return id;
    return infer_current_mode(conf_, read_live_clocks(conf_, root_));
}

NvpmodelCall ModeSwitcher::apply(int id, OnStop on_stop) const {
    using std::chrono::steady_clock;
    std::vector<std::string> argv{"nvpmodel", "-m", std::to_string(id)};
    if (!conf_path_.empty()) {
        argv.push_back("-f");
        argv.push_back(conf_path_);
    }
    ChildOptions options;
    options.own_process_group = true;
    options.stdin_from_null = true;
    options.stdout_to_stderr = true;
    NvpmodelCall call;
    std::optional<ChildProcess> nvpmodel;
    try {
        nvpmodel.emplace(argv, child_start_, options);
    } catch (const std::exception& e) {
        call.problem = e.what();
        return call;
    }
    std::string shown = fmt::format("'nvpmodel -m {}'", id);
    auto deadline = steady_clock::now() + clock_duration(timeout_s_);
    bool cut_by_stop = false;
    for (;;) {
        if (auto status = nvpmodel->wait_until(deadline, signals_.fd())) {
            if (*status != 0)
                call.problem = fmt::format("{} exited with status {}", shown, *status);
            return call;
        }
        auto now = steady_clock::now();
        if (auto stop = signals_.take_stop(); stop && !call.stop) {
            call.stop = stop;
            auto cut = on_stop == OnStop::kill ? now : now + clock_duration(kStopGrace_s);
            if (cut < deadline) {
                deadline = cut;
                cut_by_stop = true;
            }
        }
        if (now >= deadline) break;
    }
    nvpmodel->kill_all();
    bool gone = nvpmodel->wait_until(steady_clock::now() + kReapWait).has_value();
    std::string killed = gone ? "killed" : "killed, but it has not exited (stuck in the kernel?)";
    if (cut_by_stop) {
        std::string signal = stop_signal_name(*call.stop);
        call.problem = on_stop == OnStop::kill ? fmt::format("{} {} on {}", shown, killed, signal)
                                               : fmt::format("{} still running {:g} s after {}: {}",
                                                             shown, kStopGrace_s, signal, killed);
    } else {
        call.timed_out = true;
        call.problem =
            fmt::format("{} did not finish within {:g} s: {}", shown, timeout_s_, killed);
    }
    return call;
}

std::optional<std::string> ModeSwitcher::check(int id) const {
    auto active = current();
    if (active == id) return std::nullopt;
    if (!active)
        return fmt::format("mode {} did not take: the active mode cannot be read from {}", id,
                           kStatusPath);
    return fmt::format("mode {} did not take: the active mode is {}", id, *active);
}

std::string ModeSwitcher::manual_command(int id) const {
    std::string command = fmt::format("sudo nvpmodel -m {}", id);
    if (!conf_path_.empty()) command += " -f " + conf_path_;
    return command;
}

std::optional<std::string> find_on_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string_view dirs = path ? path : "";
    while (!dirs.empty()) {
        size_t colon = dirs.find(':');
        std::string dir(dirs.substr(0, colon));
        dirs = colon == std::string_view::npos ? std::string_view() : dirs.substr(colon + 1);
        std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + name;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return std::nullopt;
}

}  // namespace edgetop
