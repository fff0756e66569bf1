#include <time.h>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands/commands.hpp"
#include "commands/query_fields.hpp"
#include "commands/query_smi.hpp"
#include "exporter/http_client.hpp"
#include "sensors/sampler/sampler.hpp"
#include "session/session_sample_line.hpp"

namespace edgetop {

namespace {

constexpr std::string_view kSamplePath = "/api/v1/sample";

// Where the samples come from: the board (one sampler, as --once) or a running serve.
class SampleSource {
  public:
    explicit SampleSource(const cli::Args& args) : args_(args) {
        if (args.query.from) target_ = exporter::parse_http_target(*args.query.from, kSamplePath);
    }
    bool valid() const { return !args_.query.from || target_.has_value(); }

    // The next sample line, parsed. Throws std::runtime_error with one line.
    nlohmann::ordered_json next() {
        if (target_) return fetch();
        if (!sampler_) {
            sampler_.emplace(Root(args_.global.root));
            return nlohmann::ordered_json::parse(sample_line(snapshot_sample(*sampler_)));
        }
        return nlohmann::ordered_json::parse(sample_line(sampler_->sample()));
    }

  private:
    nlohmann::ordered_json fetch() {
        exporter::HttpCredentials credentials;
        credentials.ca_file = args_.query.ca;
        auto reply = exporter::http_get(*target_, exporter::HttpClientLimits{}, credentials);
        if (reply.status != 200)
            throw std::runtime_error(
                fmt::format("{}: answered {} instead of a sample", target_->text, reply.status));
        auto sample = nlohmann::ordered_json::parse(reply.body, nullptr, false);
        if (!sample.is_object() || !sample.contains("t"))
            throw std::runtime_error(fmt::format("{}: the answer is not a sample", target_->text));
        return sample;
    }

    const cli::Args& args_;
    std::optional<exporter::HttpTarget> target_;
    std::optional<Sampler> sampler_;
};

bool write_out(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return std::fflush(stdout) == 0;
}

// Sleeps until start + k * loop_s on the monotonic clock (the next tick not yet passed).
void wait_next_tick(const timespec& start, double loop_s, long long& tick) {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    double elapsed = static_cast<double>(now.tv_sec - start.tv_sec) +
                     static_cast<double>(now.tv_nsec - start.tv_nsec) / 1e9;
    tick = std::max(tick + 1, static_cast<long long>(elapsed / loop_s) + 1);
    double at = static_cast<double>(tick) * loop_s;
    timespec deadline = start;
    auto whole = static_cast<time_t>(at);
    deadline.tv_sec += whole;
    deadline.tv_nsec += static_cast<long>((at - static_cast<double>(whole)) * 1e9);
    if (deadline.tv_nsec >= 1'000'000'000) {
        deadline.tv_sec += 1;
        deadline.tv_nsec -= 1'000'000'000;
    }
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nullptr) != 0) {
    }
}

}  // namespace

int run_query(const cli::Args& args) {
    const cli::QueryArgs& q = args.query;
    bool smi = q.smi || q.query_gpu.has_value();
    // Every field is checked before anything is read.
    query::KeyNode keys = query::sample_keys();
    std::vector<query::FieldPath> fields;
    query::SmiFields smi_fields;
    if (smi) {
        smi_fields = q.query_gpu ? query::parse_smi_fields(*q.query_gpu) : query::all_smi_fields();
        if (smi_fields.unknown) {
            // nvidia-smi's refusal, word for word, on standard output.
            write_out(fmt::format("Field \"{}\" is not a valid field to query.\n\n",
                                  *smi_fields.unknown));
            return 2;
        }
    } else {
        for (const auto& operand : args.operands) {
            auto parsed = query::parse_field(operand, keys);
            if (!parsed.path) {
                print_error("query: " + parsed.error);
                return 2;
            }
            fields.push_back(std::move(*parsed.path));
        }
    }
    SampleSource source(args);
    if (!source.valid()) {
        print_error(
            fmt::format("--from: expected http://HOST:PORT, https://HOST:PORT or "
                        "unix:PATH, got '{}'",
                        *q.from));
        return 2;
    }
    auto style = query::csv_style(q.format);
    bool json = q.format == "json";

    timespec start{};
    clock_gettime(CLOCK_MONOTONIC, &start);
    long long tick = 0;
    for (bool first = true;; first = false) {
        nlohmann::ordered_json sample;
        try {
            sample = source.next();
        } catch (const std::exception& e) {
            print_error(e.what());
            return 1;
        }
        std::string out;
        if (smi) {
            std::string lines = query::smi_lines(sample, smi_fields, style.units);
            if (lines.empty()) {
                // nvidia-smi's answer on a machine without a GPU: no header, this line alone.
                write_out("No devices were found\n");
                return 6;
            }
            if (first && style.header) out += query::smi_header(smi_fields);
            out += lines;
        } else {
            std::vector<nlohmann::ordered_json> values;
            for (const auto& field : fields)
                values.push_back(query::lookup(sample, field, keys));
            if (json) {
                out = query::json_line(values, fields);
            } else {
                if (first && style.header) out += query::csv_header(fields);
                out += query::csv_line(values, fields, style);
            }
        }
        if (!write_out(out)) {
            std::perror("edgetop: standard output");
            return 1;
        }
        if (!q.loop_s) return 0;
        wait_next_tick(start, *q.loop_s, tick);
    }
}

}  // namespace edgetop
