#include "session/session_line_batches.hpp"

#include <algorithm>

namespace edgetop {

namespace {
// Blocks in flight per thread: one being parsed and one waiting, so no thread waits for a read.
constexpr std::size_t kSlotsPerThread = 2;
constexpr unsigned kMaxWorkers = 7;
}  // namespace

unsigned LineBatches::default_workers() {
    unsigned cores = std::thread::hardware_concurrency();
    return cores > 1 ? std::min(cores - 1, kMaxWorkers) : 0;
}

LineBatches::LineBatches(SessionLines& lines, SampleFields fields, unsigned workers,
                         SampleReader reader)
    : lines_(lines),
      fields_(fields),
      reader_(reader),
      worker_count_(workers),
      own_parser_(fields, reader),
      slots_(kSlotsPerThread * (workers + 1)) {}

LineBatches::~LineBatches() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    work_ready_.notify_all();
    for (auto& worker : workers_)
        worker.join();
}

void LineBatches::parse(SampleLineParser& parser, LineBatch& batch) {
    batch.lines.clear();
    const LineBlock& block = batch.block;
    if (block.overlong) {
        ParsedLine line;
        line.overlong = true;
        batch.lines.push_back(line);
        return;
    }
    std::string_view text = block.text;
    std::size_t samples = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        std::size_t newline = text.find('\n', pos);
        std::size_t end = newline == std::string_view::npos ? text.size() : newline;
        ParsedLine line;
        line.text = text.substr(pos, end - pos);
        line.last = newline == std::string_view::npos && block.ends_input;
        if (line.text.size() > block.max_line) {
            line.text = {};
            line.overlong = true;
        } else if (!line.text.empty()) {
            if (samples == batch.samples.size()) batch.samples.emplace_back();
            line.result = parser.parse(line.text, batch.samples[samples]);
            if (line.result == SampleLineParser::Result::sample) {
                line.sample = samples++;
                line.over_limit = parser.over_limit();
            }
            if (line.result == SampleLineParser::Result::invalid) line.error = parser.error();
        }
        batch.lines.push_back(line);
        pos = end + 1;
    }
    // An overlong last line at the end of the input comes as an empty unended line.
    if (text.empty() && block.ends_input) {
        ParsedLine line;
        line.last = true;
        batch.lines.push_back(line);
    }
}

void LineBatches::start_workers() {
    for (unsigned i = 0; i < worker_count_; ++i)
        workers_.emplace_back([this] { work(); });
}

LineBatches::Slot* LineBatches::first_unclaimed() {
    for (std::size_t i = 0; i < in_use_; ++i) {
        Slot& slot = slots_[(head_ + i) % slots_.size()];
        if (slot.state == State::filled) return &slot;
    }
    return nullptr;
}

void LineBatches::parse_claimed(std::unique_lock<std::mutex>& lock, Slot& slot,
                                SampleLineParser& parser) {
    slot.state = State::parsing;
    lock.unlock();
    try {
        parse(parser, slot.batch);
    } catch (...) {
        lock.lock();
        if (!failure_) failure_ = std::current_exception();
        lock.unlock();
    }
    lock.lock();
    slot.state = State::parsed;
    batch_parsed_.notify_all();
}

void LineBatches::work() {
    SampleLineParser parser(fields_, reader_);
    std::unique_lock lock(mutex_);
    for (;;) {
        Slot* claimed = nullptr;
        work_ready_.wait(lock, [&] { return stopping_ || (claimed = first_unclaimed()); });
        if (stopping_) return;
        parse_claimed(lock, *claimed, parser);
    }
}

void LineBatches::fill_free_slots() {
    while (!input_done_ && in_use_ < slots_.size()) {
        // Only this thread touches a free slot, so the read needs no lock.
        Slot& slot = slots_[(head_ + in_use_) % slots_.size()];
        if (!lines_.next_block(slot.batch.block)) {
            input_done_ = true;
            break;
        }
        {
            std::lock_guard lock(mutex_);
            slot.state = State::filled;
            ++in_use_;
        }
        work_ready_.notify_one();
        if (in_use_ == 2 && workers_.empty()) start_workers();
    }
}

LineBatch* LineBatches::next() {
    if (head_taken_) {
        std::lock_guard lock(mutex_);
        slots_[head_].state = State::free;
        head_ = (head_ + 1) % slots_.size();
        --in_use_;
        head_taken_ = false;
    }
    fill_free_slots();
    if (in_use_ == 0) return nullptr;
    Slot& head = slots_[head_];
    std::unique_lock lock(mutex_);
    // While the head is being parsed elsewhere, parse the next unclaimed block here.
    while (head.state != State::parsed) {
        if (Slot* claimed = first_unclaimed())
            parse_claimed(lock, *claimed, own_parser_);
        else
            batch_parsed_.wait(lock);
    }
    if (failure_) std::rethrow_exception(failure_);
    head_taken_ = true;
    return &head.batch;
}

}  // namespace edgetop
