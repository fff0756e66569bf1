// Switches the nvpmodel power mode the way a user does, by running the `nvpmodel` found on PATH
// (a subprocess, never in the sampling path), and tells whether the switch took. `sweep` uses it;
// so can any other command that changes modes.
#pragma once

#include <signal.h>

#include <optional>
#include <string>

#include "commands/process_start.hpp"
#include "sensors/board/nvpmodel_conf.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

class SignalWatch;

// How an `nvpmodel -m ID` call ended.
struct NvpmodelCall {
    std::optional<std::string> problem;  // what went wrong, if anything
    bool timed_out = false;              // it ran past the timeout and was killed
    std::optional<int> stop;             // a stop request (SIGINT, SIGTERM, SIGHUP) meanwhile
};

// What a stop request does to a call under way.
enum class OnStop {
    kill,   // a switch: its process group is killed at once (the sweep ends there anyway)
    grace,  // a restore: it gets kStopGrace to finish, then its process group is killed
};

class ModeSwitcher {
  public:
    // A restore that is not hung takes well under this (a second or two on a Jetson); a hung one
    // still ends this soon after Ctrl-C or SIGTERM.
    static constexpr double kStopGrace_s = 3;

    // conf: the configuration the modes come from; conf_path: "" for nvpmodel's own
    // (/etc/nvpmodel.conf), else the file passed with -f. nvpmodel starts with child_start; a
    // call taking longer than timeout_s is killed. `signals` (watching SIGCHLD and the stop
    // signals) wakes the wait and brings stop requests.
    ModeSwitcher(Root root, NvpmodelConf conf, std::string conf_path,
                 const ProcessStart& child_start, double timeout_s, SignalWatch& signals);

    // The active mode: /var/lib/nvpmodel/status under the root, else the one mode the live core
    // states and clock caps fit.
    std::optional<int> current() const;
    // Runs `nvpmodel -m ID [-f CONF]` and waits for it, at most the timeout. nvpmodel gets no
    // terminal input (it cannot stop to ask about a reboot), its own process group (a Ctrl-C at
    // the terminal does not reach it; a kill reaches everything it started) and standard error
    // for its output.
    NvpmodelCall apply(int id, OnStop on_stop) const;
    // What is wrong when the active mode is not id ("mode 2 did not take: the active mode is 0").
    std::optional<std::string> check(int id) const;
    // The command to switch by hand: "sudo nvpmodel -m 0 -f /path/custom.conf".
    std::string manual_command(int id) const;

    const NvpmodelConf& conf() const { return conf_; }

  private:
    Root root_;
    NvpmodelConf conf_;
    std::string conf_path_;
    ProcessStart child_start_;
    double timeout_s_;
    SignalWatch& signals_;
};

// The full path of an executable called name in a directory of $PATH, if there is one.
std::optional<std::string> find_on_path(const std::string& name);

}  // namespace edgetop
