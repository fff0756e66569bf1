// The HTML report's style sheet, inline in the page: light and dark colours
// (prefers-color-scheme), and a print layout.
#pragma once

#include <string_view>

namespace edgetop::html {

std::string_view style_sheet();

}  // namespace edgetop::html
