#include "import/tegrastats_line.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "import/tegrastats_fields.hpp"
#include "import/tegrastats_stamp.hpp"
#include "import/tegrastats_text.hpp"
#include "sensors/thermal_naming.hpp"

namespace edgetop::tegrastats {
namespace {

struct EngineName {
    std::string_view printed;  // as tegrastats prints it
    std::string_view model;    // EngineSample::name, as the live engines reader names it
    bool off_when_idle;        // printed as "off" when its clock is disabled, so a clock means on
};

// APE and VIC_FREQ print the clock's rate whether the engine runs or not.
constexpr std::array<EngineName, 20> kEngines = {{
    {"APE", "APE", false},       {"VIC_FREQ", "VIC", false},    {"VIC", "VIC", true},
    {"NVENC", "NVENC", true},    {"NVENC1", "NVENC1", true},    {"MSENC", "NVENC", true},
    {"NVDEC", "NVDEC", true},    {"NVDEC1", "NVDEC1", true},    {"NVJPG", "NVJPG", true},
    {"NVJPG1", "NVJPG1", true},  {"OFA", "OFA", true},          {"NVDLA0", "DLA0", true},
    {"NVDLA1", "DLA1", true},    {"NVDLA0_FREQ", "DLA0", true}, {"NVDLA1_FREQ", "DLA1", true},
    {"PVA0_FREQ", "PVA0", true}, {"PVA1_FREQ", "PVA1", true},   {"SE", "SE", true},
    {"CVNAS", "CVNAS", true},    {"PVA0", "PVA0", true},
}};

constexpr std::string_view kEngineLoadWhy = "engine load percentage: EngineSample has no load";

// A token that carries a value rather than a field name.
bool looks_like_value(std::string_view token) {
    if (token.empty()) return false;
    char c = token.front();
    return (c >= '0' && c <= '9') || c == '@' || c == '[' || c == '(' || c == '-' || c == '%' ||
           token == "off";
}

// The text from the start of first to the end of last (two views into the same line).
std::string_view span(std::string_view first, std::string_view last) {
    return {first.data(), static_cast<size_t>(last.data() + last.size() - first.data())};
}

class FieldReader {
  public:
    FieldReader(std::string_view line, Sample& sample, LineReport& report)
        : tokens_(line), sample_(sample), report_(report) {}

    bool read_all() {
        while (!tokens_.done()) {
            std::string_view name = tokens_.next();
            if (!read_field(name)) return false;
        }
        if (!saw_ram_) return fail("no RAM field: not a tegrastats line", {});
        return true;
    }

  private:
    bool fail(std::string_view why, std::string_view text) {
        report_.error = why;
        report_.error_text = text;
        return false;
    }

    void not_stored(std::string_view kind, std::string_view text, std::string_view why) {
        report_.not_stored.push_back({kind, text, why});
    }

    bool read_field(std::string_view name) {
        if (name.find('@') != std::string_view::npos && name.front() != '@' && name.back() == 'C') {
            return read_temperature(name);
        }
        if (auto mw = parse_rail_value(tokens_.peek())) return read_rail(name, *mw);
        if (name == "RAM") return read_ram(name);
        if (name == "SWAP") return read_swap(name);
        if (name == "IRAM") return read_iram(name);
        if (name == "CPU" || name == "cpu") {
            std::string_view value = tokens_.next();
            if (!parse_cpu_list(value, sample_.cpu)) return fail("CPU list malformed", value);
            return true;
        }
        if (name == "EMC_FREQ" || name == "EMC") return read_emc(name);
        if (name == "GR3D_FREQ" || name == "GR3D") return read_gpu(name, "GR3D");
        if (name == "GR3D2_FREQ") return read_gpu(name, "GR3D2");
        if (name == "MTS") return read_mts(name);
        for (const auto& engine : kEngines)
            if (name == engine.printed) return read_engine(name, engine);
        if (name.ends_with("_LOAD") && to_percent(tokens_.peek())) {
            not_stored(name, span(name, tokens_.next()), kEngineLoadWhy);
            return true;
        }
        return read_unknown(name);
    }

    bool read_unknown(std::string_view name) {
        std::string_view last = name;
        while (looks_like_value(tokens_.peek()))
            last = tokens_.next();
        std::string_view kind = looks_like_value(name) ? "(value without a field name)" : name;
        report_.unknown.push_back({kind, span(name, last), {}});
        return true;
    }

    bool read_temperature(std::string_view token) {
        auto thermal = parse_temperature(token);
        if (!thermal) return fail("temperature malformed", token);
        // Fixed reading (50 or 100 C) on TX2, Nano and Xavier: left out, as the live reader does.
        char first = thermal->name.front();
        if ((first == 'P' || first == 'p') && is_fake_zone(thermal->name)) {
            not_stored("PMIC", token, "fixed PMIC value, not a measurement");
            return true;
        }
        sample_.thermal.push_back(std::move(*thermal));
        return true;
    }

    bool read_rail(std::string_view name, double mw) {
        std::string_view value = tokens_.next();
        if (name == "NC") {
            not_stored(name, span(name, value), "unconnected monitor channel, not a rail");
            return true;
        }
        RailSample rail;
        rail.name = std::string(name);
        rail.power_mw = mw;
        sample_.rails.push_back(std::move(rail));
        return true;
    }

