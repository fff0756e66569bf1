// A small python3 HTTP server for the tests of edgetop's HTTP client (query --from): over TCP on
// a port it picks, or on a unix socket, it answers GET /api/v1/sample with a given body (a real
// sample line), and has paths that misbehave: /huge (a Content-Length of 1 GiB, then data),
// /flood (no length, data as fast as it goes), /trickle (no length, a byte every 20 ms, never
// ending), /missing (404), and /old/metrics the body as an exposition (a serve older than the
// JSON API: its /old/api/v1/sample is 404). Over TLS too, with a certificate and key it is given.
#pragma once

#include <fstream>
#include <optional>
#include <regex>
#include <string>

#include "support/child_process.hpp"
#include "support/temp_dir.hpp"

namespace edgetop::testing {

inline constexpr const char* kSampleServerScript = R"py(
import http.server, socketserver, sys, time
body = open(sys.argv[2], 'rb').read()

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.0'
    def log_message(self, *args):
        pass
    def stream(self, chunk, pause):
        try:
            while True:
                self.wfile.write(chunk)
                self.wfile.flush()
                if pause:
                    time.sleep(pause)
        except OSError:
            pass
    def do_GET(self):
        if self.path == '/api/v1/sample':
            self.send_response(200)
            self.send_header('Content-Type', 'application/json')
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif self.path == '/old/metrics':
            self.send_response(200)
            self.send_header('Content-Type', 'text/plain; version=0.0.4')
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif self.path.startswith('/huge'):
            self.send_response(200)
            self.send_header('Content-Length', str(1 << 30))
            self.end_headers()
            self.stream(b'x' * 65536, 0)
        elif self.path.startswith('/flood'):
            self.send_response(200)
            self.end_headers()
            self.stream(b'x' * 65536, 0)
        elif self.path.startswith('/trickle'):
            self.send_response(200)
            self.end_headers()
            self.stream(b'{', 0.02)
        else:
            self.send_error(404)

class Tcp(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

class Unix(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True
    def get_request(self):
        request, _ = super().get_request()
        return request, ('local', 0)

if sys.argv[1] in ('tcp', 'tls'):
    server = Tcp(('127.0.0.1', 0), Handler)
    if sys.argv[1] == 'tls':
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[4], sys.argv[5])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print('LISTENING', server.server_address[1], flush=True)
else:
    server = Unix(sys.argv[3], Handler)
    print('LISTENING 0', flush=True)
server.serve_forever()
)py";

class SampleHttpServer {
  public:
    // tcp: on 127.0.0.1 (port()); else on the unix socket socket_path(). With a certificate
    // and its key (PEM files), TLS on 127.0.0.1.
    SampleHttpServer(const std::string& body, bool tcp, const std::string& certificate = "",
                     const std::string& key = "") {
        write(dir_.file("server.py"), kSampleServerScript);
        write(dir_.file("body"), body);
        SpawnOptions options;
        options.log_path = dir_.file("log");
        std::vector<std::string> argv{"python3", dir_.file("server.py"),
                                      !certificate.empty() ? "tls"
                                      : tcp                ? "tcp"
                                                           : "unix",
                                      dir_.file("body"), socket_path()};
        if (!certificate.empty()) {
            argv.push_back(certificate);
            argv.push_back(key);
        }
        process_.emplace(argv, options);
        auto port = process_->wait_for_log(std::regex("LISTENING (\\d+)"),
                                           std::chrono::milliseconds(10'000));
        if (port) port_ = std::stoi(*port);
    }
    bool started() const { return port_.has_value(); }
    int port() const { return port_.value_or(0); }
    std::string socket_path() const { return dir_.file("s.sock"); }
    std::string url(const std::string& path = "") const {
        return "http://127.0.0.1:" + std::to_string(port()) + path;
    }

  private:
    static void write(const std::string& path, const std::string& text) {
        std::ofstream(path, std::ios::binary) << text;
    }

    TempDir dir_;
    std::optional<ChildProcess> process_;
    std::optional<int> port_;
};

}  // namespace edgetop::testing
