#include "commands/api_documents.hpp"

#include "cli/cli_help.hpp"

#include <algorithm>
#include <utility>

#include <nlohmann/json.hpp>

#include "report/report_event_json.hpp"
#include "session/session_records_json.hpp"
#include "session/session_sample_line.hpp"

namespace edgetop {

// Named, not anonymous: unity builds put this file beside others.
namespace api_documents {

bool is_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '.' || c == '/';
}

// Every occurrence of `name` as a whole word of text replaced by "(hidden)".
void hide_word(std::string& text, const std::string& name) {
    if (name.empty()) return;
    constexpr std::string_view kHidden = "(hidden)";
    for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at)) {
        size_t end = at + name.size();
        bool whole = (at == 0 || !is_word_char(text[at - 1])) &&
                     (end == text.size() || !is_word_char(text[end]));
        if (!whole) {
            at = end;
            continue;
        }
        text.replace(at, name.size(), kHidden);
        at += kHidden.size();
    }
}

// Takes out of `value`, at any depth, each array element that is an object with a "pid"; their
// "name"s go to `names`.
void drop_processes(nlohmann::json& value, std::vector<std::string>& names) {
    if (value.is_array()) {
        auto names_process = [&](const nlohmann::json& element) {
            if (!element.is_object() || !element.contains("pid")) return false;
            if (auto name = element.find("name"); name != element.end() && name->is_string())
                names.push_back(name->get<std::string>());
            return true;
        };
        value.erase(std::remove_if(value.begin(), value.end(), names_process), value.end());
    }
    if (value.is_array() || value.is_object())
        for (auto& element : value)
            drop_processes(element, names);
}

}  // namespace api_documents

std::string api_board_json(const SessionHeader& header) {
    nlohmann::ordered_json out{{"board", board_to_json(header.board)},
                               {"software", software_to_json(header.board.software)},
                               {"edgetop_version", cli::version()}};
    return out.dump();
}

void write_api_sample_line(fmt::memory_buffer& out, const Sample& sample, bool processes) {
    out.clear();
    if (processes || !sample.procs || sample.procs->top.empty()) {
        append_sample_line(out, sample);
        return;
    }
    Sample shown = sample;
    shown.procs->top.clear();
    append_sample_line(out, shown);
}

analysis::Event without_processes(analysis::Event event) {
    std::vector<std::string> names;
    api_documents::drop_processes(event.evidence, names);
    // Longest first: a name inside a longer one is not cut out of it.
    std::sort(names.begin(), names.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    for (const auto& name : names)
        api_documents::hide_word(event.message, name);
    return event;
}

void RaisedFlags::apply(const analysis::Event& event) {
    std::erase_if(raised_, [&](const analysis::Event& e) { return e.flag == event.flag; });
    if (event.state == analysis::EventState::raised)
        raised_.push_back(processes_ ? event : without_processes(event));
}

std::string RaisedFlags::json() const {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& event : raised_)
        out.push_back(analysis::event_to_line(event));
    return out.dump();
}

}  // namespace edgetop
