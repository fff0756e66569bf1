// The exposition that edgetop serve produces passes `promtool check metrics` (the Prometheus
// project's own linter): for the families of every fixture board, serialized by the text writer,
// and for the bytes of a real /metrics response.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "exporter/export_model.hpp"
#include "exporter/text_exposition.hpp"
#include "sensors/sampler/sampler.hpp"
#include "tests/exporter/fixture_families.hpp"
#include "tests/exporter/serve_process.hpp"
#include "tests/support/fixture_tree.hpp"

namespace edgetop::exporter {
namespace {

constexpr const char* kPromtool = "/usr/bin/promtool";

struct Check {
    int status = -1;
    std::string output;  // promtool's findings, one per line
};

Check promtool_check(const testing::TempDir& dir, const std::string& exposition) {
    std::string input = dir.file("metrics.txt");
    std::ofstream(input) << exposition;
    std::string command = std::string(kPromtool) + " check metrics < " + input + " 2>&1";
    Check check;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return check;
    char buffer[4096];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0)
        check.output.append(buffer, n);
    int raw = pclose(pipe);
    check.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return check;
}

class PromtoolCheck : public ::testing::TestWithParam<const char*> {
  protected:
    void SetUp() override {
        if (!std::filesystem::exists(kPromtool))
            GTEST_SKIP() << kPromtool << " is missing (Debian package prometheus)";
    }
};

TEST_P(PromtoolCheck, FixtureFamiliesPassTheLinter) {
    Families families = families_of(GetParam());
    std::string text = write_text_exposition(families);
    ASSERT_NE(text.find("edgetop_cpu_seconds_total"), std::string::npos);

    testing::TempDir dir;
    Check check = promtool_check(dir, text);
    EXPECT_EQ(check.status, 0) << check.output;
    EXPECT_EQ(check.output, "") << "promtool findings:\n" << check.output;
}

INSTANTIATE_TEST_SUITE_P(Boards, PromtoolCheck,
                         ::testing::Values("nano", "tx2", "xavier-nx", "agx-xavier", "agx-orin",
                                           "orin-nano", "thor", "x86-pc"));

TEST_F(PromtoolCheck, ServedMetricsPassTheLinter) {
    testing::TempDir dir;
    testing::ServeProcess serve(dir,
                                {"--root", testing::fixture_path("agx-orin"), "--interval", "100"});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    // Wait for a sample with rates (the second one) so every family is in the response.
    std::optional<testing::HttpResponse> response;
    for (int attempt = 0; attempt < 100; ++attempt) {
        response = serve.get("/metrics");
        ASSERT_TRUE(response);
        auto samples = testing::ServeProcess::value_of(response->body, "edgetop_samples_total");
        if (samples && *samples >= 2) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ASSERT_EQ(response->status, 200);
    ASSERT_NE(response->body.find("edgetop_rail_power_watts{rail=\"VDD_GPU_SOC\"}"),
              std::string::npos);
    Check check = promtool_check(dir, response->body);
    EXPECT_EQ(check.status, 0) << check.output;
    EXPECT_EQ(serve.child().stop(std::chrono::seconds(10)), 0) << serve.child().log();
}

}  // namespace
}  // namespace edgetop::exporter
