// NVIDIA GPUs through NVML (nvml_library.hpp), exposed for tests.
//
// Each NVML device is a GpuSample with source "nvml" (a discrete GPU), except the integrated GPU
// of a Jetson that devfreq already lists (Thor: a devfreq node without a `load` file, and NVML
// for the same GPU): NVML then completes that entry, one GPU and not two. They are matched by
// NVML's device name (is_integrated_nvml_name), since a Tegra iGPU has no PCI address to compare
// with the devfreq node: the first such NVML device completes the first devfreq GPU. Per value,
// devfreq's reading stays and NVML fills what devfreq lacks (Thor's load, temperature, power);
// the entry's source is then "devfreq+nvml". A value NVML answers NOT_SUPPORTED (or any error)
// is absent; a device that answers no value at all (Orin on JetPack 7) is left alone and asked
// again after `reprobe_every`, never latched.
//
// The video engines' loads (NVENC, NVDEC, NVJPG, OFA: Thor and discrete GPUs) are engine entries
// of the sample: an integrated GPU's complete the SoC's engines of those names, a discrete GPU's
// are "GPU<index> NVENC"... An engine NVML does not know (a missing entry point in an older
// driver, NOT_SUPPORTED) has no entry.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "sensors/core/source.hpp"
#include "sensors/gpu/gpu_sources.hpp"

namespace edgetop {

// Whether an NVML device name is a Tegra integrated GPU ("NVIDIA Thor", "Orin (nvgpu)").
bool is_integrated_nvml_name(std::string_view name);

SourcePtr make_nvml_source(std::string library_path,
                           std::chrono::seconds reprobe_every = std::chrono::seconds(5));

}  // namespace edgetop
