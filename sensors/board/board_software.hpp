// Versions of the installed software (L4T, JetPack, kernel, CUDA, cuDNN, TensorRT, VPI, OpenCV,
// Multimedia API) and the module's identity, read once at start for the Info page.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "edgetop/board.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

// The upstream part of a Debian version, without epoch, revision or build suffix:
// "1:8.6.0.166-1+cuda11.4" -> "8.6.0.166", "6.2.1+b38" -> "6.2.1", "5.1.1-b56" -> "5.1.1".
std::string upstream_version(std::string_view debian_version);

// The versions of the packages `wanted` accepts that dpkg's status database (/var/lib/dpkg/status)
// records as installed, from its text line by line: the file is several MB on a Jetson and only
// these records are kept. A record without a Version, whose Status does not end in "installed", or
// whose Version is not a version (over 128 bytes) is skipped; a Package line starts a new record
// even without the blank line before it.
std::map<std::string, std::string> installed_versions(
    std::string_view status, const std::function<bool(std::string_view)>& wanted);

// The CUDA series of a CUDA runtime package: "cuda-cudart-12-6" -> {12, 6}; any other name
// ("cuda-cudart-dev-12-6", "cuda-cudart-12") -> nullopt.
std::optional<std::pair<int, int>> cudart_series(std::string_view package);

// CUDA's version where no cuda-cudart-<major>-<minor> package is installed:
// /usr/local/cuda/version.json (JetPack 5+: "cuda": {"version": "12.6.68"}) or version.txt
// (JetPack 4: "CUDA Version 10.2.300").
std::optional<std::string> cuda_version_from_json(std::string_view text);
std::optional<std::string> cuda_version_from_txt(std::string_view text);

// Everything under root; `l4t` is the release /etc/nv_tegra_release gave (the nvidia-l4t-core
// package's version stands in without it). JetPack is the nvidia-jetpack package's version, and
// the L4T -> JetPack table's answer only without that package.
SoftwareInfo read_software(const Root& root, const std::optional<std::string>& l4t);

}  // namespace edgetop
