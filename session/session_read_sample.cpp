#include "session/session_read_sample.hpp"

#include <simdjson.h>

#include <array>
#include <memory>

#include "session/session_read_summary.hpp"
#include "session/session_read_units.hpp"
#include "session/session_time.hpp"

namespace edgetop {

namespace {

using namespace session_read;
using simdjson::SUCCESS;

// Room for a whole sample line of a large board before the parser has to grow.
constexpr std::size_t kInitialCapacity = 64 * 1024;

constexpr std::array<std::string_view, 16> kSampleKeys{
    "type",    "t",     "time",           "cpu",     "system", "ctxt_per_s", "gpu",   "emc",
    "engines", "rails", "power_total_mw", "thermal", "fans",   "mem",        "procs", "flags"};

// Every field a line does not carry reads as absent; vectors keep their capacity.
void clear_for_reuse(Sample& s) {
    s.t_s = 0;
    s.time = {};
    s.cpu.ticks.reset();
    s.cpu.util_pct = s.cpu.user_pct = s.cpu.system_pct = s.cpu.iowait_pct = std::nullopt;
    s.cpu.cores.clear();
    s.system = {};
    s.gpu.clear();
    s.emc.reset();
    s.engines.clear();
    s.rails.clear();
    s.power_total_mw.reset();
    s.thermal.clear();
    s.fans.clear();
    s.mem = {};
    if (s.procs) {
        s.procs->total = s.procs->running = 0;
        s.procs->top.clear();
        s.procs->all.clear();
    }
    s.flags.clear();
}

error_code read_time(od::value value, Sample& s) {
    std::optional<std::string> text;
    if (auto e = read(value, text)) return e;
    s.time = {};
    if (text) s.time = parse_rfc3339(*text).value_or(std::chrono::system_clock::time_point{});
    return SUCCESS;
}

error_code read_t(od::value value, Sample& s) {
    std::optional<double> t;
    auto e = read(value, t);
    s.t_s = t.value_or(0);
    return e;
}

// Calls on_field(position of the key in kSampleKeys, value) for each field of a sample line.
template <class OnField>
error_code for_each_sample_field(od::object& line, OnField&& on_field) {
    KeyCursor keys(kSampleKeys);
    return for_each_field(
        line, [&](std::string_view key, od::value v) { return on_field(keys.find(key), v); });
}

// The fields a report summarises (session_read_summary.hpp) and the flags; the other values are
// stepped over unread.
error_code read_summary(od::object& line, Sample& s) {
    clear_for_reuse(s);
    s.procs.reset();
    return for_each_sample_field(line, [&](std::size_t key, od::value v) -> error_code {
        switch (key) {
            case 1:
                return read_t(v, s);
            case 3:
                return read_cpu_summary(v, s.cpu);
            case 6:
                return read_gpus_summary(v, s.gpu);
            case 7:
                return read_emc_summary(v, s.emc);
            case 9:
                return read_rails_summary(v, s.rails);
            case 10:
                return read(v, s.power_total_mw);
            case 11:
                return read_thermal_summary(v, s.thermal);
            case 15:
                return read_flags(v, s.flags);
            default:
                return SUCCESS;
        }
    });
}

error_code read_sample(od::object& line, Sample& s) {
    clear_for_reuse(s);
    bool has_procs = false;
    auto e = for_each_sample_field(line, [&](std::size_t key, od::value v) -> error_code {
        switch (key) {
            case 1:
                return read_t(v, s);
            case 2:
                return read_time(v, s);
            case 3:
                return read_cpu(v, s.cpu);
            case 4:
                return read_system(v, s.system);
            case 5:
                return read(v, s.system.ctxt_per_s);
            case 6:
                return read_gpus(v, s.gpu);
            case 7:
                return read_emc(v, s.emc);
            case 8:
                return read_engines(v, s.engines);
            case 9:
                return read_rails(v, s.rails);
            case 10:
                return read(v, s.power_total_mw);
            case 11:
                return read_thermal(v, s.thermal);
            case 12:
                return read_fans(v, s.fans);
            case 13:
                return read_mem(v, s.mem);
            case 14:
                has_procs = true;
                return read_procs(v, s.procs);
            case 15:
                return read_flags(v, s.flags);
            default:
                return skip(v);  // "type" (already checked) and keys of newer writers
        }
    });
    if (!has_procs) s.procs.reset();
    return e;
}

class SimdjsonEngine : public SampleLineParser::Engine {
  public:
    explicit SimdjsonEngine(SampleFields fields) : fields_(fields) {
        // A failed allocation here only means the first line allocates instead.
        if (parser_.allocate(kInitialCapacity) != SUCCESS) return;
    }

    SampleLineParser::Result parse(std::string_view line, Sample& out) override {
        using Result = SampleLineParser::Result;
        od::document doc;
        od::object object;
        std::string_view type;
        if (parser_.iterate(line.data(), line.size(), line.size() + simdjson::SIMDJSON_PADDING)
                .get(doc) ||
            doc.get_object().get(object) ||
            object.find_field_unordered("type").get_string().get(type) || type != "sample")
            return Result::other;
        if (auto e = object.reset().error()) {
            error_ = e;
            return Result::invalid;
        }
        error_ =
            fields_ == SampleFields::all ? read_sample(object, out) : read_summary(object, out);
        // Anything after the object (a second document, a stray brace) makes the line invalid.
        if (!error_ && doc.current_location().error() != simdjson::OUT_OF_BOUNDS)
            error_ = simdjson::TRAILING_CONTENT;
        return error_ ? Result::invalid : Result::sample;
    }

    const char* error() const override { return simdjson::error_message(error_); }

  private:
    simdjson::ondemand::parser parser_;
    simdjson::error_code error_ = simdjson::SUCCESS;
    SampleFields fields_;
};

}  // namespace

std::unique_ptr<SampleLineParser::Engine> make_simdjson_engine(SampleFields fields) {
    return std::make_unique<SimdjsonEngine>(fields);
}

}  // namespace edgetop
