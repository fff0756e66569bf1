// The body a scrape gets by its Accept and Accept-Encoding headers.
#include "exporter/content_negotiation.hpp"

#include <gtest/gtest.h>

namespace edgetop::exporter {
namespace {

// What Prometheus 2.42 sends with every scrape (scrape/scrape.go, acceptHeader).
constexpr const char* kPrometheusAccept =
    "application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;"
    "q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1";

TEST(ContentNegotiation, PrometheusGetsOpenMetrics) {
    EXPECT_EQ(negotiate_format(kPrometheusAccept), ExpositionFormat::OpenMetrics);
    EXPECT_EQ(negotiate_format("application/openmetrics-text; version=1.0.0"),
              ExpositionFormat::OpenMetrics);
    EXPECT_EQ(negotiate_format("Application/OpenMetrics-Text; Version=\"1.0.0\""),
              ExpositionFormat::OpenMetrics);
    EXPECT_EQ(negotiate_format("application/openmetrics-text"), ExpositionFormat::OpenMetrics);
    // The draft version older Prometheus servers (2.5 to 2.32) ask for.
    EXPECT_EQ(negotiate_format("application/openmetrics-text;version=0.0.1"),
              ExpositionFormat::OpenMetrics);
    EXPECT_EQ(negotiate_format("application/openmetrics-text; version=0.0.1,text/plain;"
                               "version=0.0.4;q=0.5,*/*;q=0.1"),
              ExpositionFormat::OpenMetrics);
    // A version never published is not taken for OpenMetrics.
    EXPECT_EQ(negotiate_format("application/openmetrics-text;version=2.0.0"),
              ExpositionFormat::Text);
}

TEST(ContentNegotiation, EverythingElseGetsTheTextFormat) {
    EXPECT_EQ(negotiate_format(""), ExpositionFormat::Text);
    EXPECT_EQ(negotiate_format("*/*"), ExpositionFormat::Text);
    EXPECT_EQ(negotiate_format("text/plain;version=0.0.4"), ExpositionFormat::Text);
    EXPECT_EQ(negotiate_format("text/html,application/xhtml+xml"), ExpositionFormat::Text);
    EXPECT_EQ(negotiate_format("application/vnd.google.protobuf;proto=io.prometheus.client."
                               "MetricFamily;encoding=delimited"),
              ExpositionFormat::Text);
}

TEST(ContentNegotiation, TheHighestQualityWins) {
    EXPECT_EQ(negotiate_format("application/openmetrics-text;version=1.0.0;q=0.5,"
                               "text/plain;version=0.0.4;q=0.9"),
              ExpositionFormat::Text);
    EXPECT_EQ(negotiate_format("text/plain;q=0.2, application/openmetrics-text;q=0.3"),
              ExpositionFormat::OpenMetrics);
    // A tie goes to the range listed first.
    EXPECT_EQ(negotiate_format("text/plain, application/openmetrics-text"), ExpositionFormat::Text);
    // q=0 means "not acceptable", and a q that does not parse counts as 0.
    EXPECT_EQ(negotiate_format("application/openmetrics-text;q=0"), ExpositionFormat::Text);
    EXPECT_EQ(negotiate_format("application/openmetrics-text;q=high"), ExpositionFormat::Text);
}

TEST(ContentNegotiation, GzipOnlyWhenAccepted) {
    EXPECT_TRUE(accepts_gzip("gzip"));
    EXPECT_TRUE(accepts_gzip("deflate, gzip;q=0.8"));
    EXPECT_TRUE(accepts_gzip("x-gzip"));
    EXPECT_TRUE(accepts_gzip("*"));
    EXPECT_FALSE(accepts_gzip(""));
    EXPECT_FALSE(accepts_gzip("identity"));
    EXPECT_FALSE(accepts_gzip("deflate, br"));
    EXPECT_FALSE(accepts_gzip("gzip;q=0"));
    EXPECT_FALSE(accepts_gzip("gzip;q=0, *"));  // named outright beats the wildcard
}

}  // namespace
}  // namespace edgetop::exporter
