// --listen: numeric addresses with a port, and a clear refusal of what the server cannot bind.
#include <civetweb.h>
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>

#include "exporter/listen_address.hpp"
#include "exporter/metrics_server.hpp"

namespace edgetop::exporter {
namespace {

TEST(ListenAddress, AcceptsNumericAddressesAndPorts) {
    auto v4 = parse_listen_address("127.0.0.1:9102");
    ASSERT_TRUE(v4);
    EXPECT_EQ(v4->host, "127.0.0.1");
    EXPECT_EQ(v4->port, 9102);
    EXPECT_EQ(v4->text(), "127.0.0.1:9102");
    EXPECT_EQ(parse_listen_address("0.0.0.0:0")->port, 0);
    EXPECT_EQ(parse_listen_address("[::1]:65535")->host, "[::1]");
    EXPECT_TRUE(parse_listen_address(kDefaultListen));
}

TEST(ListenAddress, RejectsNamesMissingPortsAndBadPorts) {
    for (const char* bad :
         {"localhost:9102", "127.0.0.1", ":9102", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1",
          "127.0.0.1:9102x", "[::1]", "::1:9102", "[::1:9102", "300.0.0.1:9102", "", "[]:9102"})
        EXPECT_FALSE(parse_listen_address(bad)) << bad;
}

TEST(MetricsServer, BindsPortZeroToARealPort) {
    MetricsServer server(*parse_listen_address("127.0.0.1:0"), std::make_shared<LatestMetrics>());
    EXPECT_GT(server.address().port, 0);
    EXPECT_EQ(server.address().host, "127.0.0.1");
}

TEST(MetricsServer, Ipv6WithoutCivetwebSupportIsAClearError) {
    if (mg_check_feature(8) != 0) GTEST_SKIP() << "this civetweb has IPv6";
    try {
        MetricsServer server(*parse_listen_address("[::1]:0"), std::make_shared<LatestMetrics>());
        FAIL() << "bound [::1] without IPv6 support";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(),
                     "cannot listen on [::1]:0: the HTTP server (civetweb) was built without IPv6");
    }
}

}  // namespace
}  // namespace edgetop::exporter
