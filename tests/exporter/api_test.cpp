// The JSON API's parts without a server: the history ring (every sample after a time, across the
// ring's wrap-around), durations, the routes' statuses, conditional requests and the schema's
// copy in docs/api.md.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "exporter/api_duration.hpp"
#include "exporter/api_history.hpp"
#include "exporter/api_routes.hpp"
#include "exporter/api_schema.hpp"
#include "exporter/api_store.hpp"

namespace edgetop::exporter {
namespace api_test {

using namespace std::chrono_literals;

std::string line_at(int64_t t_us) {
    return R"({"type":"sample","t":)" + std::to_string(t_us / 1e6) + R"(,"x":)" +
           std::to_string(t_us) + "}";
}

std::vector<int64_t> times_after(const SampleHistory& history, int64_t t_us) {
    std::vector<int64_t> out;
    history.for_each_after(t_us, [&](int64_t t, std::string_view line) {
        EXPECT_EQ(std::string(line), line_at(t));
        out.push_back(t);
    });
    return out;
}

TEST(ApiHistory, SinceGivesExactlyTheSamplesAfterItInOrderAcrossTheWrapAround) {
    constexpr size_t kCapacity = 7;
    SampleHistory history(kCapacity);
    std::vector<int64_t> added;
    // 3 times around the ring, with uneven steps (a late tick), so every slot is written over.
    int64_t t = 0;
    for (int i = 0; i < 23; ++i) {
        t += 250000 + (i % 3) * 1001;
        history.add(t, line_at(t));
        added.push_back(t);
        size_t kept = std::min(added.size(), kCapacity);
        std::vector<int64_t> expected_all(added.end() - static_cast<ptrdiff_t>(kept), added.end());
        ASSERT_EQ(history.size(), kept);
        // From before everything, from each time seen, and from between two of them.
        EXPECT_EQ(times_after(history, -1), expected_all);
        for (size_t k = 0; k < added.size(); ++k) {
            std::vector<int64_t> expected;
            for (int64_t x : expected_all)
                if (x > added[k]) expected.push_back(x);
            EXPECT_EQ(times_after(history, added[k]), expected) << "since " << added[k];
            EXPECT_EQ(times_after(history, added[k] + 1), expected) << "since " << added[k] + 1;
        }
    }
    // A client polling with the last t it read gets every sample once, none twice.
    SampleHistory polled(4);
    std::vector<int64_t> seen;
    int64_t last = -1;
    for (int64_t s = 1; s <= 40; ++s) {
        polled.add(s * 100000, line_at(s * 100000));
        if (s % 3 == 0) {  // reads every 3 samples, within the ring's 4
            for (int64_t x : times_after(polled, last))
                seen.push_back(x);
            last = seen.back();
        }
    }
    std::vector<int64_t> expected;
    for (int64_t s = 1; s <= 39; ++s)
        expected.push_back(s * 100000);
    EXPECT_EQ(seen, expected);
}

TEST(ApiHistory, ATimeThatDoesNotIncreaseIsIgnoredAndTheMemoryStaysFlatOnceFull) {
    // Times of two digits: lines of one length.
    SampleHistory history(3);
    history.add(20, line_at(20));
    history.add(20, line_at(20));
    history.add(10, line_at(10));
    EXPECT_EQ(history.size(), 1u);
    for (int64_t t = 21; t < 23; ++t)
        history.add(t, line_at(t));
    size_t full = history.memory_bytes();
    for (int64_t t = 23; t < 99; ++t)
        history.add(t, line_at(t));
    EXPECT_EQ(history.memory_bytes(), full);
    EXPECT_EQ(history.oldest_t_us(), 96);
    EXPECT_EQ(history.newest_t_us(), 98);
}

// Real sample lines differ in length from one sample to the next by a few hundred bytes (values
// gaining and losing digits, a process list changing): a slot given a longer line than it held
// must not double its memory, or after a few turns of the ring every slot holds twice its line.
TEST(ApiHistory, LinesOfChangingLengthKeepTheMemoryNearTheirSize) {
    constexpr size_t kSlots = 50;
    constexpr size_t kLongest = 6500;
    SampleHistory history(kSlots);
    unsigned seed = 1;
    for (int64_t t = 1; t <= 20 * static_cast<int64_t>(kSlots); ++t) {
        seed = seed * 1103515245 + 12345;  // lengths from 6,100 to 6,500 bytes, in no order
        std::string line = line_at(t);
        line.insert(
            line.size() - 1,
            ",\"pad\":\"" + std::string(kLongest - 400 + seed % 400 - line.size() - 9, 'x') + "\"");
        ASSERT_LE(line.size(), kLongest);
        history.add(t, line);
    }
    EXPECT_LE(history.memory_bytes(), kSlots * kLongest * 9 / 8 + 64 * kSlots);
}

TEST(ApiDuration, NumbersWithTheirUnitAreDurationsAndNothingElseIs) {
    EXPECT_EQ(parse_duration("500ms"), 500ms);
    EXPECT_EQ(parse_duration("30s"), 30s);
    EXPECT_EQ(parse_duration("5m"), 5min);
    EXPECT_EQ(parse_duration("1.5h"), 90min);
    EXPECT_EQ(parse_duration("0s"), 0ms);
    for (const char* bad :
         {"", "5", "m", "-5m", "+5m", "5 m", "5d", "5mm", "nanm", "infs", "1e30h"})
        EXPECT_FALSE(parse_duration(bad)) << bad;
}

TEST(ApiStore, SampleTimesAreReadAsTheLineWritesThem) {
    EXPECT_EQ(parse_sample_time_us("12.345678"), 12345678);
    EXPECT_EQ(parse_sample_time_us("0"), 0);
    EXPECT_EQ(parse_sample_time_us("3"), 3000000);
    for (const char* bad : {"", "-1", "x", "1.5s", "nan", "inf", "1e300"})
        EXPECT_FALSE(parse_sample_time_us(bad)) << bad;
    EXPECT_EQ(sample_line_time_us(R"({"type":"sample","t":0.05,"time":"x"})"), 50000);
    EXPECT_FALSE(sample_line_time_us(R"({"type":"sample"})"));
}

HttpRequest get(const std::string& path, const std::string& query = "") {
    HttpRequest request;
    request.method = "GET";
    request.path = path;
    request.query = query;
    return request;
}

std::string body_of(const HttpAnswer& answer) {
    return std::string(answer.body);
}

TEST(ApiRoutes, BadRequestsGetTheirStatusAndSayWhy) {
    ApiStore api(10);
    EXPECT_EQ(answer_api_request(get("/api/v1/sample"), api).status, 503);
    EXPECT_EQ(answer_api_request(get("/api/v1/board"), api).status, 503);
    api.publish_board(R"({"board":{},"software":{}})");
    api.publish_sample(line_at(1000000));

    EXPECT_EQ(answer_api_request(get("/api/v1/nothing"), api).status, 404);
    EXPECT_EQ(answer_api_request(get("/api/v2/sample"), api).status, 404);
    EXPECT_EQ(answer_api_request(get("/api/v1/sample/"), api).status, 404);
    for (const char* method : {"POST", "PUT", "DELETE", "OPTIONS", "get"}) {
        HttpRequest request = get("/api/v1/sample");
        request.method = method;
        HttpAnswer answer = answer_api_request(request, api);
        EXPECT_EQ(answer.status, 405) << method;
        EXPECT_NE(answer.fields.find("Allow: GET, HEAD\r\n"), std::string::npos);
    }
    for (const char* query : {"", "since", "since=", "since=abc", "since=-1", "since=5d",
                              "since=1&since=2", "until=5", "since=%35m"}) {
        HttpAnswer answer = answer_api_request(get("/api/v1/samples", query), api);
        EXPECT_EQ(answer.status, 400) << query;
        EXPECT_EQ(body_of(answer).rfind("since: ", 0), 0u) << query << ": " << body_of(answer);
    }
    // A value echoed back is shown as printable text only.
    HttpAnswer odd = answer_api_request(get("/api/v1/samples", "since=\x1b[2J"), api);
    EXPECT_EQ(odd.status, 400);
    EXPECT_EQ(body_of(odd).find('\x1b'), std::string::npos);
}

TEST(ApiRoutes, TheSampleCarriesItsTimeAsETagAndAnUnchangedOneIs304) {
    ApiStore api(10);
    api.publish_sample(line_at(2500000));
    HttpAnswer first = answer_api_request(get("/api/v1/sample"), api);
    ASSERT_EQ(first.status, 200);
    EXPECT_EQ(body_of(first), line_at(2500000));
    EXPECT_EQ(first.content_type, kJsonContentType);
    EXPECT_NE(first.fields.find("ETag: W/\"t-2500000\"\r\n"), std::string::npos) << first.fields;

    for (const char* tags : {"W/\"t-2500000\"", "\"t-2500000\"", "\"a\", W/\"t-2500000\"", "*"}) {
        HttpRequest again = get("/api/v1/sample");
        again.if_none_match = tags;
        HttpAnswer answer = answer_api_request(again, api);
        EXPECT_EQ(answer.status, 304) << tags;
        EXPECT_TRUE(answer.body.empty());
    }
    api.publish_sample(line_at(3500000));
    HttpRequest stale = get("/api/v1/sample");
    stale.if_none_match = "W/\"t-2500000\"";
    HttpAnswer next = answer_api_request(stale, api);
    EXPECT_EQ(next.status, 200);
    EXPECT_EQ(body_of(next), line_at(3500000));

    HttpRequest zipped = get("/api/v1/sample");
    zipped.accept_encoding = "gzip";
    HttpAnswer gz = answer_api_request(zipped, api);
    EXPECT_NE(gz.fields.find("Content-Encoding: gzip\r\n"), std::string::npos);
    ASSERT_GE(gz.body.size(), 2u);
    EXPECT_EQ(static_cast<unsigned char>(gz.body[0]), 0x1f);
    EXPECT_EQ(static_cast<unsigned char>(gz.body[1]), 0x8b);
}

TEST(ApiRoutes, SamplesSinceATimeOrADurationAreAJsonArrayOfTheLines) {
    ApiStore api(4);
    EXPECT_EQ(answer_api_request(get("/api/v1/samples", "since=0"), api).status, 503);
    for (int64_t s = 1; s <= 6; ++s)
        api.publish_sample(line_at(s * 1000000));
    auto times = [&](const std::string& query) {
        HttpAnswer answer = answer_api_request(get("/api/v1/samples", query), api);
        EXPECT_EQ(answer.status, 200) << query;
        std::vector<int64_t> out;
        for (const auto& line : nlohmann::json::parse(body_of(answer)))
            out.push_back(line["x"].get<int64_t>());
        return out;
    };
    EXPECT_EQ(times("since=0"), (std::vector<int64_t>{3000000, 4000000, 5000000, 6000000}));
    EXPECT_EQ(times("since=4.000000"), (std::vector<int64_t>{5000000, 6000000}));
    EXPECT_EQ(times("x=1&since=4"), (std::vector<int64_t>{5000000, 6000000}));
    EXPECT_EQ(times("since=6"), std::vector<int64_t>{});
    EXPECT_EQ(times("since=2500ms"), (std::vector<int64_t>{4000000, 5000000, 6000000}));
    EXPECT_EQ(times("since=1h"), (std::vector<int64_t>{3000000, 4000000, 5000000, 6000000}));
}

// The fenced block under "## Sample schema" in docs/api.md.
std::string documented_schema() {
    std::ifstream in(std::string(EDGETOP_SOURCE_DIR) + "/docs/api.md");
    std::string out;
    bool in_section = false;
    bool in_block = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("## ", 0) == 0) in_section = line == "## Sample schema";
        if (!in_section) continue;
        if (line.rfind("```", 0) == 0) {
            if (in_block) break;
            in_block = true;
            continue;
        }
        if (in_block) out += line + "\n";
    }
    return out;
}

