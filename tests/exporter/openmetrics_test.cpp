// The OpenMetrics body: the forms the specification gives for each family type, and for the
// families of every fixture board a well-formed exposition with the very series and values of the
// text format body.
#include "exporter/openmetrics_serializer.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "exporter/export_model.hpp"
#include "exporter/family_builder.hpp"
#include "exporter/text_exposition.hpp"
#include "sensors/sampler/sampler.hpp"
#include "tests/exporter/fixture_families.hpp"
#include "tests/exporter/openmetrics_check.hpp"
#include "tests/support/fixture_tree.hpp"

namespace edgetop::exporter {
namespace {

TEST(OpenMetrics, WritesEachFamilyTypeAsTheSpecificationSays) {
    Families families;
    families.push_back(make_family("app_requests_total", "Requests.", MetricType::Counter));
    add_value(families.back(), 3, {{"code", "200"}});
    families.push_back(make_family("app_build_info", "The build.", MetricType::Gauge));
    add_value(families.back(), 1, {{"version", "1.2"}});
    families.push_back(make_family("app_temperature_celsius", "", MetricType::Gauge));
    add_value(families.back(), 52.625);
    families.push_back(make_family("app_other", "Untyped.", MetricType::Untyped));
    add_value(families.back(), -2);

    EXPECT_EQ(serialize_openmetrics(families),
              "# HELP app_requests Requests.\n"
              "# TYPE app_requests counter\n"
              "app_requests_total{code=\"200\"} 3\n"
              "# HELP app_build The build.\n"
              "# TYPE app_build info\n"
              "app_build_info{version=\"1.2\"} 1\n"
              "# TYPE app_temperature_celsius gauge\n"
              "app_temperature_celsius 52.625\n"
              "# HELP app_other Untyped.\n"
              "# TYPE app_other unknown\n"
              "app_other -2\n"
              "# EOF\n");
}

TEST(OpenMetrics, AnInfoNamedGaugeWithOtherValuesStaysAGauge) {
    Families families;
    families.push_back(make_family("app_mode_info", "", MetricType::Gauge));
    add_value(families.back(), 0);
    EXPECT_EQ(serialize_openmetrics(families),
              "# TYPE app_mode_info gauge\napp_mode_info 0\n# EOF\n");
}

TEST(OpenMetrics, EscapesHelpAndLabelValuesAndSpellsSpecialNumbers) {
    Families families;
    families.push_back(
        make_family("app_value", "A \"quoted\" back\\slash\nnewline.", MetricType::Gauge));
    add_value(families.back(), std::numeric_limits<double>::infinity(), {{"zone", "a\"b\\c\nd"}});
    add_value(families.back(), -std::numeric_limits<double>::infinity(), {{"zone", "low"}});
    add_value(families.back(), std::numeric_limits<double>::quiet_NaN(), {{"zone", "none"}});
    add_value(families.back(), 0.1, {{"zone", "tenth"}});
    add_value(families.back(), 1e21, {{"zone", "big"}});
    add_value(families.back(), 2566.15, {{"zone", "cpu"}});

    std::string text = serialize_openmetrics(families);
    EXPECT_EQ(text,
              "# HELP app_value A \\\"quoted\\\" back\\\\slash\\nnewline.\n"
              "# TYPE app_value gauge\n"
              "app_value{zone=\"a\\\"b\\\\c\\nd\"} +Inf\n"
              "app_value{zone=\"low\"} -Inf\n"
              "app_value{zone=\"none\"} NaN\n"
              "app_value{zone=\"tenth\"} 0.1\n"
              "app_value{zone=\"big\"} 1e+21\n"
              "app_value{zone=\"cpu\"} 2566.15\n"
              "# EOF\n");
    auto check = testing::check_openmetrics(text);
    EXPECT_TRUE(check.problems.empty()) << ::testing::PrintToString(check.problems);
}

TEST(OpenMetrics, NoFamiliesIsJustEof) {
    EXPECT_EQ(serialize_openmetrics({}), "# EOF\n");
}

class OpenMetricsFixture : public ::testing::TestWithParam<const char*> {};

TEST_P(OpenMetricsFixture, WellFormedWithTheSeriesOfTheTextFormat) {
    Families families = families_of(GetParam());

    std::string openmetrics = serialize_openmetrics(families);
    auto check = testing::check_openmetrics(openmetrics);
    EXPECT_TRUE(check.problems.empty()) << ::testing::PrintToString(check.problems);
    EXPECT_EQ(check.types["edgetop_samples"], "counter");
    EXPECT_EQ(check.types["edgetop_cpu_seconds"], "counter");
    EXPECT_EQ(check.types["edgetop_board"], "info");
    EXPECT_EQ(check.series["edgetop_samples_total"], 2);

    auto text = testing::text_format_series(write_text_exposition(families));
    ASSERT_EQ(check.series.size(), text.size());
    for (const auto& [series, value] : text) {
        auto found = check.series.find(series);
        ASSERT_NE(found, check.series.end()) << series;
        if (std::isnan(value))
            EXPECT_TRUE(std::isnan(found->second)) << series;
        else
            // The text format has 16 significant digits, a last bit short of a round trip.
            EXPECT_DOUBLE_EQ(found->second, value) << series;
    }
}

INSTANTIATE_TEST_SUITE_P(Boards, OpenMetricsFixture,
                         ::testing::Values("nano", "tx2", "xavier-nx", "agx-xavier", "agx-orin",
                                           "orin-nano", "thor", "x86-pc"));

}  // namespace
}  // namespace edgetop::exporter
