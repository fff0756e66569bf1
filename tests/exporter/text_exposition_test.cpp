// The 0.0.4 text body: edgetop's own writer byte for byte against prometheus-cpp's TextSerializer
// (where this build has it) on the families of every fixture board and on hostile values, and
// against the format's grammar where it does not.
#include "exporter/text_exposition.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "exporter/family_builder.hpp"
#include "tests/exporter/fixture_families.hpp"
#include "tests/exporter/metric_names.hpp"

#if EDGETOP_HAVE_PROMETHEUS_CPP
#include "exporter/text_writer/prometheus_cpp.hpp"
#endif

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
    EXPECT_EQ(write_text_exposition_own(families),
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

class TextWriters : public ::testing::TestWithParam<const char*> {};

#if EDGETOP_HAVE_PROMETHEUS_CPP
TEST_P(TextWriters, OwnWriterGivesPrometheusCppBytes) {
    Families families = families_of(GetParam());
    ASSERT_FALSE(families.empty());
    EXPECT_EQ(write_text_exposition_own(families), write_text_exposition_prometheus_cpp(families));
}

TEST(TextExposition, OwnWriterGivesPrometheusCppBytesOnHostileValues) {
    Families families = hostile_families();
    EXPECT_EQ(write_text_exposition_own(families), write_text_exposition_prometheus_cpp(families));
}

TEST(TextExposition, ServeUsesPrometheusCppInThisBuild) {
    EXPECT_TRUE(text_exposition_by_prometheus_cpp());
}
#else
TEST_P(TextWriters, OwnWriterGivesPrometheusCppBytes) {
    GTEST_SKIP() << "built without prometheus-cpp: nothing to compare with";
}

TEST(TextExposition, ServeUsesTheOwnWriterInThisBuild) {
    EXPECT_FALSE(text_exposition_by_prometheus_cpp());
    Families families = hostile_families();
    EXPECT_EQ(write_text_exposition(families), write_text_exposition_own(families));
}
#endif

INSTANTIATE_TEST_SUITE_P(Boards, TextWriters,
                         ::testing::Values("nano", "tx2", "xavier-nx", "agx-xavier", "agx-orin",
                                           "orin-nano", "thor", "x86-pc"));

}  // namespace
}  // namespace edgetop::exporter