    // "RAM 6589/30587MB (lfb 459x4MB)"
    bool read_ram(std::string_view name) {
        std::string_view value = tokens_.next();
        auto ram = parse_used_total(value, "MB");
        if (!ram) return fail("RAM value malformed", span(name, value));
        sample_.mem.used_kb = ram->used_kb;
        sample_.mem.total_kb = ram->total_kb;
        saw_ram_ = true;
        if (tokens_.peek() != "(lfb") return true;
        tokens_.next();
        std::string_view lfb = tokens_.next();
        if (!strip_suffix(lfb, ")") || !parse_lfb(lfb, sample_.mem)) {
            return fail("RAM lfb malformed", span(name, lfb));
        }
        return true;
    }

    // "SWAP 45/15294MB (cached 0MB)"
    bool read_swap(std::string_view name) {
        std::string_view value = tokens_.next();
        auto swap = parse_used_total(value, "MB");
        if (!swap) return fail("SWAP value malformed", span(name, value));
        sample_.mem.swap_used_kb = swap->used_kb;
        sample_.mem.swap_total_kb = swap->total_kb;
        if (tokens_.peek() != "(cached") return true;
        tokens_.next();
        std::string_view cached = tokens_.next();
        std::optional<int64_t> cached_kb;
        if (!strip_suffix(cached, ")") || !(cached_kb = parse_size_kb(cached))) {
            return fail("SWAP cached malformed", span(name, cached));
        }
        sample_.mem.swap_cached_kb = cached_kb;
        return true;
    }

    // "IRAM 0/252kB(lfb 252kB)": the Nano's internal RAM, which the model has no field for.
    bool read_iram(std::string_view name) {
        std::string_view value = tokens_.next(), last = value, used_total = value;
        bool has_lfb = strip_suffix(used_total, "(lfb");
        if (!has_lfb && tokens_.peek() == "(lfb") has_lfb = !tokens_.next().empty();
        if (!parse_used_total(used_total, "kB")) return fail("IRAM value malformed", value);
        if (has_lfb) {
            std::string_view size = last = tokens_.next();
            if (!strip_suffix(size, ")") || !parse_size_kb(size)) {
                return fail("IRAM lfb malformed", span(name, last));
            }
        }
        not_stored(name, span(name, last), "internal RAM (IRAM): MemSample has no field for it");
        return true;
    }

    bool read_emc(std::string_view name) {
        std::string_view value = tokens_.next();
        auto emc = parse_load_clock(value);
        if (!emc) return fail("EMC value malformed", span(name, value));
        sample_.emc = EmcSample{};
        sample_.emc->util_pct = emc->load_pct;
        sample_.emc->freq_hz = emc->freq_hz;
        return true;
    }

    bool read_gpu(std::string_view name, std::string_view model_name) {
        std::string_view value = tokens_.next();
        if (!parse_gpu(value, model_name, sample_.gpu)) {
            return fail("GR3D value malformed", span(name, value));
        }
        return true;
    }

    // "MTS fg 0% bg 3%": Denver's MTS foreground/background load (TX2, AGX Xavier).
    bool read_mts(std::string_view name) {
        std::string_view last = name;
        for (std::string_view label : {"fg", "bg"}) {
            if (tokens_.next() != label || !to_percent(last = tokens_.next())) {
                return fail("MTS value malformed", span(name, last));
            }
        }
        not_stored(name, span(name, last), "Denver MTS fg/bg load: the model has no field");
        return true;
    }

    bool read_engine(std::string_view name, const EngineName& def) {
        std::string_view text = tokens_.next();
        auto value = parse_engine_value(text);
        if (!value) return fail("engine value malformed", span(name, text));
        EngineSample engine;
        engine.name = std::string(def.model);
        engine.freq_hz = value->freq_hz;
        engine.online = value->online;
        if (def.off_when_idle && !engine.online && engine.freq_hz) engine.online = true;
        if (value->has_load) not_stored(name, span(name, text), kEngineLoadWhy);
        sample_.engines.push_back(std::move(engine));
        return true;
    }

    Tokenizer tokens_;
    Sample& sample_;
    LineReport& report_;
    bool saw_ram_ = false;
};

}  // namespace

bool LineParser::parse(std::string_view line, Sample& sample, LineStamp& stamp,
                       LineReport& report) const {
    report.clear();
    stamp = {};
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::string_view original = line;
    if (!strip_stamps(line, stamp)) {
        report.error = "timestamp malformed";
        report.error_text = original.substr(0, 32);
        return false;
    }
    sample.cpu.cores.reserve(16);
    sample.thermal.reserve(16);
    sample.rails.reserve(8);
    sample.engines.reserve(12);
    FieldReader reader(line, sample, report);
    if (!reader.read_all()) return false;
    // The live engines reader lists engines by name.
    std::sort(sample.engines.begin(), sample.engines.end(),
              [](const EngineSample& a, const EngineSample& b) { return a.name < b.name; });
    return true;
}

}  // namespace edgetop::tegrastats
