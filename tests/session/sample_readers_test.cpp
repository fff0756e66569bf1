// The two sample readers (simdjson On-Demand and nlohmann-json, session_read_sample.hpp) read the
// same sessions into the same records, every field compared exactly, and report the same problems
// on the same lines. Where the build has only the nlohmann reader, these tests say so and the
// nlohmann reader is checked by the rest of the session suite.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "session/orin_sample.hpp"
#include "session/session_reader.hpp"
#include "session/session_records_json.hpp"
#include "support/sample_json.hpp"

namespace edgetop {
namespace {
// Named, so that a unity batch with other session tests meets no second Read or describe().
namespace sample_readers {

// Every field a sample line carries, at full precision, one per line: two samples are the same
// exactly when their descriptions are, and a difference names the field.
class Describe {
  public:
    template <typename T>
    void field(const std::string& name, const std::optional<T>& value) {
        if (!value) {
            out_ << name << "=absent\n";
        } else {
            field(name, *value);
        }
    }
    void field(const std::string& name, double value) {
        char buffer[40];
        std::snprintf(buffer, sizeof buffer, "%.17g", value);
        out_ << name << '=' << buffer << '\n';
    }
    void field(const std::string& name, int64_t value) { out_ << name << '=' << value << '\n'; }
    void field(const std::string& name, int value) { out_ << name << '=' << value << '\n'; }
    void field(const std::string& name, bool value) { out_ << name << '=' << value << '\n'; }
    void field(const std::string& name, char value) { out_ << name << "='" << value << "'\n"; }
    void field(const std::string& name, const std::string& value) {
        out_ << name << "=\"" << value << "\"\n";
    }
    std::string text() const { return out_.str(); }

