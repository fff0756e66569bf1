#include "import/tegrastats/tegrastats_line.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "import/tegrastats/tegrastats_field_names.hpp"
#include "import/tegrastats/tegrastats_fields.hpp"
#include "import/tegrastats/tegrastats_stamp.hpp"
#include "import/tegrastats/tegrastats_text.hpp"
#include "sensors/thermal/thermal_naming.hpp"

namespace edgetop::tegrastats {
namespace {

constexpr std::string_view kMaximumWhy =
    "tegrastats' running maximum: the report computes the session's own from the current values";

// An engine printed under a name the table does not hold: JetPack 7's "<ENGINE><n>_FREQ"
// ("NVENC0_FREQ", "NVDEC1_FREQ", "OFA_FREQ") and the "<ENGINE>_LOAD" loads of early JetPack 5
// ("NVENC_LOAD", "NVDLA0_LOAD"). Engine 0 is the engine the live reader names without a number
// (NVENC0 is NVENC, NVENC1 stays NVENC1). nullptr when the stem is no known engine.
const FieldName* find_engine_with_suffix(std::string_view name, std::string_view suffix) {
    if (!name.ends_with(suffix)) return nullptr;
    name.remove_suffix(suffix.size());
    const FieldName* known = find_field(name);
    if (!known && name.size() > 1 && name.back() == '0') {
        name.remove_suffix(1);
        known = find_field(name);
    }
    return known && known->field == Field::engine ? known : nullptr;
}

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

