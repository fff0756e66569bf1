// What the JSON API publishes besides the sample line: the raised flags with their evidence, and
// without --api-processes no process named in them.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "commands/api_documents.hpp"
#include "report/report_event_json.hpp"
#include "session/session_sample_line.hpp"

namespace edgetop::api_documents_test {

analysis::Event gpu_starved(double t) {
    analysis::Event event;
    event.t_s = t;
    event.flag = "gpu_starved";
    event.state = analysis::EventState::raised;
    // As rules_gpu.cpp writes it.
    event.message =
        "GPU ga10b at 12 % load, below 50 %, while GPU processes 4242 python3 95 %, 77 "
        "python 60 %";
    event.evidence = {
        {"gpu", "ga10b"},
        {"gpu_load_pct", 12.0},
        {"gpu_processes",
         nlohmann::json::array({{{"pid", 4242}, {"name", "python3"}, {"cpu_pct", 95.0}},
                                {{"pid", 77}, {"name", "python"}, {"cpu_pct", 60.0}}})}};
    return event;
}

analysis::Event cleared(const std::string& flag, double t) {
    analysis::Event event;
    event.t_s = t;
    event.flag = flag;
    event.state = analysis::EventState::cleared;
    return event;
}

TEST(ApiDocuments, WithoutProcessesTheEvidenceAndMessageNameNone) {
    analysis::Event hidden = without_processes(gpu_starved(3));
    EXPECT_EQ(hidden.evidence["gpu_processes"], nlohmann::json::array());
    EXPECT_EQ(hidden.evidence["gpu"], "ga10b");
    EXPECT_EQ(hidden.message,
              "GPU ga10b at 12 % load, below 50 %, while GPU processes 4242 (hidden) 95 %, 77 "
              "(hidden) 60 %");
}

TEST(ApiDocuments, RaisedFlagsAreTheRaiseLinesOfTheFlagsUpNow) {
    analysis::Event other;
    other.t_s = 2;
    other.flag = "thermal_throttling";
    other.message = "zone cpu at 99 °C";
    other.evidence = {{"zone", "cpu"}};

    RaisedFlags with(true);
    RaisedFlags without(false);
    for (RaisedFlags* flags : {&with, &without}) {
        EXPECT_EQ(flags->json(), "[]");
        flags->apply(other);
        flags->apply(gpu_starved(3));
    }
    auto lines = nlohmann::json::parse(with.json());
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0], nlohmann::json(analysis::event_to_line(other)));
    EXPECT_EQ(lines[1], nlohmann::json(analysis::event_to_line(gpu_starved(3))));
    auto hidden = nlohmann::json::parse(without.json());
    ASSERT_EQ(hidden.size(), 2u);
    EXPECT_EQ(hidden[1]["evidence"]["gpu_processes"], nlohmann::json::array());
    EXPECT_EQ(without.json().find("python"), std::string::npos);

    with.apply(cleared("thermal_throttling", 4));
    lines = nlohmann::json::parse(with.json());
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0]["flag"], "gpu_starved");
    with.apply(cleared("gpu_starved", 5));
    EXPECT_EQ(with.json(), "[]");
}

TEST(ApiDocuments, TheSampleLineIsTheSessionsWithTheProcessListOnlyWhenAsked) {
    Sample sample;
    sample.t_s = 1.5;
    sample.procs.emplace();
    sample.procs->total = 2;
    ProcessSample p;
    p.pid = 31;
    p.name = "secret-job";
    p.user = "alice";
    sample.procs->top.push_back(p);
    fmt::memory_buffer out;
    write_api_sample_line(out, sample, true);
    EXPECT_EQ(fmt::to_string(out), sample_line(sample));
    write_api_sample_line(out, sample, false);
    std::string line = fmt::to_string(out);
    EXPECT_EQ(line.find("secret-job"), std::string::npos);
    EXPECT_EQ(line.find("alice"), std::string::npos);
    auto json = nlohmann::json::parse(line);
    EXPECT_EQ(json["procs"]["top"], nlohmann::json::array());
    EXPECT_EQ(json["procs"]["total"], 2);
    Sample without_top = sample;
    without_top.procs->top.clear();
    EXPECT_EQ(line, sample_line(without_top));
}

}  // namespace edgetop::api_documents_test
