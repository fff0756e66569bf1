// serve's /api/v1/stream with real clients: curl -N, and a Python standard-library client with
// three readers and a fourth client that never reads. The readers get every sample, in order,
// byte for byte the session lines of --log; the fourth is dropped once its unsent bytes pass
// --stream-buffer, the others losing nothing; clients past --stream-clients are answered 503;
// serve's resident memory stays flat. Every wait is bounded.
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/exporter/serve_process.hpp"
#include "tests/support/fixture_tree.hpp"

namespace edgetop::testing {
namespace serve_stream_tests {

using namespace std::chrono_literals;

bool have(const std::string& tool) {
    for (const char* folder : {"/usr/bin/", "/bin/"})
        if (::access((folder + tool).c_str(), X_OK) == 0) return true;
    return false;
}

// argv: port, serve's pid, folder, samples each reader takes after the slow client is dropped.
// Prints one JSON object: the status a fifth client got while four were connected, whether the
// slow client was seen dropped (a new client then got a place), the VmRSS of serve (kB) when it
// was and at the end; each reader's events go to folder/readerN.txt, "ID DATA" a line.
constexpr const char* kClient = R"py(
import json, socket, sys, threading, time
port, pid, folder, after = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
REQUEST = b"GET /api/v1/stream HTTP/1.1\r\nHost: localhost\r\n\r\n"

def connect(receive_buffer=0):
    s = socket.socket()
    if receive_buffer:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    s.connect(("127.0.0.1", port))
    s.sendall(REQUEST)
    return s

def status_of(s):
    s.settimeout(10)
    head = b""
    while b"\r\n" not in head:
        chunk = s.recv(1)
        if not chunk:
            break
        head += chunk
    return int(head.split()[1]) if head else 0

def rss_kb():
    for line in open("/proc/%s/status" % pid):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])

dropped = threading.Event()
done = threading.Event()
failures = []

def read(index, s):
    s.settimeout(10)
    out = open("%s/reader%d.txt" % (folder, index), "w")
    f = s.makefile("rb")
    while f.readline() not in (b"\r\n", b""):
        pass
    event, ident, taken = None, None, 0
    while not done.is_set():
        line = f.readline()
        if not line:
            failures.append("reader %d: the stream ended" % index)
            return
        line = line.rstrip(b"\n").decode()
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("id: "):
            ident = line[4:]
        elif line.startswith("data: ") and event == "sample":
            out.write(ident + " " + line[6:] + "\n")
            out.flush()
            if dropped.is_set():
                taken += 1
                if taken >= after:
                    return

slow = connect(4096)
readers = [connect() for _ in range(3)]
statuses = [status_of(s) for s in readers]
time.sleep(0.2)
fifth = connect()
fifth_status = status_of(fifth)
fifth.close()
threads = [threading.Thread(target=read, args=(i, s)) for i, s in enumerate(readers)]
for t in threads:
    t.start()
# The slow client holds a place until it is dropped: then a new client gets one.
deadline = time.time() + 20
seen_dropped = False
while time.time() < deadline and not seen_dropped:
    probe = connect()
    seen_dropped = status_of(probe) == 200
    probe.close()
    if not seen_dropped:
        time.sleep(0.05)
rss_at_drop = rss_kb()
dropped.set()
for t in threads:
    t.join(30)
done.set()
print(json.dumps({"readers": statuses, "fifth": fifth_status, "dropped": seen_dropped,
                  "rss_at_drop_kb": rss_at_drop, "rss_end_kb": rss_kb(), "failures": failures}))
)py";

// The sample lines of a session file.
std::vector<std::string> sample_lines(const std::string& path) {
    std::vector<std::string> lines;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(R"({"type":"sample")")) lines.push_back(line);
    return lines;
}