  private:
    std::ostringstream out_;
};

std::string describe(const Sample& s) {
    Describe d;
    d.field("t", s.t_s);
    d.field("time_ns", static_cast<int64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                s.time.time_since_epoch())
                                                .count()));
    d.field("cpu.util", s.cpu.util_pct);
    d.field("cpu.user", s.cpu.user_pct);
    d.field("cpu.system", s.cpu.system_pct);
    d.field("cpu.iowait", s.cpu.iowait_pct);
    for (std::size_t i = 0; i < s.cpu.cores.size(); ++i) {
        const auto& c = s.cpu.cores[i];
        std::string p = "core" + std::to_string(i) + ".";
        d.field(p + "id", c.id);
        d.field(p + "online", c.online);
        d.field(p + "cluster", c.cluster);
        d.field(p + "util", c.util_pct);
        d.field(p + "user", c.user_pct);
        d.field(p + "system", c.system_pct);
        d.field(p + "iowait", c.iowait_pct);
        d.field(p + "freq_khz", c.freq_khz);
        d.field(p + "min_khz", c.min_khz);
        d.field(p + "max_khz", c.max_khz);
        d.field(p + "hw_max_khz", c.hw_max_khz);
        d.field(p + "governor", c.governor);
    }
    d.field("system.ctxt_per_s", s.system.ctxt_per_s);
    d.field("system.procs_running", s.system.procs_running);
    d.field("system.procs_blocked", s.system.procs_blocked);
    d.field("system.uptime_s", s.system.uptime_s);
    d.field("system.load_1", s.system.load_1);
    d.field("system.load_5", s.system.load_5);
    d.field("system.load_15", s.system.load_15);
    for (std::size_t i = 0; i < s.gpu.size(); ++i) {
        const auto& g = s.gpu[i];
        std::string p = "gpu" + std::to_string(i) + ".";
        d.field(p + "name", g.name);
        d.field(p + "load", g.load_pct);
        d.field(p + "freq_hz", g.freq_hz);
        d.field(p + "min_hz", g.min_hz);
        d.field(p + "max_hz", g.max_hz);
        d.field(p + "hw_max_hz", g.hw_max_hz);
        d.field(p + "governor", g.governor);
        d.field(p + "railgate", g.railgate_enabled);
        d.field(p + "scaling_3d", g.scaling_3d_enabled);
        d.field(p + "tpc_pg_mask", g.tpc_pg_mask);
        d.field(p + "source", g.source);
        d.field(p + "mem_util", g.mem_util_pct);
        d.field(p + "mem_freq_hz", g.mem_freq_hz);
        d.field(p + "mem_max_hz", g.mem_max_hz);
        d.field(p + "temp_c", g.temp_c);
        d.field(p + "power_mw", g.power_mw);
        d.field(p + "power_limit_mw", g.power_limit_mw);
        d.field(p + "mem_used_kb", g.mem_used_kb);
        d.field(p + "mem_total_kb", g.mem_total_kb);
        for (std::size_t k = 0; k < g.gpc.size(); ++k) {
            d.field(p + "gpc" + std::to_string(k) + ".id", g.gpc[k].id);
            d.field(p + "gpc" + std::to_string(k) + ".freq_hz", g.gpc[k].freq_hz);
        }
        d.field(p + "gpc.size", static_cast<int64_t>(g.gpc.size()));
    }
    d.field("emc", s.emc.has_value());
    if (s.emc) {
        d.field("emc.util", s.emc->util_pct);
        d.field("emc.freq_hz", s.emc->freq_hz);
        d.field("emc.min_hz", s.emc->min_hz);
        d.field("emc.max_hz", s.emc->max_hz);
    }
    for (std::size_t i = 0; i < s.engines.size(); ++i) {
        std::string p = "engine" + std::to_string(i) + ".";
        d.field(p + "name", s.engines[i].name);
        d.field(p + "online", s.engines[i].online);
        d.field(p + "freq_hz", s.engines[i].freq_hz);
    }
    for (std::size_t i = 0; i < s.rails.size(); ++i) {
        const auto& r = s.rails[i];
        std::string p = "rail" + std::to_string(i) + ".";
        d.field(p + "name", r.name);
        d.field(p + "is_total", r.is_total);
        d.field(p + "voltage_mv", r.voltage_mv);
        d.field(p + "current_ma", r.current_ma);
        d.field(p + "power_mw", r.power_mw);
        d.field(p + "warn_ma", r.warn_ma);
        d.field(p + "crit_ma", r.crit_ma);
        d.field(p + "warn_alarm", r.warn_alarm);
        d.field(p + "crit_alarm", r.crit_alarm);
    }
    d.field("power_total_mw", s.power_total_mw);
    for (std::size_t i = 0; i < s.thermal.size(); ++i) {
        d.field("zone" + std::to_string(i) + ".name", s.thermal[i].name);
        d.field("zone" + std::to_string(i) + ".temp_c", s.thermal[i].temp_c);
    }
    for (std::size_t i = 0; i < s.fans.size(); ++i) {
        std::string p = "fan" + std::to_string(i) + ".";
        d.field(p + "name", s.fans[i].name);
        d.field(p + "speed_pct", s.fans[i].speed_pct);
        d.field(p + "rpm", s.fans[i].rpm);
        d.field(p + "control", s.fans[i].control_mode);
    }
    const auto& m = s.mem;
    d.field("mem.total_kb", m.total_kb);
    d.field("mem.available_kb", m.available_kb);
    d.field("mem.used_kb", m.used_kb);
    d.field("mem.free_kb", m.free_kb);
    d.field("mem.buffers_kb", m.buffers_kb);
    d.field("mem.cached_kb", m.cached_kb);
    d.field("mem.swap_total_kb", m.swap_total_kb);
    d.field("mem.swap_used_kb", m.swap_used_kb);
    d.field("mem.swap_cached_kb", m.swap_cached_kb);
    d.field("mem.gpu_shared_kb", m.gpu_shared_kb);
    d.field("mem.lfb_blocks", m.lfb_blocks);
    d.field("mem.lfb_block_kb", m.lfb_block_kb);
    d.field("procs", s.procs.has_value());
    if (s.procs) {
        d.field("procs.total", s.procs->total);
        d.field("procs.running", s.procs->running);
        for (std::size_t i = 0; i < s.procs->top.size(); ++i) {
            const auto& p = s.procs->top[i];
            std::string k = "proc" + std::to_string(i) + ".";
            d.field(k + "pid", p.pid);
            d.field(k + "name", p.name);
            d.field(k + "user", p.user);
            d.field(k + "state", p.state);
            d.field(k + "cpu", p.cpu_pct);
            d.field(k + "rss_kb", p.rss_kb);
            d.field(k + "threads", p.threads);
            d.field(k + "vol_ctxt_per_s", p.vol_ctxt_per_s);
            d.field(k + "nonvol_ctxt_per_s", p.nonvol_ctxt_per_s);
            d.field(k + "gpu", p.gpu);
            d.field(k + "gpu_mem_kb", p.gpu_mem_kb);
        }
    }
    for (std::size_t i = 0; i < s.flags.size(); ++i)
        d.field("flag" + std::to_string(i), s.flags[i]);
    for (std::size_t i = 0; i < s.disks.size(); ++i) {
        std::string p = "disk" + std::to_string(i) + ".";
        d.field(p + "name", s.disks[i].name);
        d.field(p + "read_bytes_per_s", s.disks[i].read_bytes_per_s);
        d.field(p + "write_bytes_per_s", s.disks[i].write_bytes_per_s);
        d.field(p + "busy_pct", s.disks[i].busy_pct);
    }
    for (std::size_t i = 0; i < s.net.size(); ++i) {
        std::string p = "net" + std::to_string(i) + ".";
        d.field(p + "name", s.net[i].name);
        d.field(p + "rx_bytes_per_s", s.net[i].rx_bytes_per_s);
        d.field(p + "tx_bytes_per_s", s.net[i].tx_bytes_per_s);
    }
    return d.text();
}

struct Read {
    std::vector<std::string> records;  // each record described
    std::vector<std::string> problems;
};

Read read_with(const std::string& text, SampleReader reader, SampleFields fields) {
    std::istringstream in(text);
    Read out;
    SessionReader session(in, "s.jsonl", [&](const SessionProblem& p) {
        out.problems.push_back(std::to_string(p.line) + " " + p.message);
    });
    session.set_sample_reader(reader);
    session.set_sample_fields(fields);
    SessionRecord r;
    while (session.next(r)) {
        switch (r.kind) {
            case SessionRecord::Kind::sample:
                out.records.push_back(describe(r.sample));
                break;
            case SessionRecord::Kind::event:
                out.records.push_back("event " + r.event.kind + " " + r.event.data.dump());
                break;
            case SessionRecord::Kind::end:
                out.records.push_back("end " + std::to_string(r.end.samples));
                break;
        }
    }
    return out;
}

std::string file_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void expect_same_reads(const std::string& text, const std::string& what) {
    for (SampleFields fields : {SampleFields::all, SampleFields::summary}) {
        Read simd = read_with(text, SampleReader::simdjson, fields);
        Read dom = read_with(text, SampleReader::nlohmann, fields);
        ASSERT_EQ(simd.records.size(), dom.records.size()) << what;
        for (std::size_t i = 0; i < simd.records.size(); ++i)
            EXPECT_EQ(simd.records[i], dom.records[i]) << what << ", record " << i;
        EXPECT_EQ(simd.problems, dom.problems) << what;
    }
}

class SampleReaders : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!has_sample_reader(SampleReader::simdjson))
            GTEST_SKIP() << "built without simdjson >= 1.0: the nlohmann reader is the only one";
    }
};

