// The loop: samples on a monotonic schedule, answers keys as they come (poll on the terminal with
// the time left to the next tick), and draws a frame only when something changed, with one
// doupdate per frame so curses sends just the changed cells.
#include <fmt/format.h>
#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <optional>
#include <stdexcept>

#include "text/text_escape.hpp"
#include "text/text_units.hpp"
#include "tui/frame.hpp"
#include "tui/key_reader.hpp"
#include "tui/keys.hpp"
#include "tui/terminal.hpp"
#include "tui/tui.hpp"

namespace edgetop::tui {
namespace {

using Clock = std::chrono::steady_clock;
constexpr double kMaxReplayWaitS = 10;
constexpr int kControlPollMs = 50;

std::string dated_record_path() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char name[64];
    std::strftime(name, sizeof name, "edgetop-%Y%m%d-%H%M%S.jsonl", &local);
    return name;
}

class Loop {
  public:
    Loop(SampleFeed& feed, const TuiOptions& options, const Terminal& terminal)
        : feed_(feed),
          options_(options),
          terminal_(terminal),
          theme_(terminal.color() ? color_depth(COLORS) : ColorDepth::mono, terminal.ascii()) {
        ui_.page = options.start_page;
        ui_.interval_ms = std::clamp(options.interval_ms, kMinIntervalMs, kMaxIntervalMs);
        ui_.replay_speed = std::clamp(options.replay_speed, kMinReplaySpeed, kMaxReplaySpeed);
        theme_.init_colors();
    }

    int run() {
        Clock::time_point next_tick = Clock::now();
        bool dirty = true;
        while (!ui_.quit && !terminal_.stop_requested()) {
            Clock::time_point now = Clock::now();
            if (!ended_ && !playback_paused() && now >= next_tick) {
                last_tick_ = now;
                take_sample();
                next_tick = now + tick();
                dirty = dirty || !ui_.paused;
            }
            if (dirty) {
                draw();
                dirty = false;
            }
            int wait_ms = 1000;
            if (!ended_ && !playback_paused()) {
                auto left = std::chrono::ceil<std::chrono::milliseconds>(next_tick - Clock::now());
                wait_ms = static_cast<int>(std::max<int64_t>(0, left.count()));
            }
            if (poll_controls()) dirty = true;
            // A control command is running: look at it often, without blocking on it.
            if (options_.controls && options_.controls->busy())
                wait_ms = std::min(wait_ms, kControlPollMs);
            pollfd input{terminal_.input_fd(), POLLIN, 0};
            int ready = poll(&input, 1, wait_ms);
            if (ready < 0 && errno != EINTR) throw std::runtime_error(std::strerror(errno));
            // After EINTR too: SIGWINCH reaches us as KEY_RESIZE from getch.
            for (int key = read_key(keys_); key != ERR; key = read_key(keys_)) {
                dirty = true;
                if (key == KEY_RESIZE) continue;
                if (on_key(key)) next_tick = last_tick_ + tick();
            }
        }
        return 0;
    }

  private:
    std::chrono::milliseconds interval() const {
        return std::chrono::milliseconds(ui_.interval_ms);
    }
    // A replay waits the recorded time between samples (divided by the speed), at most
    // kMaxReplayWait: a long hole in a recording does not freeze the view.
    Clock::duration tick() const {
        if (!feed_.is_replay()) return interval();
        double gap_s = feed_.next_gap_s().value_or(0) / ui_.replay_speed;
        gap_s = std::clamp(gap_s, 0.0, kMaxReplayWaitS);
        return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(gap_s));
    }
    bool playback_paused() const { return feed_.is_replay() && ui_.paused; }

    // Replay: starts over and plays `count` samples without drawing them.
    void replay_to(long count) {
        if (!feed_.rewind()) {
            ui_.message = "this input cannot be played again (standard input?)";
            return;
        }
        live_ = ViewModel{};
        ended_ = false;
        while (live_.samples() < std::max(1L, count) && !ended_)
            take_sample();
    }

    const ViewModel& shown() const { return frozen_ ? *frozen_ : live_; }

    // Whether a control command finished (its outcome is then shown).
    bool poll_controls() {
        if (!options_.controls) return false;
        auto outcome = options_.controls->poll();
        if (!outcome) return false;
        ui_.control_result = std::move(*outcome);
        ui_.message.clear();
        return true;
    }
    bool recording() const { return options_.recorder && options_.recorder->is_recording(); }

    void take_sample() {
        for (std::size_t n = feed_.ready(); n > 0 && !ended_; --n)
            take_one_sample();
    }

    void take_one_sample() {
        const Sample* sample = feed_.next();
        if (!sample) {
            ended_ = true;
            return;
        }
        details_ = feed_.flag_details();
        live_.update(*sample, details_);
        if (recording()) options_.recorder->record(*sample);
        status_ = feed_.status();
    }

    void draw() {
        bool is_recording = recording();
        ScrollLimits limits;
        FrameContext ctx{.view = shown(),
                         .ui = ui_,
                         .board = feed_.board(),
                         .status = status_,
                         .theme = theme_,
                         .flag_details = details_,
                         .analysis_enabled = feed_.analysis_enabled(),
                         .replay = feed_.is_replay(),
                         .replay_ended = ended_,
                         .recording = is_recording,
                         .record_path = is_recording ? options_.recorder->path() : std::string(),
                         .root = options_.root,
                         .limits = &limits};
        draw_frame(stdscr, ctx);
        clamp_scroll(ui_, limits);
        wnoutrefresh(stdscr);
        doupdate();
    }

