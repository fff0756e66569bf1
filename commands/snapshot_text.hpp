// One sample as readable text: every family, every value with its unit, "n/a" when absent.
#pragma once

#include <string>
#include <string_view>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"

namespace edgetop {

std::string format_snapshot(const Sample& sample, const Board& board);

// The keys of Sample's structs that format_snapshot() writes a section of its own for.
inline constexpr std::string_view kSnapshotSections =
    "cpu system gpu emc engines rails oc_events thermal fans cooling mem psi procs groups disks "
    "net";

// A section for each struct of Sample's schema (an object or a list of objects) that `written`
// (keys separated by spaces) does not name: titled by its key, its columns from its schema. What
// a struct added to Sample shows in the text snapshot before a section of its own is written.
std::string schema_sections(const Sample& sample, std::string_view written);

}  // namespace edgetop
