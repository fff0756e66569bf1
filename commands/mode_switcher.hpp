// Switches the nvpmodel power mode the way a user does, by running the `nvpmodel` found on PATH
// (a subprocess, never in the sampling path), and tells whether the switch took. `sweep` uses it;
// so can any other command that changes modes.
#pragma once

#include <signal.h>

#include <optional>
#include <string>

#include "sensors/board/nvpmodel_conf.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

class ModeSwitcher {
  public:
    // conf: the configuration the modes come from; conf_path: "" for nvpmodel's own
    // (/etc/nvpmodel.conf), else the file passed with -f. nvpmodel starts with child_mask.
    ModeSwitcher(Root root, NvpmodelConf conf, std::string conf_path, const sigset_t& child_mask);

    // The active mode: /var/lib/nvpmodel/status under the root, else the one mode the live core
    // states and clock caps fit.
    std::optional<int> current() const;
    // Runs `nvpmodel -m ID [-f CONF]` and waits for it. nvpmodel gets no terminal input (it cannot
    // stop to ask about a reboot), its own process group (a Ctrl-C at the terminal does not cut a
    // switch short) and standard error for its output. Returns what went wrong, if anything.
    std::optional<std::string> apply(int id) const;
    // What is wrong when the active mode is not id ("mode 2 did not take: the active mode is 0").
    std::optional<std::string> check(int id) const;
    // The command to switch by hand: "sudo nvpmodel -m 0 -f /path/custom.conf".
    std::string manual_command(int id) const;

    const NvpmodelConf& conf() const { return conf_; }

  private:
    Root root_;
    NvpmodelConf conf_;
    std::string conf_path_;
    sigset_t child_mask_;
};

// The full path of an executable called name in a directory of $PATH, if there is one.
std::optional<std::string> find_on_path(const std::string& name);

}  // namespace edgetop
