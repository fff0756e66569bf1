#include "report/html/markup.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "html/html_test_support.hpp"

namespace edgetop::html {
namespace {

TEST(HtmlEscape, HostileNameBecomesText) {
    EXPECT_EQ(escape("<script>alert('x')&\"</script>"),
              "&lt;script&gt;alert(&#39;x&#39;)&amp;&quot;&lt;/script&gt;");
}

TEST(HtmlEscape, KeepsUtf8AndReplacesInvalidBytes) {
    EXPECT_EQ(escape("CPU-therm °C"), "CPU-therm °C");
    EXPECT_EQ(escape("a\xff"
                     "b"),
              "a\xEF\xBF\xBD"
              "b");
    EXPECT_EQ(escape("\xC3"), "\xEF\xBF\xBD");      // truncated sequence
    EXPECT_EQ(escape("x\x01y"), "x\xEF\xBF\xBDy");  // control character
    EXPECT_EQ(escape("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate
}

// A name from a file cannot carry a terminal sequence or reorder the page's text: DEL, C1 and the
// bidi overrides and isolates are replaced as the C0 controls are; tab and newline stay.
TEST(HtmlEscape, ReplacesDelC1AndBidiControls) {
    const std::string replacement = "\xEF\xBF\xBD";
    EXPECT_EQ(escape("a\x1b[31mb"), "a" + replacement + "[31mb");
    EXPECT_EQ(escape("a\x7f"
                     "b"),
              "a" + replacement + "b");
    EXPECT_EQ(escape("a\u009b"
                     "b"),
              "a" + replacement + "b");  // C1 CSI
    EXPECT_EQ(escape("a\u202eb\u2066c\u2069"),
              "a" + replacement + "b" + replacement + "c" + replacement);
    EXPECT_EQ(escape("tab\tnew\nline"), "tab\tnew\nline");
    EXPECT_EQ(escape("\u2069\u202f"), replacement + "\u202f");  // a printable neighbour stays
}

TEST(HtmlMarkup, ClosesInOrderAndEscapesEverything) {
    Markup m;
    m.trusted("<!DOCTYPE html>");
    m.open("html");
    m.open("body", {{"title", "a\"b<c>"}});
    m.element("p", "1 < 2 & 3 > 2");
    m.open("svg");
    m.empty("line", {{"x1", coordinate(1.25, 1)}});
    m.close();
    m.close();
    m.close();
    std::string page = m.finish();
    EXPECT_EQ(page,
              "<!DOCTYPE html><html><body title=\"a&quot;b&lt;c&gt;\"><p>1 &lt; 2 &amp; 3 &gt; "
              "2</p><svg><line x1=\"1.2\"/></svg></body></html>");
    EXPECT_EQ(testing::markup_problem(page), "");
}

TEST(HtmlMarkup, RefusesAnUnbalancedDocument) {
    Markup m;
    m.open("div");
    EXPECT_THROW(m.finish(), std::logic_error);
    Markup none;
    EXPECT_THROW(none.close(), std::logic_error);
}

TEST(HtmlMarkup, CheckerFindsWhatIsWrong) {
    using testing::markup_problem;
    EXPECT_NE(markup_problem("<!DOCTYPE html><div><p></div></p>"), "");
    EXPECT_NE(markup_problem("<!DOCTYPE html><div>a & b</div>"), "");
    EXPECT_NE(markup_problem("<!DOCTYPE html><div/>"), "");
    EXPECT_NE(markup_problem("<!DOCTYPE html><div>"), "");
    EXPECT_EQ(markup_problem("<!DOCTYPE html><div>a &amp; b</div>"), "");
}

TEST(HtmlCoordinate, FewDigitsAndNoNegativeZero) {
    EXPECT_EQ(coordinate(12.0), "12");
    EXPECT_EQ(coordinate(12.34), "12.3");
    EXPECT_EQ(coordinate(-0.01), "0");
    EXPECT_EQ(coordinate(1.0 / 0.0), "0");
}

}  // namespace
}  // namespace edgetop::html
