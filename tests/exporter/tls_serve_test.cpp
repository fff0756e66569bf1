// serve over TLS in this process, against real clients: curl and Python's ssl module, with
// certificates made by openssl in the test (EC keys: cheap). Go's crypto/tls semantics of each
// client_auth_type, version bounds, expired and not-yet-valid certificates, rotation without a
// restart, bad files named in the error, and clients that hold handshakes open.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "exporter/metrics_server.hpp"
#include "exporter/tls_context.hpp"
#include "tests/exporter/fixture_families.hpp"
#include "tests/exporter/loopback_http.hpp"
#include "tests/exporter/test_certificates.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace edgetop::exporter::tls_serve_test {

using namespace std::chrono_literals;
using edgetop::testing::ChildProcess;
using edgetop::testing::kMakeCertificates;
using edgetop::testing::RunResult;
using edgetop::testing::TempDir;

// Runs of HTTPS requests, one process for all (Python starts slowly): each run names a port, the
// CA to verify the server with, optional version bounds and its probes (a client certificate and
// key, or null for none), each on a fresh connection. Prints, per run, one JSON object per probe:
// {"status": HTTP status or 0, "version": "TLSv1.3" }, or {"error": "..."}
// when the handshake or the request failed.
constexpr const char* kPythonClient = R"python(import json, socket, ssl, sys
def probe(run, certificate):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.load_verify_locations(run["ca"])
    if "min" in run: context.minimum_version = getattr(ssl.TLSVersion, run["min"])
    if "max" in run: context.maximum_version = getattr(ssl.TLSVersion, run["max"])
    if certificate: context.load_cert_chain(certificate[0], certificate[1])
    try:
        with socket.create_connection(("127.0.0.1", run["port"]), timeout=5) as raw:
            with context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
                tls.sendall(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                data = b""
                while True:
                    chunk = tls.recv(65536)
                    if not chunk: break
                    data += chunk
                status = int(data.split(b" ")[1]) if data.startswith(b"HTTP/1.1 ") else 0
                return {"status": status, "version": tls.version()}
    except (ssl.SSLError, OSError) as e:
        return {"error": str(e)}
print(json.dumps([[probe(run, c) for c in run["probes"]] for run in json.loads(sys.argv[1])]))
)python";

bool have(const std::string& tool) {
    const char* path = std::getenv("PATH");
    std::string folders = path ? path : "/usr/bin:/bin";
    for (size_t at = 0; at <= folders.size();) {
        size_t end = std::min(folders.find(':', at), folders.size());
        if (::access((folders.substr(at, end - at) + "/" + tool).c_str(), X_OK) == 0) return true;
        at = end + 1;
    }
    return false;
}

RunResult run(std::vector<std::string> argv, std::chrono::milliseconds limit = 10s) {
    return ChildProcess(std::move(argv)).collect(limit);
}

class TlsServe : public ::testing::Test {
  protected:
    void SetUp() override {
        for (const char* tool : {"openssl", "curl", "python3"})
            if (!have(tool))
                GTEST_SKIP() << tool << " is not installed (scripts/install-deps.sh test)";
        make("base");
        std::ofstream(file("client.py")) << kPythonClient;
        metrics_->publish(families_of("agx-orin"));
    }

    // Makes the certificates of `part` (see kMakeCertificates).
    void make(const std::string& part) const {
        auto made = run(
            {"bash", "-c", std::string(kMakeCertificates) + "cd '" + dir_.path() + "' && " + part});
        ASSERT_EQ(made.status, 0) << part << ": " << made.err;
    }

    std::string file(const std::string& name) const { return dir_.file(name); }

    TlsServerConfig config(const std::string& certificate = "server") const {
        TlsServerConfig config;
        config.cert_file = file(certificate + ".pem");
        config.key_file = file(certificate == "server2" ? "server2.key" : "server.key");
        return config;
    }

    // serve's metrics server over TLS with a context of `config`, built once.
    std::unique_ptr<MetricsServer> serve(const TlsServerConfig& config, HttpLimits limits = {}) {
        auto context = std::make_shared<const TlsContext>(config);
        return std::make_unique<MetricsServer>(*parse_listen_address("127.0.0.1:0"), metrics_,
                                               limits,
                                               ServeSecurity{.tls = [context] { return context; }});
    }

    // curl with `options` against https://127.0.0.1:PORT/metrics, verbose (the negotiated
    // version is on stderr).
    RunResult curl(int port, std::vector<std::string> options) const {
        std::vector<std::string> argv = {"curl", "-sS",       "-v", "--max-time",  "5",
                                         "-o",   "/dev/null", "-w", "%{http_code}"};
        argv.insert(argv.end(), options.begin(), options.end());
        argv.push_back("https://127.0.0.1:" + std::to_string(port) + "/metrics");
        return run(argv);
    }

