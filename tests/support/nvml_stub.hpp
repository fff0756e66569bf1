// The stand-in libnvidia-ml.so.1 the tests build (tests/nvml_stub/nvml_stub.c) and the script it
// answers from: realistic devices written by the test, changed between two samples at will.
#pragma once

#include <string>

#include "support/temp_dir.hpp"

namespace edgetop::testing {

inline const std::string kNvmlStub = EDGETOP_NVML_STUB;                 // every entry point
inline const std::string kNvmlStubLacking = EDGETOP_NVML_STUB_LACKING;  // no utilisation query
inline const std::string kNvmlStubOlder = EDGETOP_NVML_STUB_OLDER;      // no JPEG or OFA load query

// A discrete GPU as NVML reports one (an RTX A2000 12GB under load, encoding and decoding video;
// 166666 us, 1/6 s, the shortest sampling period NVML documents; its JPEG and OFA queries answer
// NOT_SUPPORTED): device 0 of a script.
inline const std::string kDiscreteGpuScript =
    "count 1\n"
    "0 name NVIDIA RTX A2000 12GB\n"
    "0 util 37 12\n"
    "0 clock 0 1200\n"
    "0 clock 2 6001\n"
    "0 maxclock 0 2100\n"
    "0 maxclock 2 6001\n"
    "0 temp 54\n"
    "0 power 41230\n"
    "0 limit 70000\n"
    "0 memory 12884901888 3221225472\n"
    "0 enc 23 166666\n"
    "0 dec 41 166666\n"
    "0 compute 4242 2147483648\n"
    "0 graphics 4242 1073741824\n"
    "0 graphics 4343 268435456\n";

// Writes the script and points the stub at it (EDGETOP_NVML_STUB_SCRIPT) for the test's life.
class NvmlScript {
  public:
    explicit NvmlScript(const std::string& text);
    ~NvmlScript();
    NvmlScript(const NvmlScript&) = delete;
    NvmlScript& operator=(const NvmlScript&) = delete;

    // A new file renamed over the old one: the stub reads it at its next call.
    void rewrite(const std::string& text);
    const std::string& path() const { return path_; }

  private:
    TempDir dir_;
    std::string path_;
    int generation_ = 0;
};

}  // namespace edgetop::testing
