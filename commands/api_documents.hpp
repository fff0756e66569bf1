// The JSON API's documents as serve publishes them (exporter/api_store.hpp), written with the
// session's own writers so that the API serves the bytes a session file holds: the sample line,
// the header's board and software, and the raised flags' event lines.
//
// Process names, users and command lines tell what runs on a board. Unless serve is given
// --api-processes, they stay out: a sample's process list (procs.top) is written empty (the
// counts stay), and each flag's evidence loses its entries that name a process (an object with a
// "pid"), whose names its message then reads as "(hidden)".
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include "analysis/rules_types.hpp"
#include "edgetop/sample.hpp"
#include "session/session_types.hpp"

namespace edgetop {

// {"board":{...},"software":{...}}, as the header writes them.
std::string api_board_json(const SessionHeader& header);

// The sample line (no newline) into out, cleared first.
void write_api_sample_line(fmt::memory_buffer& out, const Sample& sample, bool processes);

// The event without the processes its evidence names (see above).
analysis::Event without_processes(analysis::Event event);

// The flags raised now, in the order they were raised, each by its raise event.
class RaisedFlags {
  public:
    explicit RaisedFlags(bool processes) : processes_(processes) {}
    // A raise replaces the flag's earlier one; a clear takes it out.
    void apply(const analysis::Event& event);
    // A JSON array of their event lines, as the session writes them.
    std::string json() const;

  private:
    bool processes_;
    std::vector<analysis::Event> raised_;
};

}  // namespace edgetop
