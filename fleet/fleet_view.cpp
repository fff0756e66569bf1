#include "fleet/fleet_view.hpp"

#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "fleet/fleet_page.hpp"
#include "text/text_escape.hpp"
#include "tui/key_reader.hpp"
#include "tui/palette.hpp"
#include "tui/terminal.hpp"

namespace edgetop::fleet {

namespace {

constexpr int kPollMs = 100;

class FleetLoop {
  public:
    FleetLoop(const FleetPoller& poller, const FleetViewOptions& options,
              const tui::Terminal& terminal, FleetPageState& state)
        : poller_(poller),
          options_(options),
          state_(state),
          terminal_(terminal),
          theme_(terminal.color() ? tui::color_depth(COLORS) : tui::ColorDepth::mono,
                 terminal.ascii()) {
        theme_.init_colors();
    }

    // The board Enter chose, once run() has returned.
    const FleetHost* chosen() const { return chosen_; }

    int run() {
        std::uint64_t drawn_round = ~std::uint64_t{0};
        bool dirty = true;
        while (!quit_ && !chosen_ && !terminal_.stop_requested()) {
            if (poller_.round() != drawn_round) {
                snapshot_ = poller_.snapshot();
                drawn_round = snapshot_.round;
                dirty = true;
            }
            if (dirty) {
                draw();
                dirty = false;
            }
            pollfd input{terminal_.input_fd(), POLLIN, 0};
            if (poll(&input, 1, kPollMs) < 0 && errno != EINTR)
                throw std::runtime_error(std::strerror(errno));
            for (int key = tui::read_key(keys_); key != ERR; key = tui::read_key(keys_)) {
                dirty = true;
                if (key != KEY_RESIZE) on_key(key);
            }
        }
        return 0;
    }

  private:
    int boards_shown() const {
        return static_cast<int>(
            std::count_if(lines_.begin(), lines_.end(), [](const ShownLine& l) { return l.row; }));
    }

    void draw() {
        lines_ = shown_lines(snapshot_.rows, state_);
        state_.selected = std::clamp(state_.selected, 0, std::max(0, boards_shown() - 1));
        werase(stdscr);
        tui::Canvas canvas(stdscr, {0, 0, LINES, COLS}, theme_);
        draw_fleet_page(canvas, snapshot_, lines_, state_,
                        std::chrono::duration<double>(options_.interval).count());
        wnoutrefresh(stdscr);
        doupdate();
        state_.message.clear();
    }

    void on_filter_key(int key) {
        if (key == '\n' || key == '\r' || key == KEY_ENTER) {
            state_.editing_filter = false;
        } else if (key == tui::kEscapeKey) {
            state_.editing_filter = false;
            state_.filter.clear();
        } else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
            if (!state_.filter.empty()) state_.filter.pop_back();
        } else if (key >= ' ' && key < 127 && state_.filter.size() < 64) {
            state_.filter.push_back(static_cast<char>(key));
        }
        state_.selected = 0;
    }

    void on_key(int key) {
        if (state_.editing_filter) return on_filter_key(key);
        int page = std::max(1, LINES - 5);
        switch (tui::normalize_key(key)) {
            case 'q':
            case 'Q':
                quit_ = true;
                break;
            case KEY_UP:
            case 'k':
                state_.selected -= 1;
                break;
            case KEY_DOWN:
            case 'j':
                state_.selected += 1;
                break;
            case KEY_PPAGE:
                state_.selected -= page;
                break;
            case KEY_NPAGE:
                state_.selected += page;
                break;
            case KEY_HOME:
                state_.selected = 0;
                break;
            case KEY_END:
                state_.selected = boards_shown() - 1;
                break;
            case '<':
            case KEY_LEFT:
                step_sort(-1);
                break;
            case '>':
            case KEY_RIGHT:
                step_sort(+1);
                break;
            case 'i':
            case 'I':
                state_.reversed = !state_.reversed;
                break;
            case '/':
                state_.editing_filter = true;
                break;
            case tui::kEscapeKey:
                state_.filter.clear();
                break;
            case 'g':
            case 'G':
                step_group();
                break;
            case '\n':
            case '\r':
            case KEY_ENTER:
                choose();
                break;
            default:
                break;
        }
    }

    void choose() {
        if (!options_.open_board) {
            state_.message = "this page cannot open a board's view";
            return;
        }
        for (int i = 0, board = 0; i < static_cast<int>(lines_.size()); ++i)
            if (lines_[i].row && board++ == state_.selected) chosen_ = lines_[i].row->host;
    }

    void step_sort(int by) {
        int next = (static_cast<int>(state_.sort) + by + kSortKeys) % kSortKeys;
        state_.sort = static_cast<SortKey>(next);
    }

    void step_group() {
        auto keys = label_keys(snapshot_.rows);
        if (keys.empty()) {
            state_.message = "no board has a label to group by (KEY=VALUE in --hosts-file)";
            return;
        }
        auto at = std::find(keys.begin(), keys.end(), state_.group_by);
        state_.group_by = at == keys.end()              ? keys.front()
                          : std::next(at) == keys.end() ? ""
                                                        : *std::next(at);
    }

    const FleetPoller& poller_;
    const FleetViewOptions& options_;
    FleetPageState& state_;
    const tui::Terminal& terminal_;
    tui::Theme theme_;
    FleetSnapshot snapshot_;
    const FleetHost* chosen_ = nullptr;
    std::vector<ShownLine> lines_;
    bool quit_ = false;
    tui::KeySource keys_{[] { return getch(); }, [](int key) { ungetch(key); }};
};

}  // namespace

int run_fleet_view(const std::vector<FleetHost>& hosts, const FetchOptions& fetch,
                   const FleetViewOptions& options) {
    FleetPoller poller(hosts, fetch, options.interval);
    FleetPageState state;
    for (;;) {
        const FleetHost* chosen = nullptr;
        std::string failure;
        {
            tui::Terminal terminal;
            std::string error;
            if (terminal.open(options.ascii, options.no_color, error) !=
                tui::Terminal::Opened::ok) {
                std::fprintf(stderr, "edgetop: %s\n", text::terminal_safe(error).c_str());
                return 2;
            }
            try {
                FleetLoop loop(poller, options, terminal, state);
                int status = loop.run();
                chosen = loop.chosen();
                if (!chosen) return status;
            } catch (const std::exception& e) {
                failure = e.what();
            }
        }
        if (!failure.empty()) {
            std::fprintf(stderr, "edgetop: %s\n", text::terminal_safe(failure).c_str());
            return 1;
        }
        if (auto problem = options.open_board(*chosen); !problem.empty())
            state.message = chosen->name + ": " + problem;
    }
}

}  // namespace edgetop::fleet
