// edgetop serve over TLS against plain HTTP, on the AGX Orin fixture's exposition: the CPU of one
// scrape on a kept-alive connection (Prometheus keeps its connection), of a full handshake plus
// one scrape, and the memory the server holds per idle TLS connection. The client is OpenSSL in
// this process (its CPU is left out: server_cpu_us counts every thread but the client's); the
// certificate is a P-256 one made by `openssl` at the start, as a deployment would use.
#include <arpa/inet.h>
#include <benchmark/benchmark.h>
#include <malloc.h>
#include <netinet/in.h>
#include <openssl/ssl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "analysis/rules_config.hpp"
#include "exporter/export_model.hpp"
#include "exporter/latest_metrics.hpp"
#include "exporter/metrics_server.hpp"
#include "exporter/tls_context.hpp"
#include "sensors/sampler/sampler.hpp"

namespace tls_bench {

using namespace edgetop;

// A certificate and key in a temporary folder, made once.
struct Certificate {
    std::string dir;
    exporter::TlsServerConfig config;
    Certificate() {
        char pattern[] = "/tmp/edgetop-tls-bench-XXXXXX";
        if (!::mkdtemp(pattern)) throw std::runtime_error("mkdtemp");
        dir = pattern;
        std::string command =
            "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 "
            "-nodes -days 2 -subj /CN=localhost -keyout " +
            dir + "/key.pem -out " + dir + "/cert.pem 2>/dev/null";
        if (std::system(command.c_str()) != 0) throw std::runtime_error("openssl req failed");
        config.cert_file = dir + "/cert.pem";
        config.key_file = dir + "/key.pem";
    }
    ~Certificate() { std::system(("rm -rf " + dir).c_str()); }
};

// The Orin fixture's exposition, published once (a serve that has sampled).
std::shared_ptr<exporter::LatestMetrics> orin_metrics() {
    Sampler sampler{Root(std::string(EDGETOP_FIXTURES) + "/agx-orin")};
    exporter::ExportModel model{sampler.board(), analysis::RuleConfig().enabled_ids(), 100};
    model.add(sampler.sample());
    auto metrics = std::make_shared<exporter::LatestMetrics>();
    metrics->publish(model.add(sampler.sample()));
    return metrics;
}

// serve's metrics server with TLS or without, no request limit per connection.
struct Server {
    Certificate certificate;
    std::shared_ptr<const exporter::TlsContext> context =
        std::make_shared<const exporter::TlsContext>(certificate.config);
    std::unique_ptr<exporter::MetricsServer> server;
    explicit Server(bool tls) {
        exporter::HttpLimits limits;
        limits.max_requests_per_connection = INT_MAX;
        limits.max_connections = 1024;  // the memory bench's connections all come from loopback
        limits.max_connections_per_address = 1024;
        exporter::TlsContextSource source;
        if (tls) source = [context = context] { return context; };
        server = std::make_unique<exporter::MetricsServer>(
            *exporter::parse_listen_address("127.0.0.1:0"), orin_metrics(), limits,
            exporter::ServeSecurity{.tls = source});
    }
    int port() const { return server->address().port; }
};

int connect_to(int port) {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0)
        throw std::runtime_error("connect failed");
    return fd;
}

// One client connection, TLS or plain, blocking.
class Client {
  public:
    Client(int port, SSL_CTX* tls) : fd_(connect_to(port)) {
        if (!tls) return;
        ssl_ = SSL_new(tls);
        SSL_set_fd(ssl_, fd_);
        if (SSL_connect(ssl_) != 1) throw std::runtime_error("TLS handshake failed");
    }
    ~Client() {
        if (ssl_) SSL_free(ssl_);
        ::close(fd_);
    }
    // One GET /metrics as Prometheus asks (OpenMetrics, gzip); the body's size.
    size_t scrape(bool close_after = false) {
        std::string request =
            "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n"
            "Accept: application/openmetrics-text;version=1.0.0,application/"
            "openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1\r\n";
        if (close_after) request += "Connection: close\r\n";
        request += "\r\n";
        if (write(request.data(), request.size()) <= 0) throw std::runtime_error("send failed");
        std::string in;
        char buffer[65536];
        size_t head_end = std::string::npos, length = 0;
        for (;;) {
            if (head_end == std::string::npos &&
                (head_end = in.find("\r\n\r\n")) != std::string::npos) {
                auto at = in.find("Content-Length: ");
                length = std::stoul(in.substr(at + 16));
            }
            if (head_end != std::string::npos && in.size() >= head_end + 4 + length) break;
            int n = read(buffer, sizeof buffer);
            if (n <= 0) throw std::runtime_error("connection closed");
            in.append(buffer, static_cast<size_t>(n));
        }
        return length;
    }

