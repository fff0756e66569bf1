// The few NVML types and entry points edgetop uses, declared here instead of taken from nvml.h:
// no NVIDIA header is packaged in Debian main or Ubuntu main for every target (nvml.h comes with
// the CUDA toolkit or non-free packages), and the library is loaded at run time, never linked.
// These declarations follow NVML's stable C ABI: the `_v2` entry points (nvmlInit_v2,
// nvmlDeviceGetCount_v2, nvmlDeviceGetHandleByIndex_v2) have kept their signatures since driver
// 319, and so have the unversioned value queries below. The process lists are read with
// nvmlDeviceGet{Compute,Graphics}RunningProcesses_v3 (driver 510 and later: every JetPack 7 and
// every maintained dGPU driver), else the `_v2` entry points: both fill the same 24-byte
// nvmlProcessInfo_t (pid, used memory, GPU and compute instance). The `_v1` ones (16-byte struct)
// are not used: a driver that old answers nothing else edgetop reads either.
// The video engines' loads (nvmlDeviceGet{Encoder,Decoder,Jpg,Ofa}Utilization: a percent and the
// sampling period in microseconds it covers) are optional: the JPEG and OFA queries came to NVML
// long after the others, so a library without them is still used, without those loads.
#pragma once

#include <array>

namespace edgetop::nvml {

using Return = int;  // nvmlReturn_t
inline constexpr Return kSuccess = 0;
inline constexpr Return kNotSupported = 3;
inline constexpr Return kInsufficientSize = 7;

struct DeviceStruct;
using Device = DeviceStruct*;  // nvmlDevice_t, an opaque handle

struct Utilization {  // nvmlUtilization_t
    unsigned gpu;     // percent of the last sample period the GPU was busy
    unsigned memory;  // percent of it device memory was read or written
};

struct Memory {  // nvmlMemory_t (v1), bytes
    unsigned long long total, free, used;
};

struct ProcessInfo {  // nvmlProcessInfo_t as the _v2 and _v3 process lists fill it
    unsigned pid;
    unsigned long long used_gpu_memory;  // bytes, or kValueNotAvailable
    unsigned gpu_instance_id, compute_instance_id;
};
static_assert(sizeof(ProcessInfo) == 24, "nvmlProcessInfo_t is 24 bytes");

inline constexpr unsigned long long kValueNotAvailable = ~0ULL;
inline constexpr int kClockGraphics = 0;  // nvmlClockType_t
inline constexpr int kClockMemory = 2;
inline constexpr int kTemperatureGpu = 0;    // nvmlTemperatureSensors_t
inline constexpr unsigned kNameLength = 96;  // NVML_DEVICE_NAME_V2_BUFFER_SIZE

// One video engine's load query: (device, percent, sampling period in microseconds).
using EngineUtilization = Return (*)(Device, unsigned*, unsigned*);

// The video engines NVML reports a load for, in the order of Api::engines.
struct EngineQuery {
    const char* symbol;  // the entry point
    const char* name;    // the engine's name, as the SoC's own engines are named
};
inline constexpr std::array<EngineQuery, 4> kEngineQueries{{
    {"nvmlDeviceGetEncoderUtilization", "NVENC"},
    {"nvmlDeviceGetDecoderUtilization", "NVDEC"},
    {"nvmlDeviceGetJpgUtilization", "NVJPG"},
    {"nvmlDeviceGetOfaUtilization", "OFA"},
}};

// The entry points, resolved with dlsym.
struct Api {
    Return (*init)();
    Return (*shutdown)();
    Return (*device_count)(unsigned*);
    Return (*device_by_index)(unsigned, Device*);
    Return (*name)(Device, char*, unsigned);
    Return (*utilization)(Device, Utilization*);
    Return (*clock)(Device, int, unsigned*);      // MHz
    Return (*max_clock)(Device, int, unsigned*);  // MHz
    Return (*temperature)(Device, int, unsigned*);
    Return (*power)(Device, unsigned*);        // mW
    Return (*power_limit)(Device, unsigned*);  // mW
    Return (*memory)(Device, Memory*);
    Return (*compute_processes)(Device, unsigned*, ProcessInfo*);
    Return (*graphics_processes)(Device, unsigned*, ProcessInfo*);
    // kEngineQueries' entry points; null where the library lacks one.
    std::array<EngineUtilization, kEngineQueries.size()> engines;
};

}  // namespace edgetop::nvml