    // The live engines reader lists engines by name. Up to 16 engines (a line has about ten),
    // sorted by the ranks of their names: the stable insertion sort that std::sort does on so few
    // elements, without comparing strings.
    void sort_engines() {
        auto& engines = sample_.engines;
        if (engines.size() != engines_ || engines_ > ranks_.size()) {
            std::sort(engines.begin(), engines.end(),
                      [](const EngineSample& a, const EngineSample& b) { return a.name < b.name; });
            return;
        }
        for (size_t i = 1; i < engines_; ++i) {
            const uint8_t rank = ranks_[i];
            size_t at = i;
            while (at > 0 && rank < ranks_[at - 1])
                --at;
            if (at == i) continue;
            EngineSample moved = std::move(engines[i]);
            std::move_backward(engines.begin() + static_cast<std::ptrdiff_t>(at),
                               engines.begin() + static_cast<std::ptrdiff_t>(i),
                               engines.begin() + static_cast<std::ptrdiff_t>(i) + 1);
            engines[at] = std::move(moved);
            std::copy_backward(ranks_.begin() + at, ranks_.begin() + i, ranks_.begin() + i + 1);
            ranks_[at] = rank;
        }
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
        if (name.back() == 'C' && name.front() != '@' &&
            find_char(name, '@') != std::string_view::npos) {
            return read_temperature(name);
        }
        if (auto rail = parse_rail_value(tokens_.peek())) return read_rail(name, *rail);
        if (const FieldName* known = find_field(name)) {
            switch (known->field) {
                case Field::ram:
                    return read_ram(name);
                case Field::swap:
                    return read_swap(name);
                case Field::iram:
                    return read_iram(name);
                case Field::cpu: {
                    std::string_view value = tokens_.next();
                    if (!parse_cpu_list(value, sample_.cpu))
                        return fail("CPU list malformed", value);
                    return true;
                }
                case Field::emc:
                    return read_emc(name);
                case Field::gpu:
                    return read_gpu(name, known->model);
                case Field::mts:
                    return read_mts(name);
                case Field::engine:
                    return read_engine(name, *known);
            }
        }
        if (const FieldName* engine = find_engine_with_suffix(name, "_FREQ")) {
            return read_engine(name, *engine, false);
        }
        if (const FieldName* engine = find_engine_with_suffix(name, "_LOAD")) {
            if (auto pct = to_percent(tokens_.peek())) {
                tokens_.next();
                engine_named(*engine).load_pct = pct;
                return true;
            }
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
        ThermalSample& zone = sample_.thermal.emplace_back();
        zone.name = thermal->name;
        zone.temp_c = thermal->temp_c;
        if (thermal->max_c) not_stored("temperature maximum", token, kMaximumWhy);
        return true;
    }

    bool read_rail(std::string_view name, const RailValue& value) {
        std::string_view text = tokens_.next();
        if (name == "NC") {
            not_stored(name, span(name, text), "unconnected monitor channel, not a rail");
            return true;
        }
        RailSample& rail = sample_.rails.emplace_back();
        rail.name = name;
        rail.power_mw = value.mw;
        if (value.has_max) not_stored("rail maximum", span(name, text), kMaximumWhy);
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

    // GR3D2_FREQ (early JetPack 5 on AGX Orin) is the second GPC of the same GPU, folded into it
    // as a bracketed list is: the highest clock, and the mean of the two GPCs' loads.
    bool read_gpu(std::string_view name, std::string_view model_name) {
        std::string_view text = tokens_.next();
        auto value = parse_gpu(text);
        if (!value) return fail("GR3D value malformed", span(name, text));
        GpuSample* gpu = nullptr;
        if (model_name == "GR3D2" && !sample_.gpu.empty() && sample_.gpu.front().name == "GR3D") {
            gpu = &sample_.gpu.front();
            if (gpu->gpc.empty()) gpu->gpc.push_back({0, gpu->freq_hz});
            gpu->gpc.push_back({static_cast<int>(gpu->gpc.size()), value->freq_hz});
            if (value->freq_hz && (!gpu->freq_hz || *value->freq_hz > *gpu->freq_hz))
                gpu->freq_hz = value->freq_hz;
            if (gpu->load_pct && value->load_pct)
                gpu->load_pct = (*gpu->load_pct + *value->load_pct) / 2;
            else if (value->load_pct)
                gpu->load_pct = value->load_pct;
            return true;
        }
        gpu = &sample_.gpu.emplace_back();
        gpu->name = model_name;
        gpu->load_pct = value->load_pct;
        gpu->freq_hz = value->freq_hz;
        for (int64_t hz : value->gpc_hz)
            gpu->gpc.push_back({static_cast<int>(gpu->gpc.size()), hz});
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

    // clock_means_on: the engine is printed "off" when idle, so a clock means on. JetPack 7's
    // "<ENGINE><n>_FREQ @f" names are not known to print "off", so their clock says nothing.
    bool read_engine(std::string_view name, const FieldName& def, bool clock_means_on = true) {
        std::string_view text = tokens_.next();
        auto value = parse_engine_value(text);
        if (!value) return fail("engine value malformed", span(name, text));
        EngineSample& engine = engine_named(def);
        if (value->freq_hz) engine.freq_hz = value->freq_hz;
        if (value->load_pct) engine.load_pct = value->load_pct;
        if (value->online) engine.online = value->online;
        if (clock_means_on && def.off_when_idle && !engine.online && engine.freq_hz)
            engine.online = true;
        return true;
    }

    // The sample's engine of def's model name, added when the line has not named it yet (an
    // engine's load and clock may come in two fields: "VIC_FREQ 729 ... VIC_LOAD 3%").
    EngineSample& engine_named(const FieldName& def) {
        const size_t known = std::min(engines_, ranks_.size());
        for (size_t i = 0; i < known; ++i)
            if (ranks_[i] == def.model_rank) return sample_.engines[i];  // one rank per name
        for (size_t i = known; i < sample_.engines.size(); ++i)
            if (sample_.engines[i].name == def.model) return sample_.engines[i];
        if (engines_ < ranks_.size()) ranks_[engines_] = def.model_rank;
        ++engines_;
        EngineSample& engine = sample_.engines.emplace_back();
        engine.name = def.model;
        return engine;
    }

    Tokenizer tokens_;
    Sample& sample_;
    LineReport& report_;
    bool saw_ram_ = false;
    // The model ranks of the first engines read (those of sample_.engines when it started empty).
    std::array<uint8_t, 16> ranks_{};
    size_t engines_ = 0;
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
    reader.sort_engines();
    return true;
}

}  // namespace edgetop::tegrastats
