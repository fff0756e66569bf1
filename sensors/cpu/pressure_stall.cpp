// The PSI source: avg10 of cpu some, memory some/full and io some/full.
#include "sensors/cpu/pressure_stall.hpp"

#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/cpu/cpu_sources.hpp"

namespace edgetop {

namespace {

constexpr const char* kCpu = "/proc/pressure/cpu";
constexpr const char* kMemory = "/proc/pressure/memory";
constexpr const char* kIo = "/proc/pressure/io";
constexpr size_t kMaxBytes = 512;  // two lines of about 60 characters

class PressureSource : public Source {
  public:
    std::string name() const override { return "pressure"; }

    bool discover(const Root& root) override {
        cpu_ = SysFile(root.path(kCpu));
        memory_ = SysFile(root.path(kMemory));
        io_ = SysFile(root.path(kIo));
        return cpu_.is_open() || memory_.is_open() || io_.is_open();
    }

    void poll(Sample& sample) override {
        if (!cpu_.is_open() && !memory_.is_open() && !io_.is_open()) return;
        PsiSample psi;
        if (auto text = cpu_.read(kMaxBytes)) psi.cpu_some_pct = parse_psi_avg10(*text, "some");
        if (auto text = memory_.read(kMaxBytes)) {
            psi.memory_some_pct = parse_psi_avg10(*text, "some");
            psi.memory_full_pct = parse_psi_avg10(*text, "full");
        }
        if (auto text = io_.read(kMaxBytes)) {
            psi.io_some_pct = parse_psi_avg10(*text, "some");
            psi.io_full_pct = parse_psi_avg10(*text, "full");
        }
        sample.psi = psi;
    }

    std::vector<SourceStatus> status() const override {
        constexpr const char* kNoPsi = "kernel before 4.20, or built without PSI";
        return {file_status("pressure.cpu", kCpu, cpu_, kNoPsi),
                file_status("pressure.memory", kMemory, memory_, kNoPsi),
                file_status("pressure.io", kIo, io_, kNoPsi)};
    }

  private:
    SysFile cpu_, memory_, io_;
};

}  // namespace

SourcePtr make_pressure_source() {
    return std::make_unique<PressureSource>();
}

}  // namespace edgetop