    // Returns whether the sampling schedule changed.
    bool on_key(int key) {
        std::vector<int> pids;
        for (const auto* p : visible_processes(shown(), ui_))
            pids.push_back(p->pid);
        KeyContext context;
        context.visible_pids = &pids;
        if (const auto& procs = live_.sample().procs)
            context.live_processes = &process_source(*procs);
        context.flags = &shown().sample().flags;
        context.table_rows = process_table_rows(LINES, COLS, shown());
        auto columns = visible_columns(COLS, process_columns_on(shown().sample(), ui_.show_ctxt));
        context.process_columns = &columns;
        context.recording = recording();
        context.replay = feed_.is_replay();
        context.escape_quits = options_.escape_quits;
        context.recorder_available = options_.recorder != nullptr;
        context.board = &feed_.board();
        if (options_.controls) {
            context.controls_available = true;
            context.control_busy = options_.controls->busy();
            for (auto control : {Control::power_mode, Control::clocks, Control::fan})
                context.control_refusals[static_cast<size_t>(control)] =
                    options_.controls->refusal(control);
        }
        context.default_record_path = options_.default_record_path.empty()
                                          ? dated_record_path()
                                          : options_.default_record_path;
        switch (handle_key(key, ui_, context)) {
            case KeyAction::interval_changed:
                ui_.message = "sampling every " + format_interval(ui_.interval_ms);
                return true;
            case KeyAction::pause_changed:
                if (feed_.is_replay()) {
                    ui_.message = ui_.paused ? "replay paused: Space resumes, Left/Right step" : "";
                    return true;
                }
                if (ui_.paused)
                    frozen_ = live_;
                else
                    frozen_.reset();
                ui_.message = ui_.paused ? "display paused (sampling goes on): p resumes" : "";
                return false;
            case KeyAction::start_recording: {
                std::string error;
                if (options_.recorder->start(ui_.input, error))
                    ui_.message = "recording to " + options_.recorder->path();
                else
                    ui_.message = "cannot record to " + ui_.input + ": " + error;
                return false;
            }
            case KeyAction::step_forward:
                if (!ended_) take_sample();
                return false;
            case KeyAction::step_back:
                if (live_.samples() <= 1) ui_.message = "this is the first sample";
                replay_to(live_.samples() - 1);
                return false;
            case KeyAction::jump_start:
                replay_to(1);
                return true;
            case KeyAction::jump_end:
                while (!ended_)
                    take_sample();
                return false;
            case KeyAction::speed_changed:
                ui_.message = "playing at x" + text::format_speed(ui_.replay_speed);
                return true;
            case KeyAction::stop_recording:
                ui_.message = "recording stopped: " + options_.recorder->path();
                options_.recorder->stop();
                return false;
            case KeyAction::run_control: {
                std::string error;
                std::string what = fmt::format("{}", fmt::join(ui_.control_commands.front(), " "));
                if (options_.controls->start(ui_.control_commands, error))
                    ui_.message = "running " + what + " ...";
                else
                    ui_.message = "cannot run " + what + ": " + error;
                ui_.control_commands.clear();
                return false;
            }
            case KeyAction::send_signal:
                if (kill(ui_.kill_pid, ui_.kill_signal) == 0)
                    ui_.message =
                        fmt::format("sent {} to {}", signal_name(ui_.kill_signal), ui_.kill_pid);
                else
                    ui_.message =
                        fmt::format("cannot signal {}: {}", ui_.kill_pid, std::strerror(errno));
                return false;
            default:
                return false;
        }
    }

    static std::string format_interval(int ms) {
        return ms % 1000 == 0 ? fmt::format("{} s", ms / 1000) : fmt::format("{} ms", ms);
    }

    SampleFeed& feed_;
    const TuiOptions& options_;
    const Terminal& terminal_;
    Theme theme_;
    UiState ui_;
    ViewModel live_;
    std::optional<ViewModel> frozen_;
    std::vector<SourceStatus> status_;
    std::vector<FlagDetail> details_;
    bool ended_ = false;
    Clock::time_point last_tick_ = Clock::now();
    KeySource keys_{[] { return getch(); }, [](int key) { ungetch(key); }};
};

}  // namespace

int run_tui(SampleFeed& feed, const TuiOptions& options) {
    std::string failure;
    {
        Terminal terminal;
        std::string error;
        auto opened = terminal.open(options.ascii, options.no_color, error);
        if (opened == Terminal::Opened::cannot_drive && options.on_terminal_unusable)
            return options.on_terminal_unusable(error);
        if (opened != Terminal::Opened::ok) {
            std::fprintf(stderr, "edgetop: %s\n", text::terminal_safe(error).c_str());
            return 2;
        }
        try {
            return Loop(feed, options, terminal).run();
        } catch (const std::exception& e) {
            failure = e.what();  // reported once the terminal is restored
        }
    }
    // A session's read error quotes the file.
    std::fprintf(stderr, "edgetop: %s\n", text::terminal_safe(failure).c_str());
    return 1;
}

}  // namespace edgetop::tui
