// The RULES section of the man page from the rule catalog: each rule's description and the
// threshold table are the catalog's text, escaped for roff.
#include <string_view>

#include <fmt/format.h>

#include "analysis/rules_catalog.hpp"
#include "cli/cli_man.hpp"

namespace edgetop::cli {

namespace {

constexpr std::size_t kLineWidth = 100;

// Plain UTF-8 text as roff text: the escape character and the few non-ASCII signs the catalog
// writes as roff's named glyphs; with `minus`, every "-" is a minus sign ("\-", as options and
// arrows are written), otherwise a hyphen.
std::string roff_text(std::string_view text, bool minus) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        std::string_view rest = text.substr(i);
        if (rest[0] == '\\') {
            out += "\\e";
        } else if (minus && rest[0] == '-') {
            out += "\\-";
        } else if (rest.starts_with("°")) {
            out += "\\(de";
            i += std::string_view("°").size() - 1;
        } else if (rest.starts_with("≥")) {
            out += "\\(>=";
            i += std::string_view("≥").size() - 1;
        } else {
            out += rest[0];
        }
    }
    return out;
}

// A paragraph as source lines of at most kLineWidth bytes (a longer word stays whole); a line
// that would start with a control character is protected by "\&".
std::string roff_paragraph(std::string_view text) {
    std::string out, line;
    auto flush = [&] {
        if (line.empty()) return;
        if (line[0] == '.' || line[0] == '\'') line.insert(0, "\\&");
        out += line + "\n";
        line.clear();
    };
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string_view::npos) end = text.size();
        std::string word = roff_text(text.substr(start, end - start), false);
        if (!word.empty()) {
            if (!line.empty() && line.size() + 1 + word.size() > kLineWidth) flush();
            line += (line.empty() ? "" : " ") + word;
        }
        start = end + 1;
    }
    flush();
    return out;
}

}  // namespace

std::string man_rules_section() {
    std::string out = R"roff(.SH RULES
Each rule must hold for
.B sustain_s
seconds before its flag is raised and stop holding for
.B clear_s
seconds before it clears.
Each has a severity, which the view's colours and its header badge follow:
.B critical
where the board lowers its clocks or runs out of memory now (red),
.B warning
for a bottleneck of the work (yellow),
.B info
for a fact of the configuration (dim; not counted in the badge).
)roff";
    for (const auto& rule : analysis::rule_catalog())
        out += fmt::format(".TP\n.BR {} \" ({})\"\n{}", rule.id, analysis::to_string(rule.severity),
                           roff_paragraph(rule.description));
    out += R"roff(.PP
Every threshold, its default and unit (the output of the built-in rule table):
.PP
.RS
.nf
)roff";
    out += roff_text(analysis::format_rule_table(), true);
    out += ".fi\n.RE\n";
    return out;
}

}  // namespace edgetop::cli