    // The Python client's results for `runs` (see kPythonClient); "ca" defaults to the server's.
    nlohmann::json python(nlohmann::json runs) const {
        for (auto& run : runs)
            if (!run.contains("ca")) run["ca"] = file("ca.pem");
        auto result = run({"python3", file("client.py"), runs.dump()}, 30s);
        auto parsed = nlohmann::json::parse(result.out, nullptr, false);
        EXPECT_TRUE(result.status == 0 && parsed.is_array() && parsed.size() == runs.size())
            << result.out << result.err;
        return parsed.is_discarded() ? nlohmann::json::array() : parsed;
    }

    TempDir dir_;
    std::shared_ptr<LatestMetrics> metrics_ = std::make_shared<LatestMetrics>();
};

// TLS 1.2 and 1.3 answer /metrics (curl and Python); min_version and max_version refuse the
// clients outside them.
TEST_F(TlsServe, Tls12AndTls13AnswerMetricsWithinTheVersionBounds) {
    auto server = serve(config());
    int port = server->address().port;
    for (std::string version : {"1.2", "1.3"}) {
        auto result =
            curl(port, {"--cacert", file("ca.pem"), "--tlsv" + version, "--tls-max", version});
        EXPECT_EQ(result.status, 0) << result.err;
        EXPECT_EQ(result.out, "200");
        EXPECT_NE(result.err.find("SSL connection using TLSv" + version), std::string::npos)
            << result.err;
    }
    // Two scrapes on one kept-alive connection, each answer several TLS records (22 kB).
    std::string url = "https://127.0.0.1:" + std::to_string(port) + "/metrics";
    auto kept =
        run({"curl", "-sS", "-v", "--max-time", "5", "--cacert", file("ca.pem"), "-o", "/dev/null",
             "-o", "/dev/null", "-w", "%{http_code} %{size_download}\n", url, url});
    EXPECT_NE(kept.err.find("Re-using existing connection"), std::string::npos) << kept.err;
    EXPECT_EQ(kept.out.substr(0, 4), "200 ") << kept.out;
    EXPECT_GT(std::atoi(kept.out.c_str() + 4), 16384) << kept.out;
    EXPECT_EQ(kept.out.substr(kept.out.find('\n') + 1, 4), "200 ") << kept.out;
    // A plain HTTP request on the TLS port gets no answer in plain text.
    auto plain = testing::http_get(port, "/metrics");
    EXPECT_FALSE(plain && plain->status == 200);

    auto only13 = config();
    only13.min_version = TlsVersion::Tls13;
    auto server13 = serve(only13);
    auto old_client =
        curl(server13->address().port, {"--cacert", file("ca.pem"), "--tls-max", "1.2"});
    EXPECT_NE(old_client.status, 0) << "a TLS 1.2 client was served by a TLS13-minimum server";
    auto only12 = config();
    only12.max_version = TlsVersion::Tls12;
    auto server12 = serve(only12);
    auto new_client = curl(server12->address().port, {"--cacert", file("ca.pem"), "--tlsv1.3"});
    EXPECT_NE(new_client.status, 0) << "a TLS 1.3-only client was served by a TLS12-maximum server";

    auto answers =
        python({{{"port", port}, {"probes", {nullptr}}, {"max", "TLSv1_2"}},
                {{"port", port}, {"probes", {nullptr}}},
                {{"port", server13->address().port}, {"probes", {nullptr}}, {"max", "TLSv1_2"}},
                {{"port", server12->address().port}, {"probes", {nullptr}}}});
    ASSERT_EQ(answers.size(), 4u);
    EXPECT_EQ(answers[0][0].value("status", 0), 200) << answers.dump();
    EXPECT_EQ(answers[0][0].value("version", ""), "TLSv1.2") << answers.dump();
    EXPECT_EQ(answers[1][0].value("status", 0), 200) << answers.dump();
    EXPECT_EQ(answers[1][0].value("version", ""), "TLSv1.3") << answers.dump();
    EXPECT_TRUE(answers[2][0].contains("error")) << answers.dump();
    EXPECT_EQ(answers[3][0].value("status", 0), 200) << answers.dump();
    EXPECT_EQ(answers[3][0].value("version", ""), "TLSv1.2") << answers.dump();
}