TEST_F(SampleReaders, BundledExamplesReadTheSame) {
    int files = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(EDGETOP_SOURCE_DIR) + "/examples")) {
        if (entry.path().extension() != ".jsonl") continue;
        ++files;
        std::string text = file_text(entry.path());
        ASSERT_GT(text.size(), 1000u) << entry.path();
        expect_same_reads(text, entry.path().filename().string());
    }
    EXPECT_GE(files, 4);
}

// Lines a damaged or hand-edited session holds, between good ones.
TEST_F(SampleReaders, MalformedLinesGiveTheSameProblemsOnTheSameLines) {
    const std::string good = testing::orin_sample_line(1);
    std::vector<std::string> hostile = {
        "{\"type\":\"sample\",\"t\":2",
        "{\"type\":\"sample\",\"t\":2}}",
        "{\"type\":\"sample\",\"t\":2} {\"type\":\"sample\"}",
        "not json",
        "[1,2,3]",
        "{\"t\":2}",
        "{\"type\":7}",
        "{\"type\":\"sample\",\"t\":1e999}",
        "{\"type\":\"sample\",\"t\":2,\"x\":" + std::string(70, '[') + std::string(70, ']') + "}",
        "{\"type\":\"sample\",\"t\":2,\"x\":" + std::string(60, '[') + std::string(60, ']') + "}",
        "{\"type\":\"sample\",\"cpu\":{\"cores\":[{\"x\":" + std::string(66, '[') +
            std::string(66, ']') + "}]}}",
        "{\"type\":\"sample\",\"t\":\"2\",\"cpu\":[],\"gpu\":{},\"emc\":7,\"rails\":[1,null,{}],"
        "\"mem\":{\"total_kb\":1.5,\"free_kb\":99999999999999999999,\"used_kb\":-3},"
        "\"procs\":{\"top\":[{\"pid\":1e10,\"state\":\"RS\",\"user\":null}]},\"flags\":[1,\"a\"]}",
        "{\"type\":\"sample\",\"t\":3,\"name\":\"\\u00e9\\ud83d\\ude00\",\"thermal\":"
        "[{\"name\":\"a\\\"b\",\"temp_c\":-0.0}]}",
        "{\"type\":\"sample\",\"t\":2,\"bad\":\"\xff\"}",
        "{\"type\":\"event\",\"t\":2,\"kind\":\"mark\"}",
        "{\"type\":\"end\",\"t\":2}",
        "",
    };
    std::string text = testing::orin_header_line() + good;
    for (const auto& line : hostile)
        text += line + "\n" + good;
    text += end_to_json({9, 3, EndReason::count}).dump() + "\n";
    expect_same_reads(text, "hostile lines");

    Read dom = read_with(text, SampleReader::nlohmann, SampleFields::all);
    EXPECT_GE(dom.problems.size(), 8u);
}

TEST_F(SampleReaders, ATruncatedLastLineReadsTheSame) {
    std::string text = testing::orin_header_line() + testing::orin_sample_line(1);
    std::string last = testing::orin_sample_line(2);
    expect_same_reads(text + last.substr(0, last.size() / 2), "truncated last line");
}

}  // namespace sample_readers
}  // namespace
}  // namespace edgetop
