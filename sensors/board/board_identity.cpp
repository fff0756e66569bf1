// The board source: identity (device tree or DMI), L4T/JetPack, nvpmodel modes and the current
// mode. Everything is read once at discovery; poll() has nothing to do.
#include <utility>

#include "sensors/board/board_release.hpp"
#include "sensors/board/board_software.hpp"
#include "sensors/board/board_sources.hpp"
#include "sensors/board/nvpmodel_conf.hpp"
#include "sensors/board/nvpmodel_current.hpp"
#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {

constexpr size_t kMaxConfBytes = 1 << 20;
constexpr size_t kMaxReleaseBytes = 64 * 1024;  // one line, and the nvpmodel status one word
constexpr const char* kReleasePath = "/etc/nv_tegra_release";
constexpr const char* kConfPath = "/etc/nvpmodel.conf";
constexpr const char* kStatusPath = "/var/lib/nvpmodel/status";

SourceStatus make_status(std::string name, OpenResult result, std::string path, std::string hint) {
    SourceStatus status;
    status.name = std::move(name);
    status.path = std::move(path);
    status.hint = std::move(hint);
    status.state = result == OpenResult::ok           ? SourceStatus::State::found
                   : result == OpenResult::needs_root ? SourceStatus::State::needs_root
                                                      : SourceStatus::State::absent;
    return status;
}

// The reason a file gave no text when it is there but refused ("not a regular file", "larger
// than N bytes"), else the usual explanation.
std::string problem_or(const FileText& file, std::string usual) {
    if (file.text || file.problem == describe(OpenResult::absent)) return usual;
    return file.problem;
}

class BoardIdentitySource final : public Source {
  public:
    std::string name() const override { return "board"; }

    bool discover(const Root& root) override {
        SoftwareInfo software = std::move(board_.software);
        board_ = Board{};
        status_.clear();
        bool found = read_device_tree(root);
        if (!found) found = read_dmi(root);
        auto release = read_whole_file(root.path(kReleasePath), kMaxReleaseBytes);
        if (release.text) board_.l4t = parse_l4t_release(*release.text);
        // Once: dpkg's database is MBs, and a rediscovery (nothing found) must not read it again.
        if (!software_read_) software = read_software(root, board_.l4t);
        board_.software = std::move(software);
        software_read_ = true;
        // Beside the release file's L4T, JetPack is the nvidia-jetpack package's version where it
        // is installed, else the table's (read_software).
        board_.jetpack = board_.l4t ? board_.software.jetpack : std::nullopt;
        found = report_release(root, release) || found;
        found = read_nvpmodel(root) || found;
        return found;
    }

    void poll(Sample&) override {}

    void describe(Board& board) const override {
        board.model = board_.model;
        board.compatible = board_.compatible;
        board.soc = board_.soc;
        board.l4t = board_.l4t;
        board.jetpack = board_.jetpack;
        board.power_modes = board_.power_modes;
        board.default_mode_id = board_.default_mode_id;
        board.current_mode_id = board_.current_mode_id;
        board.software = board_.software;
    }

    std::vector<SourceStatus> status() const override { return status_; }

  private:
    // /proc/device-tree is a link to /sys/firmware/devicetree/base; either may be missing in a
    // container.
    bool read_device_tree(const Root& root) {
        for (const char* base : {"/proc/device-tree", "/sys/firmware/devicetree/base"}) {
            std::string model_path = std::string(base) + "/model";
            auto model = read_text_file(root.path(model_path));
            if (!model) continue;
            board_.model = clean_identity_string(*model);
            if (auto compatible = read_text_file(root.path(std::string(base) + "/compatible")))
                board_.compatible = split_nul_list(*compatible);
            board_.soc = soc_from_compatible(board_.compatible);
            status_.push_back(make_status("board.devicetree", OpenResult::ok, model_path, ""));
            return true;
        }
        status_.push_back(make_status("board.devicetree", OpenResult::absent,
                                      "/proc/device-tree/model",
                                      "no device tree (not an ARM board, or a container)"));
        return false;
    }

    // On a PC the model is the DMI vendor and product; the SoC is the CPU's model name.
    bool read_dmi(const Root& root) {
        auto vendor = read_text_file(root.path("/sys/class/dmi/id/sys_vendor"));
        auto product = read_text_file(root.path("/sys/class/dmi/id/product_name"));
        auto clean_vendor = vendor ? clean_identity_string(*vendor) : std::nullopt;
        auto clean_product = product ? clean_identity_string(*product) : std::nullopt;
        if (clean_vendor && clean_product && !clean_product->starts_with(*clean_vendor))
            board_.model = *clean_vendor + " " + *clean_product;
        else
            board_.model = clean_product ? clean_product : clean_vendor;
        if (auto cpuinfo = read_text_file(root.path("/proc/cpuinfo"), kMaxConfBytes))
            board_.soc = cpu_model_name(*cpuinfo);
        bool found = board_.model.has_value();
        status_.push_back(make_status("board.dmi", found ? OpenResult::ok : OpenResult::absent,
                                      "/sys/class/dmi/id/product_name",
                                      found ? "" : "no DMI identity"));
        return found;
    }

    bool report_release(const Root& root, const FileText& file) {
        auto probe = file.text ? OpenResult::ok : probe_file(root.path(kReleasePath));
        std::string hint = problem_or(file, "not a Jetson, or a container without L4T");
        if (file.text)
            hint = !board_.l4t       ? "first line is not '# R<n> (release), REVISION: <x.y>, ...'"
                   : !board_.jetpack ? "JetPack unknown: no nvidia-jetpack package, and L4T " +
                                           *board_.l4t + " is not in the JetPack table"
                                     : "";
        status_.push_back(make_status("board.l4t", probe, kReleasePath, hint));
        return file.text.has_value();
    }

    bool read_nvpmodel(const Root& root) {
        auto conf_file = read_whole_file(root.path(kConfPath), kMaxConfBytes);
        const auto& text = conf_file.text;
        NvpmodelConf conf;
        if (text) conf = parse_nvpmodel(*text);
        board_.power_modes = conf.power_modes();
        board_.default_mode_id = conf.default_id;
        status_.push_back(make_status(
            "board.nvpmodel", text ? OpenResult::ok : probe_file(root.path(kConfPath)), kConfPath,
            text ? std::to_string(conf.modes.size()) + " power modes"
                 : problem_or(conf_file, "no nvpmodel on this board")));

        auto status_file = read_whole_file(root.path(kStatusPath), kMaxReleaseBytes);
        const auto& status_text = status_file.text;
        if (status_text) board_.current_mode_id = parse_nvpmodel_status(*status_text);
        std::string hint;
        if (!board_.current_mode_id && !conf.modes.empty()) {
            board_.current_mode_id = infer_current_mode(conf, read_live_clocks(conf, root));
            hint = board_.current_mode_id
                       ? "current mode inferred from online cores and clock caps"
                       : "no unique mode matches the online cores and clock caps";
        }
        if (status_text && !parse_nvpmodel_status(*status_text))
            hint = "no 'pmode:<n>' in the file; " + hint;
        if (auto refused = problem_or(status_file, ""); !refused.empty())
            hint = hint.empty() ? refused : refused + "; " + hint;
        status_.push_back(make_status(
            "board.nvpmodel_status",
            status_text ? OpenResult::ok : probe_file(root.path(kStatusPath)), kStatusPath, hint));
        return text.has_value();
    }

    Board board_;
    std::vector<SourceStatus> status_;
    bool software_read_ = false;
};

}  // namespace

SourcePtr make_board_source() {
    return std::make_unique<BoardIdentitySource>();
}

}  // namespace edgetop
