#include "commands/tui_recorder.hpp"

#include <unistd.h>

#include <cstring>
#include <utility>

#include "session/session_records_json.hpp"

namespace edgetop {

SessionFileRecorder::SessionFileRecorder(const tui::SampleFeed& feed, std::string host,
                                         std::string root, int64_t interval_ms)
    : feed_(feed), host_(std::move(host)), root_(std::move(root)), interval_ms_(interval_ms) {}

SessionFileRecorder::~SessionFileRecorder() {
    if (is_recording()) finish(EndReason::stopped);
}

bool SessionFileRecorder::start(const std::string& path, std::string& error) {
    if (is_recording()) stop();
    if (path == "-") {
        error = "standard output is the screen; give a file name";
        return false;
    }
    try {
        file_ = std::make_unique<OutputFile>(path);
    } catch (const OutputError& e) {
        error = e.reason();
        return false;
    }
    writer_ = std::make_unique<SessionWriter>(file_->fd(), session_compression_for(path));
    started_ = std::chrono::steady_clock::now();
    samples_ = 0;
    failure_.clear();
    path_ = path;

    SessionHeader header;
    header.started = std::chrono::system_clock::now();
    header.interval_ms = interval_ms_;
    header.host = host_;
    header.root = root_;
    header.board = feed_.board();
    header.sources = feed_.status();
    if (!writer_->write_line(header_to_json(header))) {
        error = std::strerror(writer_->error());
        writer_.reset();
        file_.reset();
        return false;
    }
    return true;
}

void SessionFileRecorder::stop() {
    if (is_recording()) finish(EndReason::stopped);
}

double SessionFileRecorder::elapsed_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

void SessionFileRecorder::record(const Sample& sample) {
    if (!is_recording()) return;
    // The view's clock starts when the view opens; a session's starts at its header.
    Sample line = sample;
    line.t_s = elapsed_s();
    if (!writer_->write_sample(line)) {
        failure_ = std::strerror(writer_->error());
        finish(EndReason::write_error);
        return;
    }
    ++samples_;
}

void SessionFileRecorder::finish(EndReason reason) {
    SessionEnd end{elapsed_s(), samples_, reason};
    if (reason == EndReason::write_error)
        writer_->write_closing_line(end_to_json(end));
    else
        writer_->write_line(end_to_json(end));
    writer_->finish();
    writer_.reset();
    file_.reset();
}

}  // namespace edgetop
