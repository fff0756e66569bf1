// libnvidia-ml loaded at run time: dlopen, every entry point resolved, nvmlInit. NVML is never a
// build or package dependency; a machine without it (every Jetson before JetPack 7, most PCs)
// simply has no NVML source.
#pragma once

#include <memory>
#include <string>

#include "sensors/gpu/nvml_api.hpp"

namespace edgetop::nvml {

// The library edgetop opens: $EDGETOP_NVML_LIBRARY when set (a path, for tests or a driver
// installed elsewhere), else "libnvidia-ml.so.1" found the dynamic loader's way.
std::string library_path();

// "the NVIDIA driver is not loaded" for 9...: an nvmlReturn_t as a reason.
std::string error_text(Return code);

class Library {
  public:
    // The initialised library, or null with `why` saying what failed (not found, a missing entry
    // point, nvmlInit's error).
    static std::unique_ptr<Library> open(const std::string& path, std::string& why);
    ~Library();  // nvmlShutdown, dlclose
    Library(const Library&) = delete;
    Library& operator=(const Library&) = delete;

    const Api& api() const { return api_; }
    const std::string& path() const { return path_; }

  private:
    Library(void* handle, std::string path, const Api& api)
        : handle_(handle), path_(std::move(path)), api_(api) {}
    void* handle_;
    std::string path_;
    Api api_;
};

}  // namespace edgetop::nvml