// Go's table: which of a client without a certificate, with one of another CA and with one of
// the configured CA gets an answer.
TEST_F(TlsServe, EachClientAuthTypeFollowsGosSemantics) {
    make("clients");
    struct Row {
        ClientAuth type;
        const char* name;
        bool none, wrong, right;
    };
    const Row table[] = {
        {ClientAuth::NoClientCert, "NoClientCert", true, true, true},
        {ClientAuth::RequestClientCert, "RequestClientCert", true, true, true},
        {ClientAuth::RequireAnyClientCert, "RequireAnyClientCert", false, true, true},
        {ClientAuth::VerifyClientCertIfGiven, "VerifyClientCertIfGiven", true, false, true},
        {ClientAuth::RequireAndVerifyClientCert, "RequireAndVerifyClientCert", false, false, true},
    };
    nlohmann::json probes = {nullptr,
                             {file("other-client.pem"), file("other-client.key")},
                             {file("client.pem"), file("client.key")}};
    // TLS 1.2 and 1.3 against each: a refused client certificate ends the handshake in 1.2 and
    // arrives as an alert after it in 1.3.
    std::vector<std::unique_ptr<MetricsServer>> servers;
    nlohmann::json runs = nlohmann::json::array();
    for (const Row& row : table) {
        auto tls = config();
        tls.client_auth = row.type;
        if (row.type != ClientAuth::NoClientCert) tls.client_ca_file = file("ca.pem");
        servers.push_back(serve(tls));
        for (const char* version : {"TLSv1_2", "TLSv1_3"})
            runs.push_back({{"port", servers.back()->address().port},
                            {"probes", probes},
                            {"min", version},
                            {"max", version}});
    }
    auto answers = python(runs);
    ASSERT_EQ(answers.size(), runs.size());
    for (size_t run = 0; run < runs.size(); ++run) {
        const Row& row = table[run / 2];
        bool expected[] = {row.none, row.wrong, row.right};
        const char* client[] = {"no certificate", "another CA's", "the CA's"};
        ASSERT_EQ(answers[run].size(), 3u);
        for (size_t i = 0; i < 3; ++i)
            EXPECT_EQ(answers[run][i].value("status", 0) == 200, expected[i])
                << row.name << " " << runs[run]["min"] << ", " << client[i] << ": "
                << answers[run][i].dump();
    }

    // A client that resumes its TLS 1.2 session on a new connection (curl does on its second URL)
    // where client certificates are verified is answered again.
    std::string url = "https://127.0.0.1:" + std::to_string(servers.back()->address().port) + "/";
    std::vector<std::string> argv = {"curl",        "-sS", "-v", "--max-time",        "5",
                                     "--tls-max",   "1.2", "-H", "Connection: close", "-w",
                                     "%{http_code}"};
    argv.insert(argv.end(), {"--cacert", file("ca.pem"), "--cert", file("client.pem"), "--key",
                             file("client.key"), "-o", "/dev/null", "-o", "/dev/null", url, url});
    auto twice = run(argv);
    EXPECT_EQ(twice.out, "200200") << twice.err;
    EXPECT_NE(twice.err.find("re-using session"), std::string::npos) << twice.err;
}

// The server serves any certificate it is given (as Go does); a client that verifies refuses an
// expired or not-yet-valid one, a client that does not is answered.
TEST_F(TlsServe, ExpiredAndNotYetValidCertificatesAreRefusedByVerifyingClients) {
    make("validity");
    for (auto [certificate, complaint] : {std::pair{"expired", "certificate has expired"},
                                          std::pair{"future", "certificate is not yet valid"}}) {
        auto tls = config();
        tls.cert_file = file(std::string(certificate) + ".pem");
        auto server = serve(tls);
        auto verifying = curl(server->address().port, {"--cacert", file("ca.pem")});
        EXPECT_NE(verifying.status, 0) << certificate;
        EXPECT_NE(verifying.err.find(complaint), std::string::npos) << verifying.err;
        auto trusting = curl(server->address().port, {"--insecure"});
        EXPECT_EQ(trusting.out, "200") << certificate << ": " << trusting.err;
    }
}