TEST(ApiSchema, DocsApiHoldsTheSchemaServed) {
    std::string schema = sample_json_schema();
    EXPECT_EQ(documented_schema(), schema)
        << "docs/api.md's block under \"## Sample schema\" differs; it should read:\n"
        << schema;
    ApiStore api(1);
    HttpAnswer answer = answer_api_request(get("/api/v1/schema"), api);
    EXPECT_EQ(answer.status, 200);
    EXPECT_EQ(body_of(answer), schema);
}

TEST(ApiSchema, EveryKeyOfTheSampleSchemaIsDescribedWithItsUnit) {
    auto schema = nlohmann::json::parse(sample_json_schema());
    EXPECT_EQ(schema["required"][0], "type");
    EXPECT_EQ(schema["properties"]["power_total_mw"]["x-unit"], "mW");
    EXPECT_EQ(schema["properties"]["power_total_mw"]["type"],
              nlohmann::json::array({"number", "null"}));
    auto core = schema["properties"]["cpu"]["properties"]["cores"]["items"];
    EXPECT_EQ(core["properties"]["freq_khz"]["x-unit"], "kHz");
    EXPECT_EQ(core["additionalProperties"], false);
    EXPECT_EQ(schema["properties"]["procs"]["type"], nlohmann::json::array({"object", "null"}));
    EXPECT_EQ(schema["properties"]["time"]["format"], "date-time");
}

}  // namespace api_test
}  // namespace edgetop::exporter
