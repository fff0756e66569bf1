#include "commands/mode_switcher.hpp"

#include <unistd.h>

#include <cstdlib>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "commands/child_process.hpp"
#include "sensors/board/nvpmodel_current.hpp"
#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {

constexpr const char* kStatusPath = "/var/lib/nvpmodel/status";

}  // namespace

ModeSwitcher::ModeSwitcher(Root root, NvpmodelConf conf, std::string conf_path,
                           const sigset_t& child_mask)
    : root_(std::move(root)),
      conf_(std::move(conf)),
      conf_path_(std::move(conf_path)),
      child_mask_(child_mask) {}

std::optional<int> ModeSwitcher::current() const {
    if (auto text = read_text_file(root_.path(kStatusPath)))
        if (auto id = parse_nvpmodel_status(*text)) return id;
    return infer_current_mode(conf_, read_live_clocks(conf_, root_));
}

std::optional<std::string> ModeSwitcher::apply(int id) const {
    std::vector<std::string> argv{"nvpmodel", "-m", std::to_string(id)};
    if (!conf_path_.empty()) {
        argv.push_back("-f");
        argv.push_back(conf_path_);
    }
    ChildOptions options;
    options.own_process_group = true;
    options.stdin_from_null = true;
    options.stdout_to_stderr = true;
    try {
        ChildProcess nvpmodel(argv, child_mask_, options);
        int status = nvpmodel.wait();
        if (status != 0) return fmt::format("'nvpmodel -m {}' exited with status {}", id, status);
    } catch (const std::exception& e) {
        return e.what();
    }
    return std::nullopt;
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
