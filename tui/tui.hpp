// The interactive terminal view: run_tui() owns the terminal until the user quits.
#pragma once

#include <functional>
#include <string>

#include "edgetop/sample.hpp"
#include "tui/controls.hpp"
#include "tui/feed.hpp"
#include "tui/page.hpp"

namespace edgetop::tui {

// Recording to a session file; implemented by the application (the view never writes files).
class Recorder {
  public:
    virtual ~Recorder() = default;
    // Starts writing to path; on failure returns false and sets error to a one-line reason.
    virtual bool start(const std::string& path, std::string& error) = 0;
    virtual void stop() = 0;
    virtual bool is_recording() const = 0;
    virtual std::string path() const = 0;
    // Called by run_tui with every sample taken while is_recording() is true.
    virtual void record(const Sample&) {}
};

struct TuiOptions {
    int interval_ms = 1000;  // clamped to [kMinIntervalMs, kMaxIntervalMs]
    bool ascii = false;      // never emit a non-ASCII byte (also automatic without a UTF-8 locale)
    bool no_color = false;   // also when the NO_COLOR environment variable is set and not empty
    Page start_page = Page::overview;
    Recorder* recorder = nullptr;     // null: the `r` key says recording is unavailable
    Controls* controls = nullptr;     // null (replay): m, c and f say the controls are live only
    std::string default_record_path;  // proposed when `r` starts a recording; empty: a dated name
    double replay_speed = 1;          // replay: times faster than recorded (+/- change it)
    bool root = false;                // the user is root (the caller asks; tui reads no state)
    bool escape_quits = false;  // Esc with nothing open returns to where the view was opened from
    // Called instead of the view when the terminal cannot show it (TERM unset or dumb, no cursor
    // addressing), with the one-line reason; its result is run_tui's. Null: the reason is printed
    // and run_tui returns 2.
    std::function<int(const std::string& reason)> on_terminal_unusable;
};

// Runs the view until q, SIGTERM, SIGHUP or SIGINT, or the end of a replay followed by q.
// Returns 0 on a normal exit, 2 when no terminal could be set up (message on stderr).
int run_tui(SampleFeed& feed, const TuiOptions& options);

}  // namespace edgetop::tui
