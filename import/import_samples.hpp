// tegrastats samples pulled one at a time, with session times: `t` strictly increasing, as the
// session format requires. import_tegrastats() pushes samples to a callback; the report and the
// import command need to pull them (the board and the header come from the first samples), so
// this reads the lines itself and hands each one to TegrastatsImporter::parse_line.
#pragma once

#include <cstddef>
#include <fstream>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "import/import_sample_queue.hpp"
#include "import/tegrastats/tegrastats_importer.hpp"

namespace edgetop {

// A log to import, opened for reading with a large buffer ("-" is standard input). Throws
// std::runtime_error("cannot read 'PATH': reason").
class ImportInput {
  public:
    explicit ImportInput(const std::string& path);
    std::istream& stream() { return file_; }
    const std::string& name() const { return name_; }

  private:
    std::unique_ptr<char[]> buffer_;
    std::ifstream file_;
    std::string name_;
};

class ImportedSamples {
  public:
    ImportedSamples(std::istream& in, ImportOptions options);

    // The next sample, false at the end of the input (or at the first warning in strict mode).
    // sample's old contents are reused for a later line.
    bool next(Sample& sample);
    // The same without moving the sample: it stays valid (and may be modified) until the next
    // call to either next; nullptr at the end.
    Sample* next_in_place();

    const TegrastatsImporter& importer() const { return importer_; }
    std::size_t lines() const { return lines_; }
    std::size_t samples() const { return samples_; }
    bool read_error() const { return read_error_; }
    // Lines whose clock went backwards (a restarted tegrastats, concatenated logs): the samples
    // from there on were moved to follow the previous one by one interval. First line and count.
    std::size_t clock_jumps() const { return clock_jumps_; }
    std::size_t first_clock_jump_line() const { return first_clock_jump_line_; }

  private:
    bool read_raw();
    void spread_run(double next_t_s, std::size_t run_end);

    std::istream& in_;
    TegrastatsImporter importer_;
    std::string buffer_;
    std::size_t lines_ = 0, samples_ = 0;
    bool eof_ = false, read_error_ = false;

    // tegrastats' own stamps have whole seconds: lines sharing one (the run) are held and spread
    // evenly over that second when the next stamp arrives. Bounded by kMaxRun. queue_[0, ready_)
    // are ready to be handed out, queue_[ready_, size) is the run.
    SampleQueue queue_;
    std::size_t ready_ = 0;
    bool handed_out_ = false;  // queue_.front() was handed out: popped at the next call
    double offset_s_ = 0;      // added to every t after a backwards clock jump
    double last_raw_t_s_ = 0, last_out_t_s_ = 0, last_step_s_ = 0;
    bool started_ = false, emitted_ = false;
    double last_emitted_t_s_ = 0;
    std::size_t clock_jumps_ = 0, first_clock_jump_line_ = 0;
};

}  // namespace edgetop
