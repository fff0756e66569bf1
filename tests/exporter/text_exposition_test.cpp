// The 0.0.4 text body: each part spelled as the format says, and hostile values and labels read
// back from the body as they were given (what a scraper's parser does with it).
#include "exporter/text_exposition.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "exporter/family_builder.hpp"
#include "tests/exporter/fixture_families.hpp"
#include "tests/exporter/metric_names.hpp"

namespace edgetop::exporter {
namespace {

// Values and labels a board can produce in the worst case.
Families hostile_families() {
    constexpr double inf = std::numeric_limits<double>::infinity();
    Families families;
    families.push_back(make_family("app_value", "Help with \"quotes\", back\\slash\nand newline.",
                                   MetricType::Gauge));
    auto& gauge = families.back();
    const double values[] = {0.0,
                             -0.0,
                             0.1,
                             1.0 / 3,
                             2566.15,
                             -52.625,
                             1e15,
                             1e16,
                             123456789012345678.0,
                             1e21,
                             1e300,
                             std::numeric_limits<double>::max(),
                             std::numeric_limits<double>::min(),
                             std::numeric_limits<double>::denorm_min(),
                             1e-5,
                             0.000123,
                             inf,
                             -inf,
                             std::numeric_limits<double>::quiet_NaN(),
                             18446744073709551615.0,
                             4294967296.0 * 100};
    int i = 0;
    for (double value : values)
        add_value(gauge, value, {{"zone", "z" + std::to_string(i++)}});
    add_value(gauge, 1,
              {{"zone", "a\"b\\c\nd"},
               {"empty", ""},
               {"utf8",
                "Orin \xc2\xb0"
                "C"}});
    families.push_back(make_family("app_events_total", "", MetricType::Counter));
    add_value(families.back(), 18446744073709551615.0);
    families.push_back(make_family("app_other", "Untyped.", MetricType::Untyped));
    add_value(families.back(), -2);
    families.push_back(make_family("app_empty", "No series.", MetricType::Gauge));
    return families;
}

TEST(TextExposition, OwnWriterSpellsEachPartAsTheFormatSays) {
    Families families;
    families.push_back(make_family("app_requests_total", "Requests.", MetricType::Counter));
    add_value(families.back(), 3, {{"code", "200"}, {"path", "a\"b\\c\nd"}});
    families.push_back(make_family("app_temperature_celsius", "", MetricType::Gauge));
    add_value(families.back(), 52.625);
    add_value(families.back(), 0.1 + 0.2);
    add_value(families.back(), std::numeric_limits<double>::quiet_NaN());
    add_value(families.back(), -std::numeric_limits<double>::infinity());
    families.push_back(make_family("app_other", "Untyped.", MetricType::Untyped));
    add_value(families.back(), 1e21);
    EXPECT_EQ(write_text_exposition(families),
              "# HELP app_requests_total Requests.\n"
              "# TYPE app_requests_total counter\n"
              "app_requests_total{code=\"200\",path=\"a\\\"b\\\\c\\nd\"} 3\n"
              "# TYPE app_temperature_celsius gauge\n"
              "app_temperature_celsius 52.625\n"
              "app_temperature_celsius 0.3\n"
              "app_temperature_celsius Nan\n"
              "app_temperature_celsius -Inf\n"
              "# HELP app_other Untyped.\n"
              "# TYPE app_other untyped\n"
              "app_other 1e+21\n");
}

TEST(TextExposition, FixtureNamesFollowTheDataModel) {
    for (const char* board : {"nano", "agx-orin", "thor", "x86-pc"}) {
        for (const auto& family : families_of(board)) {
            EXPECT_TRUE(testing::is_metric_name(family.name)) << family.name;
            for (const auto& series : family.series)
                for (const auto& label : series.labels)
                    EXPECT_TRUE(testing::is_label_name(label.name)) << label.name;
        }
    }
    EXPECT_FALSE(testing::is_metric_name("9lives"));
    EXPECT_FALSE(testing::is_metric_name("a-b"));
    EXPECT_TRUE(testing::is_metric_name("ns:rule_total"));
    EXPECT_FALSE(testing::is_label_name("__reserved"));
    EXPECT_FALSE(testing::is_label_name("a:b"));
}

// A series line read back: its label values unescaped and its value as a scraper parses it.
struct ReadSeries {
    std::vector<std::string> label_values;
    double value = 0;
};

ReadSeries read_series_line(const std::string& line) {
    ReadSeries read;
    std::size_t at = line.find('{');
    if (at != std::string::npos) {
        while (line[at] != '}') {
            at = line.find('"', at) + 1;
            std::string value;
            for (; line[at] != '"'; ++at) {
                if (line[at] == '\\') {
                    ++at;
                    value += line[at] == 'n' ? '\n' : line[at];
                } else {
                    value += line[at];
                }
            }
            read.label_values.push_back(value);
            ++at;  // the closing quote, then ',' or '}'
        }
    }
    std::string value = line.substr(line.rfind(' ') + 1);
    read.value = value == "Nan"    ? std::numeric_limits<double>::quiet_NaN()
                 : value == "+Inf" ? std::numeric_limits<double>::infinity()
                 : value == "-Inf" ? -std::numeric_limits<double>::infinity()
                                   : std::strtod(value.c_str(), nullptr);
    return read;
}

TEST(TextExposition, HostileValuesAndLabelsReadBackAsGiven) {
    Families families = hostile_families();
    std::istringstream body(write_text_exposition(families));
    std::vector<std::string> lines;
    for (std::string line; std::getline(body, line);)
        if (!line.starts_with("#")) lines.push_back(line);
    EXPECT_NE(
        body.str().find("# HELP app_value Help with \"quotes\", back\\\\slash\\nand newline.\n"),
        std::string::npos)
        << body.str();
    std::size_t next = 0;
    for (const auto& family : families)
        for (const auto& series : family.series) {
            ASSERT_LT(next, lines.size());
            SCOPED_TRACE(lines[next]);
            ReadSeries read = read_series_line(lines[next++]);
            ASSERT_EQ(read.label_values.size(), series.labels.size());
            for (std::size_t i = 0; i < series.labels.size(); ++i)
                EXPECT_EQ(read.label_values[i], series.labels[i].value);
            if (std::isnan(series.value))
                EXPECT_TRUE(std::isnan(read.value));
            else if (std::isinf(series.value) || series.value == 0)
                EXPECT_EQ(read.value, series.value);
            else if (std::abs(series.value) > 1.797693134862315e308)
                // 16 digits round the largest doubles up past DBL_MAX: they read as infinite.
                EXPECT_EQ(read.value,
                          std::copysign(std::numeric_limits<double>::infinity(), series.value));
            else  // 16 significant digits
                EXPECT_NEAR(read.value / series.value, 1.0, 1e-15) << series.value;
        }
    EXPECT_EQ(next, lines.size());
}

}  // namespace
}  // namespace edgetop::exporter
