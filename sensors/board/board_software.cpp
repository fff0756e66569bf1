#include "sensors/board/board_software.hpp"

#include <algorithm>

#include "sensors/board/board_jetpack.hpp"
#include "sensors/board/board_release.hpp"
#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {

constexpr const char* kDpkgStatus = "/var/lib/dpkg/status";
// dpkg's database is a few MB on a Jetson (about 2,000 packages with JetPack); a larger file is
// read up to this cap, cut after its last whole line, so memory and time stay bounded.
constexpr size_t kMaxDpkgStatusBytes = 16 << 20;
constexpr size_t kMaxVersionBytes = 128;
constexpr size_t kMaxVersionFileBytes = 64 * 1024;
constexpr std::string_view kCudartPrefix = "cuda-cudart-";

// The first installed package of each list, most recent name first.
const std::vector<std::string_view> kJetpack = {"nvidia-jetpack"};
const std::vector<std::string_view> kL4tCore = {"nvidia-l4t-core"};
const std::vector<std::string_view> kCudnn = {"libcudnn9-cuda-13", "libcudnn9-cuda-12", "libcudnn8",
                                              "libcudnn7"};
const std::vector<std::string_view> kTensorrt = {"tensorrt", "libnvinfer10", "libnvinfer8",
                                                 "libnvinfer7"};
const std::vector<std::string_view> kVpi = {"libnvvpi4", "libnvvpi3", "libnvvpi2", "libnvvpi1"};
// NVIDIA's own OpenCV build ("libopencv"), else Ubuntu's (20.04, 22.04, 24.04).
const std::vector<std::string_view> kOpencv = {"libopencv", "libopencv-core406t64",
                                               "libopencv-core4.5d", "libopencv-core4.2"};
const std::vector<std::string_view> kMultimedia = {"nvidia-l4t-jetson-multimedia-api"};

std::optional<std::string> first_installed(const std::map<std::string, std::string>& versions,
                                           const std::vector<std::string_view>& names) {
    for (auto name : names) {
        auto it = versions.find(std::string(name));
        if (it != versions.end()) {
            std::string version = upstream_version(it->second);
            if (!version.empty()) return version;
        }
    }
    return std::nullopt;
}

// SysFile refuses a FIFO or device here (it would block or never end) and reads a regular file
// up to the cap.
std::map<std::string, std::string> read_dpkg(const Root& root,
                                             const std::vector<std::string_view>& names) {
    SysFile file(root.path(kDpkgStatus));
    auto text = file.read_lines(kMaxDpkgStatusBytes);
    if (!text) return {};
    return installed_versions(*text, [&](std::string_view package) {
        return cudart_series(package) ||
               std::find(names.begin(), names.end(), package) != names.end();
    });
}

// The newest CUDA runtime package installed: the version NVIDIA's tools report (12.6.68 on
// JetPack 6), and present where the toolkit's version file is not (a runtime-only install).
std::optional<std::string> cuda_from_packages(const std::map<std::string, std::string>& versions) {
    std::optional<std::pair<int, int>> newest;
    std::optional<std::string> version;
    for (const auto& [package, record] : versions) {
        auto series = cudart_series(package);
        if (!series || (newest && *series <= *newest)) continue;
        std::string upstream = upstream_version(record);
        if (upstream.empty()) continue;
        newest = series;
        version = std::move(upstream);
    }
    return version;
}

std::optional<std::string> read_cuda(const Root& root) {
    if (auto json = read_text_file(root.path("/usr/local/cuda/version.json"), kMaxVersionFileBytes))
        if (auto version = cuda_version_from_json(*json)) return version;
    if (auto txt = read_text_file(root.path("/usr/local/cuda/version.txt"), kMaxVersionFileBytes))
        return cuda_version_from_txt(*txt);
    return std::nullopt;
}

// A device-tree string property, from /proc/device-tree or its target.
std::optional<std::string> device_tree_string(const Root& root, std::string_view name) {
    for (std::string_view base : {"/proc/device-tree/", "/sys/firmware/devicetree/base/"}) {
        if (auto text = read_text_file(root.path(std::string(base) + std::string(name))))
            return clean_identity_string(*text);
    }
    return std::nullopt;
}

}  // namespace

std::string upstream_version(std::string_view version) {
    version = trim(version);
    if (size_t colon = version.find(':'); colon != std::string_view::npos)
        version.remove_prefix(colon + 1);
    return std::string(version.substr(0, version.find_first_of("-+~")));
}