// The lines of `file` ("ID DATA").
std::vector<std::string> lines_of(const std::string& file) {
    std::vector<std::string> lines;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

class ServeStream : public ::testing::Test {
  protected:
    void SetUp() override {
        for (const char* tool : {"curl", "python3", "sh"})
            if (!have(tool))
                GTEST_SKIP() << tool << " is not installed (scripts/install-deps.sh test)";
    }
    TempDir dir_;
};

TEST_F(ServeStream, CurlGetsEachSampleAsAnEventWhoseDataIsTheSessionLine) {
    ServeProcess serve(dir_, {"--root", fixture_path("agx-orin"), "--interval", "50", "--log",
                              dir_.file("s.jsonl")});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    std::string url = "http://127.0.0.1:" + std::to_string(serve.port()) + "/api/v1/stream";
    // Three events of four lines each; head ends curl with SIGPIPE.
    auto events =
        ChildProcess({"sh", "-c", "curl -sN --max-time 20 " + url + " | head -n 12"}).collect(30s);
    ASSERT_EQ(events.status, 0) << events.err;
    serve.child().stop(5s);

    std::vector<std::string> logged = sample_lines(dir_.file("s.jsonl"));
    std::istringstream in(events.out);
    std::string name, id, data, blank;
    for (int n = 0; n < 3; ++n) {
        ASSERT_TRUE(std::getline(in, name) && std::getline(in, id) && std::getline(in, data) &&
                    std::getline(in, blank))
            << events.out;
        EXPECT_EQ(name, "event: sample");
        EXPECT_EQ(blank, "");
        ASSERT_TRUE(data.starts_with("data: ")) << data;
        std::string line = data.substr(6);
        EXPECT_NE(std::find(logged.begin(), logged.end(), line), logged.end())
            << "not a line of the session: " << line.substr(0, 200);
        auto t = nlohmann::json::parse(line)["t"].get<double>();
        EXPECT_EQ(std::stod(id.substr(4)), t);
    }
}

TEST_F(ServeStream, ASlowClientIsDroppedAloneTheReadersGetEverySampleAndMemoryStaysFlat) {
    // AddressSanitizer keeps freed memory aside (its quarantine, 256 MiB), which would grow the
    // resident size of any serve: without it, what is resident is what is held.
    const char* sanitizer = std::getenv("ASAN_OPTIONS");
    std::string asan = std::string(sanitizer ? sanitizer : "") +
                       ":quarantine_size_mb=0:thread_local_quarantine_size_kb=0";
    ServeProcess serve(dir_,
                       {"--root", fixture_path("agx-orin"), "--interval", "50", "--log",
                        dir_.file("s.jsonl"), "--stream-clients", "4", "--stream-buffer", "16k"},
                       {{"ASAN_OPTIONS", asan}});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    std::ofstream(dir_.file("client.py")) << kClient;
    constexpr int kAfterDrop = 40;  // two seconds of samples
    auto run =
        ChildProcess({"python3", dir_.file("client.py"), std::to_string(serve.port()),
                      std::to_string(serve.child().pid()), dir_.path(), std::to_string(kAfterDrop)})
            .collect(60s);
    ASSERT_EQ(run.status, 0) << run.err;
    serve.child().stop(5s);
    auto result = nlohmann::json::parse(run.out);
    EXPECT_EQ(result["readers"], nlohmann::json::array({200, 200, 200}));
    EXPECT_EQ(result["fifth"], 503) << "a fifth client was served past --stream-clients 4";
    EXPECT_TRUE(result["dropped"].get<bool>()) << "the client that never reads was never dropped";
    EXPECT_EQ(result["failures"], nlohmann::json::array());
    // The sampling thread's allocations come and go; what the stream holds is bounded. A
    // megabyte covers the allocator's noise, not a growing buffer.
    EXPECT_LT(result["rss_end_kb"].get<int64_t>() - result["rss_at_drop_kb"].get<int64_t>(), 1024)
        << run.out;

    // Every sample logged from a reader's first to its last, in order, none twice, each the
    // session line itself.
    std::vector<std::string> logged = sample_lines(dir_.file("s.jsonl"));
    for (int reader = 0; reader < 3; ++reader) {
        auto got = lines_of(dir_.file("reader" + std::to_string(reader) + ".txt"));
        ASSERT_GE(got.size(), static_cast<size_t>(kAfterDrop)) << reader;
        std::string first = got.front().substr(got.front().find(' ') + 1);
        auto at = std::find(logged.begin(), logged.end(), first);
        ASSERT_NE(at, logged.end()) << "reader " << reader << ": not a session line";
        for (size_t n = 0; n < got.size(); ++n, ++at) {
            ASSERT_NE(at, logged.end()) << "reader " << reader << " got more than was logged";
            std::string data = got[n].substr(got[n].find(' ') + 1);
            ASSERT_EQ(data, *at) << "reader " << reader << ", event " << n;
            auto t = nlohmann::json::parse(data)["t"].get<double>();
            EXPECT_EQ(std::stod(got[n].substr(0, got[n].find(' '))), t);
        }
    }
}

}  // namespace serve_stream_tests
}  // namespace edgetop::testing
