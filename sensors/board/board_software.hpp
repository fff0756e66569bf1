// Versions of the installed software (L4T, JetPack, kernel, CUDA, cuDNN, TensorRT, VPI, OpenCV,
// Multimedia API) and the module's identity, read once at start for the Info page.
#pragma once

#include <istream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "edgetop/board.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

// The upstream part of a Debian version, without epoch, revision or build suffix:
// "1:8.6.0.166-1+cuda11.4" -> "8.6.0.166", "6.2.1+b38" -> "6.2.1", "5.1.1-b56" -> "5.1.1".
std::string upstream_version(std::string_view debian_version);

// The versions of those of `wanted` that dpkg's status database (/var/lib/dpkg/status) records as
// installed, read line by line: the file is several MB on a Jetson and only these records are
// kept. A record without a Version, or whose Status does not end in "installed", is skipped.
std::map<std::string, std::string> installed_versions(std::istream& status,
                                                      const std::vector<std::string_view>& wanted);

// CUDA's version: /usr/local/cuda/version.json (JetPack 5+: "cuda": {"version": "12.6.68"}) or
// version.txt (JetPack 4: "CUDA Version 10.2.300").
std::optional<std::string> cuda_version_from_json(std::string_view text);
std::optional<std::string> cuda_version_from_txt(std::string_view text);

// Everything under root; `l4t` is the release /etc/nv_tegra_release gave (the nvidia-l4t-core
// package's version stands in without it).
SoftwareInfo read_software(const Root& root, const std::optional<std::string>& l4t);

}  // namespace edgetop
