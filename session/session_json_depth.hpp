// How deep a JSON text nests, found by counting brackets outside strings before a line is given
// to nlohmann-json: its parser is iterative, but copying, printing and comparing a value recurse
// once per level, so a line nested ~150,000 deep (an event's evidence) overflowed the stack in
// report and replay. A counter, not a parser: whether the text is JSON is the parser's business.
#pragma once

#include <cstddef>
#include <string_view>

namespace edgetop {

// Far deeper than any line edgetop writes (a sample nests 4 levels, an event's evidence 3).
inline constexpr std::size_t kMaxJsonDepth = 64;

// Whether text nests more than max_depth arrays and objects at some point.
bool nests_deeper_than(std::string_view text, std::size_t max_depth);

}  // namespace edgetop
