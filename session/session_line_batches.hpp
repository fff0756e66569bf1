// The lines of a session after the header, parsed in blocks by worker threads and handed back in
// file order. The caller's thread reads the blocks (reading is sequential and cheap) and parses
// whatever no worker has taken yet, so it is never idle while a block it waits for sits unparsed,
// and with no workers this is plain sequential reading. At most a fixed number of blocks are in
// flight, so memory depends on the block size and the number of threads, not on the session.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>
#include <string_view>
#include <thread>
#include <vector>

#include "edgetop/sample.hpp"
#include "session/session_read_lines.hpp"
#include "session/session_read_sample.hpp"

namespace edgetop {

struct ParsedLine {
    std::string_view text;  // without its '\n'; valid while its batch is
    SampleLineParser::Result result = SampleLineParser::Result::other;
    const char* error = nullptr;  // why an invalid sample line was rejected
    std::size_t sample = 0;       // index into LineBatch::samples for a sample line
    std::string_view over_limit;  // a sample line's first list cut to its limit, if any
    bool last = false;            // the input's last line, without a newline
    bool overlong = false;        // too long to keep: text is empty
};

struct LineBatch {
    LineBlock block;
    std::vector<ParsedLine> lines;
    std::vector<Sample> samples;  // reused from batch to batch, vectors and all
};

class LineBatches {
  public:
    // workers: threads besides the caller's (0 parses everything on the caller's thread).
    LineBatches(SessionLines& lines, SampleFields fields, unsigned workers,
                SampleReader reader = default_sample_reader());
    LineBatches(const LineBatches&) = delete;
    LineBatches& operator=(const LineBatches&) = delete;
    ~LineBatches();

    // The next batch in file order, nullptr at the end; valid until the next call.
    LineBatch* next();

    // Threads worth using on this machine for a reader: one per core but the caller's, up to 7.
    static unsigned default_workers();

  private:
    enum class State { free, filled, parsing, parsed };
    struct Slot {
        LineBatch batch;
        State state = State::free;
    };

    void fill_free_slots();  // caller's thread, with the lock not held
    // The first block in file order that no thread has taken yet (lock held), or nullptr.
    Slot* first_unclaimed();
    // Takes the slot, parses it with the lock released, and marks it parsed (lock held around).
    void parse_claimed(std::unique_lock<std::mutex>& lock, Slot& slot, SampleLineParser& parser);
    void start_workers();
    void work();
    static void parse(SampleLineParser& parser, LineBatch& batch);

    SessionLines& lines_;
    SampleFields fields_;
    SampleReader reader_;
    unsigned worker_count_;
    SampleLineParser own_parser_;
    std::vector<Slot> slots_;            // a ring: head_ is the next in file order
    std::size_t head_ = 0, in_use_ = 0;  // in_use_: slots holding a block, from head_ on
    bool input_done_ = false;
    bool head_taken_ = false;  // the caller holds the head slot's batch

    std::mutex mutex_;
    std::condition_variable work_ready_, batch_parsed_;
    bool stopping_ = false;
    std::exception_ptr failure_;
    std::vector<std::thread> workers_;
};

}  // namespace edgetop
