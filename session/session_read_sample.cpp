#include "session/session_read_sample.hpp"

#include <simdjson.h>

#include <array>
#include <memory>

#include "session/session_read_object.hpp"
#include "session/session_read_summary.hpp"

namespace edgetop {

namespace {

using namespace session_read;
using simdjson::SUCCESS;

// Room for a whole sample line of a large board before the parser has to grow.
constexpr std::size_t kInitialCapacity = 64 * 1024;

// Every field a line does not carry reads as absent; vectors keep their capacity. The raw
// counters are not in the line.
void clear_for_reuse(Sample& s) {
    reset(s);
    s.cpu.ticks.reset();
    s.system.ctxt_total.reset();
    if (s.procs) s.procs->all.clear();
}

// The fields a report summarises (session_summary_fields.hpp); the other values are stepped over
// unread.
error_code read_summary(od::object& line, Sample& s) {
    clear_for_reuse(s);
    s.procs.reset();
    return read_sample_summary(line, s);
}

error_code read_sample(od::object& line, Sample& s) {
    clear_for_reuse(s);
    return read_sample_fields(line, s);
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