  private:
    int write(const char* data, size_t size) {
        return ssl_ ? SSL_write(ssl_, data, static_cast<int>(size))
                    : static_cast<int>(::send(fd_, data, size, MSG_NOSIGNAL));
    }
    int read(char* data, size_t size) {
        return ssl_ ? SSL_read(ssl_, data, static_cast<int>(size))
                    : static_cast<int>(::recv(fd_, data, size, 0));
    }
    int fd_;
    SSL* ssl_ = nullptr;
};

std::unique_ptr<SSL_CTX, decltype(&SSL_CTX_free)> client_context() {
    return {SSL_CTX_new(TLS_client_method()), SSL_CTX_free};
}

double cpu_s(clockid_t clock) {
    timespec now{};
    clock_gettime(clock, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// CPU of every thread but this one (the server's), per iteration.
struct ServerCpu {
    double process = cpu_s(CLOCK_PROCESS_CPUTIME_ID);
    double client = cpu_s(CLOCK_THREAD_CPUTIME_ID);
    double per_iteration_us(const benchmark::State& state) const {
        double server =
            (cpu_s(CLOCK_PROCESS_CPUTIME_ID) - process) - (cpu_s(CLOCK_THREAD_CPUTIME_ID) - client);
        return server * 1e6 / static_cast<double>(state.iterations());
    }
};

// /0 plain, /1 TLS (1.3): one scrape on a connection kept alive across iterations.
void BM_ServeKeptAliveScrape(benchmark::State& state) {
    bool tls = state.range(0) == 1;
    Server server(tls);
    auto context = client_context();
    Client client(server.port(), tls ? context.get() : nullptr);
    size_t bytes = client.scrape();
    ServerCpu cpu;
    for (auto _ : state)
        bytes = client.scrape();
    state.counters["server_cpu_us"] = cpu.per_iteration_us(state);
    state.counters["bytes"] = static_cast<double>(bytes);
    state.SetLabel(tls ? "TLS 1.3" : "plain");
}

// /0 plain, /1 TLS 1.3 full handshake (P-256 certificate, X25519), then one scrape and the close.
void BM_ServeNewConnectionScrape(benchmark::State& state) {
    bool tls = state.range(0) == 1;
    Server server(tls);
    auto context = client_context();
    ServerCpu cpu;
    for (auto _ : state) {
        Client client(server.port(), tls ? context.get() : nullptr);
        benchmark::DoNotOptimize(client.scrape(true));
    }
    state.counters["server_cpu_us"] = cpu.per_iteration_us(state);
    state.SetLabel(tls ? "TLS 1.3 handshake + scrape" : "plain connect + scrape");
}

// The server's heap per idle connection: /0 plain, /1 TLS after its handshake, /2 TLS waiting for
// a ClientHello. The clients live in a child process, so that this process' heap is the
// server's alone.
void BM_ServeIdleConnectionMemory(benchmark::State& state) {
    constexpr int kConnections = 400;
    int kind = static_cast<int>(state.range(0));
    Server server(kind != 0);
    for (auto _ : state) {
        int ready[2], done[2];
        if (::pipe(ready) != 0 || ::pipe(done) != 0) throw std::runtime_error("pipe");
        size_t before = mallinfo2().uordblks;
        pid_t child = ::fork();
        if (child == 0) {
            auto context = client_context();
            std::vector<std::unique_ptr<Client>> clients;
            std::vector<int> silent;
            for (int i = 0; i < kConnections; ++i) {
                if (kind == 2)
                    silent.push_back(connect_to(server.port()));
                else
                    clients.push_back(std::make_unique<Client>(
                        server.port(), kind == 1 ? context.get() : nullptr));
            }
            char byte = 1;
            (void)!::write(ready[1], &byte, 1);
            (void)!::read(done[0], &byte, 1);
            ::_exit(0);
        }
        char byte = 0;
        (void)!::read(ready[0], &byte, 1);
        std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the server's last steps
        size_t after = mallinfo2().uordblks;
        (void)!::write(done[1], &byte, 1);
        ::waitpid(child, nullptr, 0);
        for (int fd : {ready[0], ready[1], done[0], done[1]})
            ::close(fd);
        state.counters["heap_bytes_per_connection"] =
            (static_cast<double>(after) - static_cast<double>(before)) / kConnections;
    }
    state.SetLabel(kind == 0 ? "plain" : kind == 1 ? "TLS, handshake done" : "TLS, no ClientHello");
}

}  // namespace tls_bench

BENCHMARK(tls_bench::BM_ServeKeptAliveScrape)->Arg(0)->Arg(1)->UseRealTime();
BENCHMARK(tls_bench::BM_ServeNewConnectionScrape)->Arg(0)->Arg(1)->UseRealTime();
BENCHMARK(tls_bench::BM_ServeIdleConnectionMemory)->Arg(0)->Arg(1)->Arg(2)->Iterations(1);
