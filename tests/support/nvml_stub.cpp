#include "support/nvml_stub.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace edgetop::testing {

NvmlScript::NvmlScript(const std::string& text) : path_(dir_.file("nvml-script")) {
    rewrite(text);
    setenv("EDGETOP_NVML_STUB_SCRIPT", path_.c_str(), 1);
}

NvmlScript::~NvmlScript() {
    unsetenv("EDGETOP_NVML_STUB_SCRIPT");
}

void NvmlScript::rewrite(const std::string& text) {
    std::string next = dir_.file("nvml-script." + std::to_string(++generation_));
    std::ofstream(next) << text;
    std::rename(next.c_str(), path_.c_str());
}

}  // namespace edgetop::testing
