// The request head parser of serve's HTTP server: complete, incomplete, malformed and oversized
// heads, and the few fields it acts on.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "exporter/http_request.hpp"

namespace edgetop::exporter {
namespace {

TEST(HttpRequestHead, ParsesWhatPrometheusSends) {
    std::string head =
        "GET /metrics?target=x HTTP/1.1\r\nHost: 127.0.0.1:9102\r\n"
        "User-Agent: Prometheus/2.42.0\r\n"
        "Accept: application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5\r\n"
        "Accept-Encoding: gzip\r\nX-Prometheus-Scrape-Timeout-Seconds: 10\r\n\r\n";
    auto parsed = parse_request_head(head + "GET / HTTP/1.1\r\n");
    ASSERT_EQ(parsed.status, HeadStatus::Complete);
    EXPECT_EQ(parsed.head_bytes, head.size());
    EXPECT_EQ(parsed.request.method, "GET");
    EXPECT_EQ(parsed.request.path, "/metrics");
    EXPECT_EQ(parsed.request.minor_version, 1);
    EXPECT_EQ(parsed.request.accept,
              "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5");
    EXPECT_EQ(parsed.request.accept_encoding, "gzip");
    EXPECT_TRUE(parsed.request.keep_alive);
    EXPECT_FALSE(parsed.request.has_body);
}

TEST(HttpRequestHead, KeepAliveFollowsTheVersionAndConnectionField) {
    EXPECT_FALSE(parse_request_head("GET / HTTP/1.0\r\n\r\n").request.keep_alive);
    EXPECT_TRUE(
        parse_request_head("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").request.keep_alive);
    EXPECT_FALSE(parse_request_head("GET / HTTP/1.1\r\nHost: x\r\nconnection: TE, close\r\n\r\n")
                     .request.keep_alive);
    EXPECT_TRUE(parse_request_head("GET / HTTP/1.1\r\nHost: x\r\n\r\n").request.keep_alive);
}

TEST(HttpRequestHead, RepeatedFieldsAreJoinedAndBareLineFeedsAccepted) {
    auto parsed = parse_request_head("HEAD / HTTP/1.0\nAccept: text/plain\naccept:  */* \n\n");
    ASSERT_EQ(parsed.status, HeadStatus::Complete);
    EXPECT_EQ(parsed.request.method, "HEAD");
    EXPECT_EQ(parsed.request.accept, "text/plain, */*");
}

TEST(HttpRequestHead, BodiesAreNoticed) {
    EXPECT_TRUE(parse_request_head("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n")
                    .request.has_body);
    EXPECT_TRUE(
        parse_request_head("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            .request.has_body);
    EXPECT_FALSE(parse_request_head("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
                     .request.has_body);
}

TEST(HttpRequestHead, IncompleteUntilTheBlankLine) {
    for (const char* partial : {"", "GET /metr", "GET /metrics HTTP/1.1\r\n",
                                "GET /metrics HTTP/1.1\r\nHost: x\r\n", "GET / HTTP/1.1\r\n\r"})
        EXPECT_EQ(parse_request_head(partial).status, HeadStatus::Incomplete) << partial;
}

TEST(HttpRequestHead, MalformedHeadsAreRefused) {
    for (const char* bad :
         {"GARBAGE\r\n\r\n", "GET metrics HTTP/1.1\r\n\r\n", "GET /metrics HTTP/2.0\r\n\r\n",
          "GET /metrics\r\n\r\n", "GET  /metrics HTTP/1.1\r\n\r\n", "G(T / HTTP/1.1\r\n\r\n",
          "GET /a b HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nNo colon\r\n\r\n",
          "GET / HTTP/1.1\r\nHost : x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
          "GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
          "GET / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n", "\r\n\r\n"})
        EXPECT_EQ(parse_request_head(bad).status, HeadStatus::Malformed) << bad;
}

TEST(HttpRequestHead, AbsoluteFormTargetsGiveTheirPath) {
    const std::pair<const char*, const char*> cases[] = {
        {"http://127.0.0.1:9102/metrics", "/metrics"},
        {"http://jetson.local:9102/metrics?name[]=up", "/metrics"},
        {"HTTPS://[::1]:9102/metrics", "/metrics"},
        {"http://[fe80::1%25eth0]/", "/"},
        {"http://jetson", "/"},
        {"http://jetson:/?x=1", "/"},
    };
    for (auto [target, path] : cases) {
        auto parsed =
            parse_request_head("GET " + std::string(target) + " HTTP/1.1\r\nHost: x\r\n\r\n");
        ASSERT_EQ(parsed.status, HeadStatus::Complete) << target;
        EXPECT_EQ(parsed.request.path, path) << target;
    }
}

TEST(HttpRequestHead, MalformedAbsoluteFormAndNonAsciiTargetsAreRefused) {
    for (const char* target :
         {"http:///metrics", "http://", "http:/jetson/metrics", "ftp://jetson/metrics",
          "jetson:9102/metrics", "http://user:pw@jetson/metrics", "http://jetson:9x/metrics",
          "http://jetson:123456/", "http://[::1/metrics", "http://::1/metrics", "http://jet]son/",
          "http://jet\"son/", "http://h\xc3\xa9/", "/caf\xc3\xa9", "*"}) {
        auto parsed =
            parse_request_head("GET " + std::string(target) + " HTTP/1.1\r\nHost: x\r\n\r\n");
        EXPECT_EQ(parsed.status, HeadStatus::Malformed) << target;
    }
    EXPECT_EQ(parse_request_head("G\xc3\x89T / HTTP/1.1\r\n\r\n").status, HeadStatus::Malformed);
}

TEST(HttpRequestHead, Http11NeedsExactlyOneValidHost) {
    EXPECT_EQ(parse_request_head("GET /metrics HTTP/1.1\r\n\r\n").status, HeadStatus::Malformed);
    EXPECT_EQ(parse_request_head("GET /metrics HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n").status,
              HeadStatus::Malformed);
    for (const char* bad : {"jet son", "user@jetson", "jetson:9x", "[::1", "h\xc3\xa9"})
        EXPECT_EQ(
            parse_request_head("GET / HTTP/1.1\r\nHost: " + std::string(bad) + "\r\n\r\n").status,
            HeadStatus::Malformed)
            << bad;
    // HTTP/1.0 predates Host; an empty Host is what a client sends for a target without one.
    EXPECT_EQ(parse_request_head("GET /metrics HTTP/1.0\r\n\r\n").status, HeadStatus::Complete);
    auto empty = parse_request_head("GET / HTTP/1.1\r\nHost:\r\n\r\n");
    ASSERT_EQ(empty.status, HeadStatus::Complete);
    EXPECT_EQ(empty.request.host, "");
    auto parsed = parse_request_head("GET / HTTP/1.1\r\nhOST: [::1]:9102\r\n\r\n");
    ASSERT_EQ(parsed.status, HeadStatus::Complete);
    EXPECT_EQ(parsed.request.host, "[::1]:9102");
}

TEST(HttpRequestHead, AuthorizationIsKeptAndMayAppearOnce) {
    auto parsed = parse_request_head(
        "GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization:  Basic YWxpY2U6c2VjcmV0 \r\n\r\n");
    ASSERT_EQ(parsed.status, HeadStatus::Complete);
    EXPECT_EQ(parsed.request.authorization, "Basic YWxpY2U6c2VjcmV0");
    EXPECT_FALSE(parse_request_head("GET / HTTP/1.1\r\nHost: x\r\n\r\n").request.authorization);
    EXPECT_EQ(parse_request_head("GET / HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\r\n"
                                 "authorization: Bearer b\r\n\r\n")
                  .status,
              HeadStatus::Malformed);
}

TEST(HttpRequestHead, OversizedHeadsAreTooLarge) {
    std::string unfinished = "GET / HTTP/1.1\r\nX-Padding: " + std::string(kMaxHeaderBytes, 'a');
    EXPECT_EQ(parse_request_head(unfinished).status, HeadStatus::TooLarge);
    EXPECT_EQ(parse_request_head(unfinished + "\r\n\r\n").status, HeadStatus::TooLarge);

    std::string many = "GET / HTTP/1.1\r\n";
    for (int i = 0; i <= kMaxHeaderFields; ++i)
        many += "X-F: 1\r\n";
    EXPECT_EQ(parse_request_head(many + "\r\n").status, HeadStatus::TooLarge);
}

}  // namespace
}  // namespace edgetop::exporter
