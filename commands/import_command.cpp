// edgetop import tegrastats FILE: a tegrastats log into a session file (header with
// "source":"tegrastats", one sample line per log line, an end line), streaming: memory does not
// grow with the size of the log. No rule runs here: a session without flag events gets its flags
// recomputed by `report` and `replay`, with the rules in force when it is read (and the import
// keeps its speed: the rules' windows cost more per line than the parsing).
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "commands/import_cli.hpp"
#include "commands/output_file.hpp"
#include "import/import_header.hpp"
#include "import/import_samples.hpp"
#include "session/session_records_json.hpp"
#include "session/session_writer.hpp"

namespace edgetop {

namespace {

// Writes sample lines and counts them for the end line.
class SampleWriter {
  public:
    explicit SampleWriter(SessionWriter& writer) : writer_(writer) {}

    bool write(const Sample& sample) {
        ++samples_;
        last_t_s_ = sample.t_s;
        return writer_.write_sample(sample);
    }
    int64_t samples() const { return samples_; }
    double last_t_s() const { return last_t_s_; }

  private:
    SessionWriter& writer_;
    int64_t samples_ = 0;
    double last_t_s_ = 0;
};

}  // namespace

// The words after `import`: the format, then the file.
std::optional<std::string> import_usage_problem(const cli::Args& args) {
    if (args.operands.empty() || args.operands[0] != "tegrastats")
        return "import: expected the format 'tegrastats', then the log file (- is standard input)";
    if (args.operands.size() != 2)
        return "import: expected exactly one log file after 'tegrastats'";
    return std::nullopt;
}

void print_import_warnings(const std::string& name, const ImportedSamples& samples) {
    for (const auto& warning : samples.importer().warnings())
        print_error(name + ": " + describe(warning));
    for (const auto& note : samples.importer().notes())
        print_error(name + ": note: " + describe(note));
    if (samples.clock_jumps() > 0)
        print_error(name + ": note: line " + std::to_string(samples.first_clock_jump_line()) +
                    ": the clock goes back (" + std::to_string(samples.clock_jumps()) +
                    " times); later samples follow on from the one before");
}

ImportOptions import_options(const cli::Args& args) {
    ImportOptions options;
    options.interval_ms = static_cast<double>(args.global.interval_ms);
    options.strict = args.import.strict;
    return options;
}

int run_import(const cli::Args& args) {
    if (auto problem = import_usage_problem(args)) {
        print_error(*problem);
        return 2;
    }
    if (args.import.year)
        print_error("note: --year is ignored: tegrastats lines carry their own year, or no date");
    std::unique_ptr<ImportInput> input;
    std::unique_ptr<OutputFile> output;
    try {
        input = std::make_unique<ImportInput>(args.operands[1]);
        output = std::make_unique<OutputFile>(args.import.output);
    } catch (const std::exception& e) {
        print_error(e.what());
        return 1;
    }
    ImportedSamples samples(input->stream(), import_options(args));
    ImportStart start = start_import(samples, args.global.interval_ms);
    SessionWriter writer(output->fd(), session_compression_for(args.import.output));
    SampleWriter written(writer);
    bool ok = writer.write_line(imported_header_json(start.header));
    for (auto& s : start.first)
        ok = ok && written.write(s);
    // The rest are written where they were parsed: no sample is moved or copied.
    while (ok) {
        const Sample* next = samples.next_in_place();
        if (!next) break;
        ok = written.write(*next);
    }
    if (ok)
        ok = writer.write_line(
            end_to_json({written.last_t_s(), written.samples(), EndReason::end_of_input}));
    ok = writer.finish() && ok;

    const std::string& name = input->name();
    print_import_warnings(name, samples);
    if (!ok) {
        print_error(std::string("cannot write to ") + output->display_name() + ": " +
                    std::strerror(writer.error()));
        return 1;
    }
    if (samples.read_error()) {
        print_error("cannot read " + name + " to the end");
        return 1;
    }
    if (samples.importer().failed()) {
        print_error(name + ": stopped at the first problem (--strict)");
        return 1;
    }
    if (written.samples() == 0) {
        print_error(name + ": no tegrastats sample found (" + std::to_string(samples.lines()) +
                    " lines read)");
        return 1;
    }
    return 0;
}

}  // namespace edgetop
