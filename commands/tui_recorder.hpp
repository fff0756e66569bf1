// The `r` key of the interactive view: writes the samples shown to a session file in the format
// of `edgetop record` (header with board and sources, one line per sample, end line), for the
// live view and for a fleet board's view.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "commands/output_file.hpp"
#include "session/session_types.hpp"
#include "session/session_writer.hpp"
#include "tui/tui.hpp"

namespace edgetop {

class SessionFileRecorder : public tui::Recorder {
  public:
    // The header's board and sources are the feed's; host and root name where the samples come
    // from (this machine and --root, or a fleet board's name and URL); interval_ms is the
    // interval in force when a recording starts.
    SessionFileRecorder(const tui::SampleFeed& feed, std::string host, std::string root,
                        int64_t interval_ms);
    ~SessionFileRecorder() override;

    bool start(const std::string& path, std::string& error) override;
    // Ends the file with reason "stopped": the user stopped it (the r key again, or by quitting).
    void stop() override;
    bool is_recording() const override { return writer_ != nullptr; }
    std::string path() const override { return path_; }
    void record(const Sample& sample) override;
    // Set when a write failed; the recording is then over.
    const std::string& failure() const { return failure_; }

  private:
    void finish(EndReason reason);
    double elapsed_s() const;

    const tui::SampleFeed& feed_;
    std::string host_;
    std::string root_;
    int64_t interval_ms_;
    std::string path_;
    std::unique_ptr<OutputFile> file_;
    std::unique_ptr<SessionWriter> writer_;
    std::chrono::steady_clock::time_point started_;
    int64_t samples_ = 0;
    std::string failure_;
};

}  // namespace edgetop
