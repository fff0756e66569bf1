#include <gtest/gtest.h>

#include <string>

#include "exporter/http_answer.hpp"

namespace edgetop::exporter {
namespace {

// The head serve sends for /api/v1/sample (captured with curl -si from a running serve).
std::string serve_answer(const std::string& body) {
    return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
           std::to_string(body.size()) +
           "\r\nETag: W/\"t-12500000\"\r\nVary: Accept-Encoding\r\nConnection: close\r\n\r\n" +
           body;
}

const std::string kBody = R"({"type":"sample","t":12.5,"power_total_mw":4321})";

std::string error_of(const std::string& answer, std::size_t max_body = 1024) {
    try {
        HttpAnswerReader reader(max_body);
        reader.add(answer);
        reader.finish();
    } catch (const HttpAnswerError& e) {
        return e.what();
    }
    return "";
}

TEST(HttpAnswer, ReadsTheSameAnswerWholeOrByteByByte) {
    std::string answer = serve_answer(kBody);
    HttpAnswerReader whole(1024);
    EXPECT_TRUE(whole.add(answer));
    auto reply = whole.finish();
    EXPECT_EQ(reply.status, 200);
    EXPECT_EQ(reply.body, kBody);

    HttpAnswerReader bytes(1024);
    for (std::size_t i = 0; i + 1 < answer.size(); ++i)
        EXPECT_FALSE(bytes.add(answer.substr(i, 1))) << i;
    EXPECT_TRUE(bytes.add(answer.substr(answer.size() - 1)));
    auto split = bytes.finish();
    EXPECT_EQ(split.status, 200);
    EXPECT_EQ(split.body, kBody);
}

TEST(HttpAnswer, StopsAtContentLengthAndReadsToTheEndWithoutIt) {
    HttpAnswerReader extra(1024);
    EXPECT_TRUE(extra.add(serve_answer(kBody) + "trailing bytes"));
    EXPECT_EQ(extra.finish().body, kBody);

    HttpAnswerReader until_close(1024);
    EXPECT_FALSE(until_close.add("HTTP/1.0 404 Not Found\r\nContent-Type: text/plain\r\n\r\nno "));
    EXPECT_FALSE(until_close.add("such path\n"));
    auto reply = until_close.finish();
    EXPECT_EQ(reply.status, 404);
    EXPECT_EQ(reply.body, "no such path\n");
}

TEST(HttpAnswer, ABodyBeyondTheLimitIsRefusedBeforeItIsRead) {
    EXPECT_EQ(error_of(serve_answer(std::string(2048, 'x'))), "answer larger than 1024 bytes");
    EXPECT_EQ(error_of("HTTP/1.1 200 OK\r\n\r\n" + std::string(1025, 'x')),
              "answer larger than 1024 bytes");
    EXPECT_EQ(error_of(serve_answer(kBody), 1 << 20), "");
    EXPECT_EQ(error_of("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n"),
              "bad Content-Length");
}

TEST(HttpAnswer, AHeadBeyond64KiBIsRefusedEvenWhenItEnds) {
    std::string field = "X-Filler: " + std::string(kMaxAnswerHeadBytes, 'a') + "\r\n";
    EXPECT_EQ(error_of("HTTP/1.1 200 OK\r\n" + field), "answer head larger than 64 KiB");
    EXPECT_EQ(error_of("HTTP/1.1 200 OK\r\n" + field + "\r\n"), "answer head larger than 64 KiB");
}

TEST(HttpAnswer, WhatIsNotAnHttpAnswerIsNamed) {
    EXPECT_EQ(error_of("SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n\r\n"), "not an HTTP answer");
    EXPECT_EQ(error_of("HTTP/1.1 2x0 OK\r\n\r\n"), "not an HTTP answer");
    EXPECT_EQ(error_of("HTTP/1.1 2000 OK\r\n\r\n"), "not an HTTP answer");
    EXPECT_EQ(error_of("HTTP/1.1 040 OK\r\n\r\n"), "not an HTTP answer");
    EXPECT_EQ(error_of("HTTP/1.1 600 OK\r\n\r\n"), "not an HTTP answer");
    EXPECT_EQ(error_of("HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n"), "");
    EXPECT_EQ(error_of("HTTP/1.1 200 OK\r\nContent-Length: 12abc\r\n\r\n"), "bad Content-Length");
    EXPECT_EQ(error_of("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n"), "bad Content-Length");
    EXPECT_EQ(
        error_of("HTTP/1.1 200 OK\r\ntransfer-encoding: Chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"),
        "unexpected Transfer-Encoding 'Chunked'");
    EXPECT_EQ(error_of("HTTP/1.1 200 OK\r\nTransfer-Encoding: identity\r\n\r\nbody"), "");
}

TEST(HttpAnswer, AConnectionThatEndsEarlySaysWhere) {
    EXPECT_EQ(error_of(""), "connection closed without an answer");
    EXPECT_EQ(error_of("HTTP/1.1 200 OK\r\nContent-"),
              "connection closed within the answer's head");
    std::string answer = serve_answer(kBody);
    EXPECT_EQ(error_of(answer.substr(0, answer.size() - 3)), "connection closed within the answer");
}

}  // namespace
}  // namespace edgetop::exporter
