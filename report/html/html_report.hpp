// edgetop report --html: one self-contained page (inline CSS and SVG, no script, no reference to
// anything outside the file) with the text report's tables and the plots of each session, and
// with several sessions their comparison as charts.
#pragma once

#include <string>
#include <vector>

#include "report/html/html_session.hpp"

namespace edgetop::html {

std::string render_html_report(const std::vector<HtmlSession>& sessions);

}  // namespace edgetop::html
