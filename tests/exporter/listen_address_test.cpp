// --listen: numeric IPv4 and IPv6 addresses with a port, and a clear refusal of what the server
// cannot bind.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>

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

TEST(ListenAddress, LoopbackIsThisMachineOnly) {
    for (const char* local : {"127.0.0.1:9102", "127.1.2.3:0", "[::1]:9102"})
        EXPECT_TRUE(is_loopback(*parse_listen_address(local))) << local;
    for (const char* network : {"0.0.0.0:9102", "192.168.1.20:9102", "[::]:9102",
                                "[::ffff:127.0.0.1]:9102", "[fe80::1]:9102", "128.0.0.1:9102"})
        EXPECT_FALSE(is_loopback(*parse_listen_address(network))) << network;
}

TEST(ListenAddress, RejectsNamesMissingPortsAndBadPorts) {
    for (const char* bad :
         {"localhost:9102", "127.0.0.1", ":9102", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1",
          "127.0.0.1:9102x", "[::1]", "::1:9102", "[::1:9102", "300.0.0.1:9102", "", "[]:9102"})
        EXPECT_FALSE(parse_listen_address(bad)) << bad;
}

TEST(ListenAddress, AUnixSocketIsAPathAfterUnixAndOfThisMachine) {
    auto local = parse_listen_address("unix:/run/edgetop.sock");
    ASSERT_TRUE(local);
    EXPECT_TRUE(local->is_unix());
    EXPECT_EQ(local->unix_path, "/run/edgetop.sock");
    EXPECT_EQ(local->text(), "unix:/run/edgetop.sock");
    EXPECT_TRUE(is_loopback(*local));
    EXPECT_FALSE(parse_listen_address("127.0.0.1:9102")->is_unix());
    // sun_path holds 107 bytes and the NUL.
    EXPECT_TRUE(parse_listen_address("unix:/" + std::string(106, 'a')));
    EXPECT_FALSE(parse_listen_address("unix:/" + std::string(107, 'a')));
    EXPECT_FALSE(parse_listen_address("unix:"));
    EXPECT_FALSE(parse_listen_address(std::string("unix:a\0b", 8)));
}

TEST(MetricsServer, BindsPortZeroToARealPort) {
    MetricsServer server(*parse_listen_address("127.0.0.1:0"), std::make_shared<LatestMetrics>());
    EXPECT_GT(server.address().port, 0);
    EXPECT_EQ(server.address().host, "127.0.0.1");
}

TEST(MetricsServer, BindsTheAnyAddressesOfBothFamilies) {
    MetricsServer v4(*parse_listen_address("0.0.0.0:0"), std::make_shared<LatestMetrics>());
    EXPECT_GT(v4.address().port, 0);
    EXPECT_EQ(v4.address().text(), "0.0.0.0:" + std::to_string(v4.address().port));
    try {
        MetricsServer v6(*parse_listen_address("[::]:0"), std::make_shared<LatestMetrics>());
        EXPECT_GT(v6.address().port, 0);
        EXPECT_EQ(v6.address().host, "[::]");
    } catch (const std::runtime_error& e) {
        GTEST_SKIP() << "this machine has no IPv6: " << e.what();
    }
}

TEST(MetricsServer, AnAddressNotOfThisMachineIsAClearError) {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never assigned to a host.
    try {
        MetricsServer server(*parse_listen_address("192.0.2.1:9102"),
                             std::make_shared<LatestMetrics>());
        FAIL() << "bound an address this machine does not have";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "cannot listen on 192.0.2.1:9102: Cannot assign requested address");
    }
}

}  // namespace
}  // namespace edgetop::exporter
