// A curses screen on /dev/null that tests draw frames into and read back as text.
#pragma once

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cwchar>
#include <string>

#include "tui/curses.hpp"

namespace edgetop::tui::testing {

class VirtualScreen {
  public:
    VirtualScreen() {
        std::setlocale(LC_CTYPE, "C.UTF-8");
        out_ = std::fopen("/dev/null", "w");
        in_ = std::fopen("/dev/null", "r");
        screen_ = newterm("xterm-256color", out_, in_);
        if (screen_) set_term(screen_);
    }
    ~VirtualScreen() {
        if (screen_) {
            endwin();
            delscreen(screen_);
        }
        std::fclose(out_);
        std::fclose(in_);
        std::setlocale(LC_CTYPE, "C");
    }
    bool ok() const { return screen_ != nullptr; }
    void resize(int rows, int cols) { resizeterm(rows, cols); }

    std::string row(int y) const {
        std::string out;
        for (int x = 0; x < COLS; ++x) {
            cchar_t cell;
            if (mvwin_wch(stdscr, y, x, &cell) == ERR) continue;
            wchar_t wide[CCHARW_MAX + 1] = {};
            attr_t attrs;
            short pair;
            getcchar(&cell, wide, &attrs, &pair, nullptr);
            char bytes[MB_LEN_MAX * (CCHARW_MAX + 1)] = {};
            std::wcstombs(bytes, wide, sizeof bytes);
            out += bytes[0] ? bytes : " ";
        }
        return out;
    }
    std::string text() const {
        std::string all;
        for (int y = 0; y < LINES; ++y)
            all += row(y) + "\n";
        return all;
    }
    // Every cell holds plain ASCII and no alternate-charset (line drawing) attribute.
    bool only_ascii() const {
        for (int y = 0; y < LINES; ++y)
            for (int x = 0; x < COLS; ++x) {
                cchar_t cell;
                mvwin_wch(stdscr, y, x, &cell);
                wchar_t wide[CCHARW_MAX + 1] = {};
                attr_t attrs;
                short pair;
                getcchar(&cell, wide, &attrs, &pair, nullptr);
                if (attrs & A_ALTCHARSET) return false;
                for (wchar_t w : wide)
                    if (w >= 0x80) return false;
            }
        return true;
    }

  private:
    FILE* out_;
    FILE* in_;
    SCREEN* screen_ = nullptr;
};

}  // namespace edgetop::tui::testing
