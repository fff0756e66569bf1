// The pressure stall panel of the Analysis page: PSI avg10, the share of the last 10 s in which
// some (or every non-idle) task waited for a CPU, memory or I/O.
#include "edgetop/number_text.hpp"
#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

std::string pct(const std::optional<double>& value) {
    return value ? fixed(*value, 1) + " %" : std::string(text::kAbsent);
}

// PSI full above 10 % is where memory_pressure and io_stall fire by default; some above 10 % is
// already work waiting.
Style level(const std::optional<double>& value) {
    if (!value) return Style::dim;
    if (*value >= 10) return Style::crit;
    if (*value >= 1) return Style::warn;
    return Style::normal;
}

}  // namespace

void draw_pressure(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    c.title(0, "Pressure stalls", "share of the last 10 s (PSI)");
    if (!s.psi) {
        c.text(1, 0, "n/a: no /proc/pressure (kernel before 4.20, or built without PSI)",
               Style::dim);
        return;
    }
    const PsiSample& p = *s.psi;
    const std::pair<const char*, const std::optional<double>*> rows[][2] = {
        {{"cpu some", &p.cpu_some_pct}, {"", nullptr}},
        {{"memory some", &p.memory_some_pct}, {"full", &p.memory_full_pct}},
        {{"io some", &p.io_some_pct}, {"full", &p.io_full_pct}}};
    int y = 1;
    for (const auto& row : rows) {
        int x = 0;
        for (const auto& [label, value] : row) {
            if (!value) continue;
            c.text(y, x, label, Style::label);
            c.text(y, x + 12, pct(*value), level(*value));
            x += 24;
        }
        if (++y >= c.height()) break;
    }
}

}  // namespace edgetop::tui
