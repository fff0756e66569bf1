#include "session/session_read_sample.hpp"

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

// The fields a report summarises (session_read_summary.hpp) and the flags; the other values are
// stepped over unread.
error_code read_summary(od::object& line, Sample& s) {
    clear_for_reuse(s);
    s.procs.reset();
    KeyCursor keys(kSampleKeys);
    for (auto field : line) {
        if (auto e = field.error()) return e;
        od::raw_json_string key;
        if (auto e = field.key().get(key)) return e;
        od::value v = field.value();
        std::optional<double> number;
        error_code e = SUCCESS;
        switch (keys.find(key)) {
            case 1:
                e = read(v, number), s.t_s = number.value_or(0);
                break;
            case 3:
                e = read_cpu_summary(v, s.cpu);
                break;
            case 6:
                e = read_gpus_summary(v, s.gpu);
                break;
            case 7:
                e = read_emc_summary(v, s.emc);
                break;
            case 9:
                e = read_rails_summary(v, s.rails);
                break;
            case 10:
                e = read(v, s.power_total_mw);
                break;
            case 11:
                e = read_thermal_summary(v, s.thermal);
                break;
            case 15:
                e = read_flags(v, s.flags);
                break;
            default:
                break;
        }
        if (e) return e;
    }
    return SUCCESS;
}

error_code read_sample(od::object& line, Sample& s) {
    clear_for_reuse(s);
    bool has_procs = false;
    KeyCursor keys(kSampleKeys);
    for (auto field : line) {
        if (auto e = field.error()) return e;
        std::string_view key;
        if (auto e = field.unescaped_key().get(key)) return e;
        od::value v = field.value();
        std::optional<double> number;
        error_code e = SUCCESS;
        switch (keys.find(key)) {
            case 1:
                e = read(v, number), s.t_s = number.value_or(0);
                break;
            case 2:
                e = read_time(v, s);
                break;
            case 3:
                e = read_cpu(v, s.cpu);
                break;
            case 4:
                e = read_system(v, s.system);
                break;
            case 5:
                e = read(v, s.system.ctxt_per_s);
                break;
            case 6:
                e = read_gpus(v, s.gpu);
                break;
            case 7:
                e = read_emc(v, s.emc);
                break;
            case 8:
                e = read_engines(v, s.engines);
                break;
            case 9:
                e = read_rails(v, s.rails);
                break;
            case 10:
                e = read(v, s.power_total_mw);
                break;
            case 11:
                e = read_thermal(v, s.thermal);
                break;
            case 12:
                e = read_fans(v, s.fans);
                break;
            case 13:
                e = read_mem(v, s.mem);
                break;
            case 14:
                e = read_procs(v, s.procs), has_procs = true;
                break;
            case 15:
                e = read_flags(v, s.flags);
                break;
            default:
                e = skip(v);  // "type" (already checked) and keys of newer writers
        }
        if (e) return e;
    }
    if (!has_procs) s.procs.reset();
    return SUCCESS;
}

}  // namespace

SampleLineParser::SampleLineParser(SampleFields fields) : fields_(fields) {
    // A failed allocation here only means the first line allocates instead.
    if (parser_.allocate(kInitialCapacity) != SUCCESS) return;
}

SampleLineParser::Result SampleLineParser::parse(std::string_view line, Sample& out) {
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
    error_ = fields_ == SampleFields::all ? read_sample(object, out) : read_summary(object, out);
    // Anything after the object (a second document, a stray brace) makes the line invalid.
    if (!error_ && doc.current_location().error() != simdjson::OUT_OF_BOUNDS)
        error_ = simdjson::TRAILING_CONTENT;
    return error_ ? Result::invalid : Result::sample;
}

SampleLineParser::Result SampleLineParser::parse_unpadded(std::string_view line, Sample& out) {
    simdjson::padded_string padded(line);
    return parse(std::string_view(padded.data(), padded.size()), out);
}

}  // namespace edgetop
