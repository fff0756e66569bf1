#include "app/import_samples.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
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
    auto delta = std::chrono::duration_cast<std::chrono::system_clock::duration>(
        std::chrono::duration<double>(new_t_s - sample.t_s));
    sample.time += delta;
    sample.t_s = new_t_s;
}

}  // namespace

ImportInput::ImportInput(const std::string& path)
    : buffer_(new char[kInputBufferBytes]), name_(path == "-" ? "standard input" : path) {
    file_.rdbuf()->pubsetbuf(buffer_.get(), kInputBufferBytes);
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

bool ImportedSamples::read_raw(Sample& sample) {
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
        if (auto parsed = importer_.parse_line(std::string_view(buffer_.data(), length), lines_)) {
            sample = std::move(*parsed);
            return true;
        }
    }
    return false;
}

// Spreads the run of samples that share one time evenly up to next_t_s.
void ImportedSamples::spread_run(double next_t_s) {
    const double start = run_.front().t_s;
    const double step = (next_t_s - start) / static_cast<double>(run_.size());
    for (std::size_t i = 0; i < run_.size(); ++i) {
        shift_time(run_[i], start + step * static_cast<double>(i));
        ready_.push_back(std::move(run_[i]));
    }
    last_step_s_ = step;
    last_out_t_s_ = ready_.back().t_s;
    run_.clear();
}

bool ImportedSamples::next(Sample& sample) {
    const double interval_s = importer_.options().interval_ms / 1000.0;
    while (ready_.empty()) {
        Sample raw;
        if (!read_raw(raw)) {
            if (run_.empty()) return false;
            // The last run: its lines keep the spacing seen so far, within its second.
            double step = last_step_s_ > 0 ? last_step_s_ : interval_s;
            if (run_.size() > 1) step = std::min(step, 1.0 / static_cast<double>(run_.size()));
            spread_run(run_.front().t_s + step * static_cast<double>(run_.size()));
            break;
        }
        const double raw_t = raw.t_s;
        if (started_ && raw_t < last_raw_t_s_ - kSameTimeS) {
            // The clock went back: continue one step after the last sample.
            if (!run_.empty()) {
                double step = last_step_s_ > 0 ? last_step_s_ : interval_s;
                spread_run(run_.front().t_s + step * static_cast<double>(run_.size()));
            }
            double step = last_step_s_ > 0 ? last_step_s_ : interval_s;
            offset_s_ = last_out_t_s_ + step - raw_t;
            if (clock_jumps_++ == 0) first_clock_jump_line_ = lines_;
        }
        started_ = true;
        last_raw_t_s_ = raw_t;
        shift_time(raw, raw_t + offset_s_);
        if (!run_.empty()) {
            double run_t = run_.front().t_s;
            if (raw.t_s > run_t + kSameTimeS || run_.size() >= kMaxRun) spread_run(raw.t_s);
        }
        run_.push_back(std::move(raw));
        ++samples_;
    }
    sample = std::move(ready_.front());
    ready_.pop_front();
    // A frozen clock over more than kMaxRun lines is the one case spreading cannot order.
    if (emitted_ && sample.t_s < last_emitted_t_s_ + kMinStepS)
        shift_time(sample, last_emitted_t_s_ + kMinStepS);
    emitted_ = true;
    last_emitted_t_s_ = sample.t_s;
    return true;
}

}  // namespace edgetop
