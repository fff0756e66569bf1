#include "sensors/gpu/nvml_library.hpp"

#include <dlfcn.h>

#include <cstdlib>

namespace edgetop::nvml {

std::string library_path() {
    const char* path = std::getenv("EDGETOP_NVML_LIBRARY");
    return path && *path ? path : "libnvidia-ml.so.1";
}

namespace {

// Resolves `symbol` into `slot`; false when the library lacks it.
template <class F>
bool resolve(void* handle, const char* symbol, F& slot) {
    void* address = dlsym(handle, symbol);
    slot = reinterpret_cast<F>(address);
    return address != nullptr;
}

}  // namespace

std::string error_text(Return code) {
    switch (code) {
        case 1:
            return "NVML is not initialised";
        case 9:
            return "the NVIDIA driver is not loaded";
        case 12:
            return "NVML cannot find a library it needs";
        case 15:
            return "the GPU has fallen off the bus";
        case 18:
            return "the driver and libnvidia-ml are of different versions";
        default:
            return "NVML error " + std::to_string(code);
    }
}

#ifdef EDGETOP_STATIC
// A fully static program cannot load a shared library that needs the C library's shared form
// (glibc's static dlopen loads a second, mismatched libc): the static build has no NVML.
std::unique_ptr<Library> Library::open(const std::string&, std::string& why) {
    why = "the static build cannot load libnvidia-ml (the .deb or a source build can)";
    return nullptr;
}

Library::~Library() = default;
#else
std::unique_ptr<Library> Library::open(const std::string& path, std::string& why) {
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* error = dlerror();
        why = error ? error : "cannot be loaded";
        return nullptr;
    }
    Api api{};
    const char* missing = nullptr;
    auto need = [&](const char* symbol, auto& slot) {
        if (!missing && !resolve(handle, symbol, slot)) missing = symbol;
    };
    need("nvmlInit_v2", api.init);
    need("nvmlShutdown", api.shutdown);
    need("nvmlDeviceGetCount_v2", api.device_count);
    need("nvmlDeviceGetHandleByIndex_v2", api.device_by_index);
    need("nvmlDeviceGetName", api.name);
    need("nvmlDeviceGetUtilizationRates", api.utilization);
    need("nvmlDeviceGetClockInfo", api.clock);
    need("nvmlDeviceGetMaxClockInfo", api.max_clock);
    need("nvmlDeviceGetTemperature", api.temperature);
    need("nvmlDeviceGetPowerUsage", api.power);
    need("nvmlDeviceGetEnforcedPowerLimit", api.power_limit);
    need("nvmlDeviceGetMemoryInfo", api.memory);
    // The process lists: _v3 where the driver has it, else _v2 (same struct, nvml_api.hpp).
    if (!resolve(handle, "nvmlDeviceGetComputeRunningProcesses_v3", api.compute_processes))
        need("nvmlDeviceGetComputeRunningProcesses_v2", api.compute_processes);
    if (!resolve(handle, "nvmlDeviceGetGraphicsRunningProcesses_v3", api.graphics_processes))
        need("nvmlDeviceGetGraphicsRunningProcesses_v2", api.graphics_processes);
    // Optional: a library without one has no load for that engine (nvml_api.hpp).
    for (size_t i = 0; i < kEngineQueries.size(); ++i)
        resolve(handle, kEngineQueries[i].symbol, api.engines[i]);
    if (missing) {
        why = path + " lacks " + missing;
        dlclose(handle);
        return nullptr;
    }
    if (Return code = api.init(); code != kSuccess) {
        why = "nvmlInit_v2 failed: " + error_text(code);
        dlclose(handle);
        return nullptr;
    }
    return std::unique_ptr<Library>(new Library(handle, path, api));
}

Library::~Library() {
    api_.shutdown();
    dlclose(handle_);
}
#endif

}  // namespace edgetop::nvml
