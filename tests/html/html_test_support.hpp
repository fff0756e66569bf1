// What the HTML report tests share: sessions written with a board (trip points), rules and flag
// events; a checker that the page is well-formed (every element closed in order, every text and
// attribute escaped); and the points each chart draws per series, read back from the SVG.
#pragma once

#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/rules_types.hpp"
#include "edgetop/sample.hpp"
#include "report/report_event_json.hpp"
#include "session/session_records_json.hpp"
#include "session/session_sample_line.hpp"
#include "session/session_types.hpp"
#include "support/temp_dir.hpp"

namespace edgetop::testing {

struct SessionLines {
    SessionHeader header;
    std::vector<Sample> samples;
    std::vector<analysis::Event> events;  // written before the first sample later than each
    std::optional<SessionEnd> end;
};

inline std::string write_html_session(const TempDir& tmp, const std::string& name,
                                      const SessionLines& s) {
    std::string path = tmp.file(name);
    std::ofstream out(path, std::ios::binary);
    out << header_to_json(s.header).dump() << "\n";
    std::size_t e = 0;
    for (const auto& sample : s.samples) {
        for (; e < s.events.size() && s.events[e].t_s <= sample.t_s; ++e)
            out << analysis::event_to_line(s.events[e]).dump() << "\n";
        out << sample_line(sample) << "\n";
    }
    for (; e < s.events.size(); ++e)
        out << analysis::event_to_line(s.events[e]).dump() << "\n";
    if (s.end) out << end_to_json(*s.end).dump() << "\n";
    return path;
}

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// "" when the page is well-formed: the doctype, then elements each closed in order (a self-closed
// one only for SVG shapes and HTML void elements), attributes as name="value", and no '<', '>'
// or bare '&' in any text or value. The style element's content is CSS and is skipped.
inline std::string markup_problem(const std::string& page) {
    static const std::set<std::string> self_closing{"meta",   "line", "polyline",
                                                    "circle", "rect", "path"};
    auto entity_ok = [](const std::string& s, std::size_t at) {
        for (const char* e : {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"})
            if (s.compare(at, std::string(e).size(), e) == 0) return true;
        return false;
    };
    const std::string doctype = "<!DOCTYPE html>";
    if (page.compare(0, doctype.size(), doctype) != 0) return "no doctype";
    std::vector<std::string> open;
    std::size_t i = doctype.size();
    while (i < page.size()) {
        if (page[i] != '<') {
            if (page[i] == '>') return "raw '>' in text at " + std::to_string(i);
            if (page[i] == '&' && !entity_ok(page, i)) return "bare '&' at " + std::to_string(i);
            ++i;
            continue;
        }
        std::size_t close = page.find('>', i);
        if (close == std::string::npos) return "unterminated tag at " + std::to_string(i);
        std::string tag = page.substr(i + 1, close - i - 1);
        i = close + 1;
        if (!tag.empty() && tag[0] == '/') {
            std::string name = tag.substr(1);
            if (open.empty() || open.back() != name) return "</" + name + "> closes nothing open";
            open.pop_back();
            continue;
        }
        bool self = !tag.empty() && tag.back() == '/';
        if (self) tag.pop_back();
        std::size_t name_end = tag.find(' ');
        std::string name = tag.substr(0, name_end);
        if (name.empty()) return "empty tag name";
        // Attributes: name="value" with nothing unescaped in the value.
        std::size_t a = name_end;
        while (a != std::string::npos && a < tag.size()) {
            while (a < tag.size() && tag[a] == ' ')
                ++a;
            if (a >= tag.size()) break;
            std::size_t eq = tag.find("=\"", a);
            if (eq == std::string::npos) return "attribute without a quoted value in <" + name;
            std::size_t end = tag.find('"', eq + 2);
            if (end == std::string::npos) return "unterminated attribute in <" + name;
            for (std::size_t k = eq + 2; k < end; ++k) {
                if (tag[k] == '<') return "'<' in an attribute of <" + name;
                if (tag[k] == '&' && !entity_ok(tag, k)) return "bare '&' in <" + name;
            }
            a = end + 1;
        }
        if (self) {
            if (!self_closing.count(name)) return "<" + name + "/> cannot be self-closed";
            continue;
        }
        if (name == "style") {
            std::size_t end = page.find("</style>", i);
            if (end == std::string::npos) return "unclosed style";
            i = end + 8;
            continue;
        }
        open.push_back(name);
    }
    if (!open.empty()) return "<" + open.back() + "> never closed";
    return "";
}

// The content of the figure with this data-chart id ("" when there is none).
inline std::string chart_markup(const std::string& page, const std::string& id) {
    std::size_t start = page.find("data-chart=\"" + id + "\"");
    if (start == std::string::npos) return "";
    std::size_t end = page.find("</figure>", start);
    return page.substr(start, end - start);
}

// Per data-series name, the points drawn: each polyline's coordinate pairs and each lone dot.
inline std::map<std::string, std::size_t> points_per_series(const std::string& chart) {
    std::map<std::string, std::size_t> out;
    const std::string key = "data-series=\"";
    for (std::size_t at = chart.find(key); at != std::string::npos; at = chart.find(key, at + 1)) {
        std::size_t name_end = chart.find('"', at + key.size());
        std::string name = chart.substr(at + key.size(), name_end - at - key.size());
        std::size_t tag_start = chart.rfind('<', at);
        std::size_t tag_end = chart.find('>', at);
        std::string tag = chart.substr(tag_start, tag_end - tag_start);
        if (tag.compare(0, 7, "<circle") == 0) {
            ++out[name];
            continue;
        }
        std::size_t p = tag.find("points=\"");
        if (p == std::string::npos) continue;
        std::size_t p_end = tag.find('"', p + 8);
        std::string points = tag.substr(p + 8, p_end - p - 8);
        std::size_t pairs = points.empty() ? 0 : 1;
        for (char c : points)
            pairs += c == ' ';
        out[name] += pairs;
    }
    return out;
}

}  // namespace edgetop::testing