TEST_F(TlsServe, ReplacedCertificateFilesServeTheNextConnection) {
    make("second");
    TlsServerConfig live;
    live.cert_file = file("live.crt");
    live.key_file = file("live.key");
    auto install = [&](const std::string& certificate, const std::string& key) {
        // Replaced as a deployment tool does: a new file renamed over the old one.
        std::filesystem::copy_file(file(certificate), file("new.tmp"),
                                   std::filesystem::copy_options::overwrite_existing);
        std::filesystem::rename(file("new.tmp"),
                                file(certificate == key ? "live.key" : "live.crt"));
        std::filesystem::copy_file(file(key), file("new.tmp"),
                                   std::filesystem::copy_options::overwrite_existing);
        std::filesystem::rename(file("new.tmp"), file("live.key"));
    };
    install("server.pem", "server.key");
    auto cache = std::make_shared<TlsContextCache>();
    MetricsServer server(*parse_listen_address("127.0.0.1:0"), metrics_, {},
                         ServeSecurity{.tls = [cache, live] { return cache->current(live); }});
    int port = server.address().port;
    // Which certificate served a new connection, by its subject (curl prints it).
    auto subject = [&] {
        auto answer = curl(port, {"--cacert", file("ca.pem")});
        EXPECT_EQ(answer.out, "200") << answer.err;
        auto at = answer.err.find("subject: CN=");
        return at == std::string::npos
                   ? "none"
                   : answer.err.substr(at + 12, answer.err.find('\n', at) - at - 12);
    };
    EXPECT_EQ(subject(), "server");

    install("server2.pem", "server2.key");
    EXPECT_EQ(subject(), "server2");

    // A broken replacement keeps the previous certificate, and says so once.
    ::testing::internal::CaptureStderr();
    std::filesystem::copy_file(file("not-pem.txt"), file("live.crt"),
                               std::filesystem::copy_options::overwrite_existing);
    EXPECT_EQ(subject(), "server2");
    EXPECT_EQ(subject(), "server2");
    std::string said = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find("keeping the previous TLS certificate: cannot load the certificate " +
                        file("live.crt")),
              std::string::npos)
        << said;
    EXPECT_EQ(said.find('\n'), said.size() - 1) << said;
}

TEST_F(TlsServe, BadFilesAndNamesAreRefusedNamingThem) {
    make("second");
    auto refused = [](const TlsServerConfig& tls) -> std::string {
        try {
            TlsContext context(tls);
        } catch (const std::runtime_error& e) {
            return e.what();
        }
        return "accepted";
    };
    auto tls = config();
    tls.cert_file = file("missing.pem");
    EXPECT_EQ(refused(tls),
              "cannot read the certificate " + file("missing.pem") + ": no such file");
    tls = config();
    tls.cert_file = file("not-pem.txt");
    EXPECT_EQ(refused(tls),
              "cannot load the certificate " + file("not-pem.txt") + ": no PEM certificate in it");
    tls = config();
    tls.key_file = file("server2.key");
    EXPECT_EQ(refused(tls).rfind("the key " + file("server2.key") +
                                     " does not match the certificate " + file("server.pem"),
                                 0),
              0u)
        << refused(tls);
    tls = config();
    tls.key_file = file("not-pem.txt");
    EXPECT_EQ(refused(tls).rfind("cannot load the key " + file("not-pem.txt") + ": ", 0), 0u)
        << refused(tls);
    tls = config();
    tls.client_auth = ClientAuth::RequireAndVerifyClientCert;
    tls.client_ca_file = file("not-pem.txt");
    EXPECT_EQ(refused(tls), "cannot load the client CA file " + file("not-pem.txt") +
                                ": no PEM certificate in it");
    // A FIFO in the certificate's place is refused at once, not waited on.
    ASSERT_EQ(::mkfifo(file("fifo.pem").c_str(), 0600), 0);
    tls = config();
    tls.cert_file = file("fifo.pem");
    EXPECT_EQ(refused(tls),
              "cannot read the certificate " + file("fifo.pem") + ": not a regular file");
    tls = config();
    tls.cipher_suites = {"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "TLS_NO_SUCH_SUITE"};
    EXPECT_EQ(refused(tls), "cipher_suites: unknown suite 'TLS_NO_SUCH_SUITE'");
    tls = config();
    tls.curve_preferences = {"X25519", "CurveP999"};
    EXPECT_EQ(refused(tls), "curve_preferences: unknown curve 'CurveP999'");
    tls = config();
    tls.client_ca_file = file("ca.pem");
    EXPECT_EQ(refused(tls), "client_ca_file " + file("ca.pem") +
                                " is given but client_auth_type is NoClientCert");

    // A changed configuration that does not load gets no context, not the previous one (whose
    // client policy may be weaker); the good one still loads after it.
    TlsContextCache cache;
    EXPECT_NE(cache.current(config()), nullptr);
    tls = config();
    tls.client_auth = ClientAuth::RequireAndVerifyClientCert;
    tls.client_ca_file = file("not-pem.txt");
    EXPECT_THROW(cache.current(tls), std::runtime_error);
    EXPECT_THROW(cache.current(tls), std::runtime_error);
    EXPECT_NE(cache.current(config()), nullptr);

    // Go's names that do apply: the server still serves with them.
    tls = config();
    tls.cipher_suites = {"TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"};
    tls.curve_preferences = {"CurveP384"};
    tls.max_version = TlsVersion::Tls12;
    auto server = serve(tls);
    auto answer = curl(server->address().port, {"--cacert", file("ca.pem")});
    EXPECT_EQ(answer.out, "200") << answer.err;
    EXPECT_NE(answer.err.find("ECDHE-ECDSA-AES256-GCM-SHA384"), std::string::npos) << answer.err;
}

// A source that fails closes the connection: never a plain-HTTP answer where TLS was meant.
TEST_F(TlsServe, AFailingContextSourceClosesTheConnection) {
    MetricsServer server(*parse_listen_address("127.0.0.1:0"), metrics_, {},
                         ServeSecurity{.tls = []() -> std::shared_ptr<const TlsContext> {
                             throw std::runtime_error("no certificate");
                         }});
    ::testing::internal::CaptureStderr();
    auto plain = testing::http_get(server.address().port, "/metrics");
    auto trusting = curl(server.address().port, {"--insecure"});
    std::string said = ::testing::internal::GetCapturedStderr();
    EXPECT_FALSE(plain && plain->status != 0);
    EXPECT_NE(trusting.status, 0);
    EXPECT_EQ(said, "edgetop: no TLS: no certificate\n");
}

// Sockets of clients that connect and then send nothing more (or a ClientHello's start), all
// closed on destruction.
class StalledClients {
  public:
    StalledClients(int port, int count, const std::string& first_bytes) {
        for (int i = 0; i < count; ++i) {
            auto socket = std::make_unique<testing::LoopbackSocket>(port);
            if (!socket->ok() || (!first_bytes.empty() && !socket->send(first_bytes))) return;
            sockets_.push_back(std::move(socket));
        }
    }
    size_t size() const { return sockets_.size(); }
    // How many the server has closed (EOF or reset), waiting up to `limit` for all of them.
    size_t closed_within(std::chrono::milliseconds limit) {
        auto until = std::chrono::steady_clock::now() + limit;
        size_t closed = 0;
        for (auto& socket : sockets_) {
            bool done = false;
            auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                until - std::chrono::steady_clock::now());
            socket->read_until_closed(std::max(left, 0ms), done);
            closed += done;
        }
        return closed;
    }

  private:
    std::vector<std::unique_ptr<testing::LoopbackSocket>> sockets_;
};