std::map<std::string, std::string> installed_versions(
    std::string_view status, const std::function<bool(std::string_view)>& wanted) {
    std::map<std::string, std::string, std::less<>> out;
    std::string_view package, version;
    bool installed = false;
    auto finish = [&] {
        if (!package.empty() && installed && !version.empty() &&
            version.size() <= kMaxVersionBytes && !out.contains(package) && wanted(package))
            out.emplace(package, version);
        package = version = {};
        installed = false;
    };
    while (!status.empty()) {
        std::string_view text = next_line(status);
        if (trim(text).empty()) {
            finish();
        } else if (text.starts_with("Package:")) {
            finish();
            package = trim(text.substr(8));
        } else if (text.starts_with("Status:")) {
            std::string_view state = trim(text.substr(7));
            installed = state.ends_with(" installed");
        } else if (text.starts_with("Version:")) {
            version = trim(text.substr(8));
        }
    }
    finish();
    return {out.begin(), out.end()};
}

std::optional<std::pair<int, int>> cudart_series(std::string_view package) {
    if (!package.starts_with(kCudartPrefix)) return std::nullopt;
    std::string_view series = package.substr(kCudartPrefix.size());
    size_t dash = series.find('-');
    if (dash == std::string_view::npos) return std::nullopt;
    auto major = parse_int(series.substr(0, dash));
    auto minor = parse_int(series.substr(dash + 1));
    // parse_int allows a sign and blanks; a package name has neither.
    if (!major || !minor || *major < 0 || *minor < 0 || *major > 1000 || *minor > 1000 ||
        series.find_first_not_of("0123456789-") != std::string_view::npos)
        return std::nullopt;
    return std::pair{static_cast<int>(*major), static_cast<int>(*minor)};
}

// version.json is NVIDIA's fixed layout, {"cuda" : {"name" : "CUDA SDK", "version" : "12.6.68"},
// ...}; the board library has no JSON parser (cmake/libraries.txt), and one string of one object
// needs none: the "version" found after "cuda" and before that object closes.
std::optional<std::string> cuda_version_from_json(std::string_view text) {
    size_t cuda = text.find("\"cuda\"");
    if (cuda == std::string_view::npos) return std::nullopt;
    size_t open = text.find('{', cuda);
    size_t colon = text.find(':', cuda);
    if (open == std::string_view::npos || colon == std::string_view::npos || colon > open ||
        !trim(text.substr(colon + 1, open - colon - 1)).empty())
        return std::nullopt;
    size_t close = text.find('}', open);
    size_t key = text.find("\"version\"", open);
    if (key == std::string_view::npos || key > close) return std::nullopt;
    size_t quote = text.find('"', text.find(':', key + 9));
    if (quote == std::string_view::npos || quote > close) return std::nullopt;
    size_t end = text.find('"', quote + 1);
    if (end == std::string_view::npos || end > close || end == quote + 1) return std::nullopt;
    return std::string(text.substr(quote + 1, end - quote - 1));
}

std::optional<std::string> cuda_version_from_txt(std::string_view text) {
    constexpr std::string_view kPrefix = "CUDA Version ";
    text = trim(text.substr(0, text.find('\n')));
    if (!text.starts_with(kPrefix)) return std::nullopt;
    std::string_view version = trim(text.substr(kPrefix.size()));
    if (version.empty()) return std::nullopt;
    return std::string(version);
}

SoftwareInfo read_software(const Root& root, const std::optional<std::string>& l4t) {
    std::vector<std::string_view> names;
    for (const auto* list :
         {&kJetpack, &kL4tCore, &kCudnn, &kTensorrt, &kVpi, &kOpencv, &kMultimedia})
        names.insert(names.end(), list->begin(), list->end());
    auto versions = read_dpkg(root, names);

    SoftwareInfo info;
    info.l4t = l4t ? l4t : first_installed(versions, kL4tCore);
    info.jetpack = first_installed(versions, kJetpack);
    if (!info.jetpack && info.l4t) info.jetpack = jetpack_for_l4t(*info.l4t);
    if (auto kernel = read_text_file(root.path("/proc/sys/kernel/osrelease"))) {
        std::string_view text = trim(*kernel);
        if (!text.empty()) info.kernel = std::string(text);
    }
    info.cuda = cuda_from_packages(versions);
    if (!info.cuda) info.cuda = read_cuda(root);
    info.cudnn = first_installed(versions, kCudnn);
    info.tensorrt = first_installed(versions, kTensorrt);
    info.vpi = first_installed(versions, kVpi);
    info.opencv = first_installed(versions, kOpencv);
    info.multimedia_api = first_installed(versions, kMultimedia);
    // The module's board id as the device tree gives it ("3448", or "3701:0005" -> "3701-0005");
    // the full part number is in the module EEPROM, readable only as root over I2C.
    if (auto ids = device_tree_string(root, "nvidia,boardids")) {
        std::replace(ids->begin(), ids->end(), ':', '-');
        info.module_part_number = std::move(*ids);
    }
    info.serial_number = device_tree_string(root, "serial-number");
    return info;
}

}  // namespace edgetop
