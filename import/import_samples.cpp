#include "import/import_samples.hpp"

#include "sensors/core/sysfs_file.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <utility>

namespace edgetop {
namespace {

// Lines kept waiting for the next stamp: tegrastats --interval is at least 1 ms, so a second holds
// at most 1000 of its lines; more means a frozen clock, and the run is let out as it is.
constexpr std::size_t kMaxRun = 1000;
constexpr double kSameTimeS = 1e-9;
constexpr std::size_t kInputBufferBytes = 1 << 20;
// The resolution of `t` in a session file.
constexpr double kMinStepS = 1e-6;

void shift_time(Sample& sample, double new_t_s) {
    // A garbled stamp can ask for a shift of centuries, past what the clock's nanoseconds hold;
    // such a sample keeps the wall time it was read with.
    constexpr double kLongestShift_s = 100.0 * 365 * 24 * 3600;
    double shift_s = new_t_s - sample.t_s;
    if (std::isfinite(shift_s) && std::abs(shift_s) < kLongestShift_s)
        sample.time += std::chrono::duration_cast<std::chrono::system_clock::duration>(
            std::chrono::duration<double>(shift_s));
    sample.t_s = new_t_s;
}

}  // namespace

ImportInput::ImportInput(const std::string& path)
    : buffer_(new char[kInputBufferBytes]), name_(path == "-" ? "standard input" : path) {
    file_.rdbuf()->pubsetbuf(buffer_.get(), kInputBufferBytes);
    if (path != "-")
        if (auto problem = input_stream_problem(path); !problem.empty())
            throw std::runtime_error("cannot read '" + path + "': " + problem);
    errno = 0;
    file_.open(path == "-" ? "/dev/stdin" : path, std::ios::binary);
    if (!file_.is_open())
        throw std::runtime_error("cannot read '" + path +
                                 "': " + (errno != 0 ? std::strerror(errno) : "cannot open"));
}

ImportedSamples::ImportedSamples(std::istream& in, ImportOptions options)
    : in_(in), importer_(std::move(options)) {
    buffer_.resize(importer_.options().max_line_bytes + 1);
}

bool ImportedSamples::read_raw() {
    // The line reading of import_tegrastats (tegrastats_stream.cpp), in pull form.
    const auto capacity = static_cast<std::streamsize>(buffer_.size());
    while (!eof_ && !importer_.failed()) {
        in_.getline(buffer_.data(), capacity);
        const std::streamsize got = in_.gcount();
        if (in_.bad()) {
            read_error_ = true;
            eof_ = true;
            return false;
        }
        if (got == 0 && in_.eof()) {
            eof_ = true;
            return false;
        }
        ++lines_;
        if (in_.fail() && !in_.eof()) {
            in_.clear();
            in_.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
            importer_.skip_line(lines_, "line too long",
                                std::string_view(buffer_.data(), static_cast<std::size_t>(got)));
            continue;
        }
        if (in_.eof()) eof_ = true;
        auto length = static_cast<std::size_t>(in_.eof() ? got : got - 1);
        Sample& slot = queue_.push_back();
        if (importer_.parse_line(std::string_view(buffer_.data(), length), lines_, slot))
            return true;
        queue_.pop_back();
    }
    return false;
}

// Spreads the run queue_[ready_, run_end) of samples that share one time evenly up to next_t_s.
void ImportedSamples::spread_run(double next_t_s, std::size_t run_end) {
    const double start = queue_[ready_].t_s;
    const double step = (next_t_s - start) / static_cast<double>(run_end - ready_);
    for (std::size_t i = 0; ready_ + i < run_end; ++i)
        shift_time(queue_[ready_ + i], start + step * static_cast<double>(i));
    last_step_s_ = step;
    last_out_t_s_ = queue_[run_end - 1].t_s;
    ready_ = run_end;
}

bool ImportedSamples::next(Sample& sample) {
    Sample* next = next_in_place();
    if (!next) return false;
    std::swap(sample, *next);
    return true;
}

Sample* ImportedSamples::next_in_place() {
    if (handed_out_) {
        queue_.pop_front();
        --ready_;
        handed_out_ = false;
    }
    const double interval_s = importer_.options().interval_ms / 1000.0;
    while (ready_ == 0) {
        if (!read_raw()) {
            const std::size_t run = queue_.size();
            if (run == 0) return nullptr;
            // The last run: its lines keep the spacing seen so far, within its second.
            double step = last_step_s_ > 0 ? last_step_s_ : interval_s;
            if (run > 1) step = std::min(step, 1.0 / static_cast<double>(run));
            spread_run(queue_[0].t_s + step * static_cast<double>(run), run);
            break;
        }
        // The new sample is the last one; the run before it is queue_[0, run_end).
        const std::size_t run_end = queue_.size() - 1;
        Sample& raw = queue_.back();
        const double raw_t = raw.t_s;
        if (started_ && raw_t < last_raw_t_s_ - kSameTimeS) {
            // The clock went back: continue one step after the last sample.
            if (run_end > 0) {
                double step = last_step_s_ > 0 ? last_step_s_ : interval_s;
                spread_run(queue_[0].t_s + step * static_cast<double>(run_end), run_end);
            }
            double step = last_step_s_ > 0 ? last_step_s_ : interval_s;
            offset_s_ = last_out_t_s_ + step - raw_t;
            if (clock_jumps_++ == 0) first_clock_jump_line_ = lines_;
        }
        started_ = true;
        last_raw_t_s_ = raw_t;
        shift_time(raw, raw_t + offset_s_);
        if (run_end > ready_) {
            double run_t = queue_[ready_].t_s;
            if (raw.t_s > run_t + kSameTimeS || run_end - ready_ >= kMaxRun)
                spread_run(raw.t_s, run_end);
        }
        ++samples_;
    }
    Sample& sample = queue_.front();
    // A frozen clock over more than kMaxRun lines is the one case spreading cannot order.
    if (emitted_ && sample.t_s < last_emitted_t_s_ + kMinStepS)
        shift_time(sample, last_emitted_t_s_ + kMinStepS);
    emitted_ = true;
    last_emitted_t_s_ = sample.t_s;
    handed_out_ = true;
    return &sample;
}

}  // namespace edgetop