TEST_F(TlsServe, ClientsThatHoldHandshakesOpenCannotStarveAScrape) {
    HttpLimits limits;
    limits.max_connections = 512;
    limits.max_connections_per_address = 512;  // all held at once: only the deadline frees them
    limits.handshake_timeout = 1500ms;
    auto server = serve(config(), limits);
    int port = server->address().port;
    // The same scrape alone first: what a curl process and a handshake take on this machine now.
    auto alone_start = std::chrono::steady_clock::now();
    EXPECT_EQ(curl(port, {"--cacert", file("ca.pem")}).out, "200");
    auto alone = std::chrono::steady_clock::now() - alone_start;
    auto start = std::chrono::steady_clock::now();
    StalledClients silent(port, 300, "");
    // A TLS record header announcing a 512-byte ClientHello, then its first bytes only.
    std::string partial("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11);
    partial += std::string(32, 'r');
    StalledClients halfway(port, 50, partial);
    ASSERT_EQ(silent.size(), 300u);
    ASSERT_EQ(halfway.size(), 50u);

    auto scrape_start = std::chrono::steady_clock::now();
    auto scrape = curl(port, {"--cacert", file("ca.pem")});
    auto took = std::chrono::steady_clock::now() - scrape_start;
    auto ms = [](auto duration) {
        return std::chrono::duration<double, std::milli>(duration).count();
    };
    std::printf("TLS scrape (curl) beside 350 stalled handshakes: %.1f ms (alone: %.1f ms)\n",
                ms(took), ms(alone));
    EXPECT_EQ(scrape.out, "200") << scrape.err;
    // Within 1 s of what the same scrape takes alone (a loaded machine slows curl's start).
    EXPECT_LT(took - alone, 1s);
    // Still held while the deadline has not passed: they were counted, not dropped at once.
    if (std::chrono::steady_clock::now() - start < 1s) {
        EXPECT_EQ(halfway.closed_within(0ms), 0u);
    }

    EXPECT_EQ(silent.closed_within(5s), 300u);
    EXPECT_EQ(halfway.closed_within(1s), 50u);
    EXPECT_GE(std::chrono::steady_clock::now() - start, limits.handshake_timeout);
}

}  // namespace edgetop::exporter::tls_serve_test
