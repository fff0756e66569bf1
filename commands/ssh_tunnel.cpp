#include "commands/ssh_tunnel.hpp"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

namespace edgetop {

namespace {

using Clock = std::chrono::steady_clock;

// 64 random bits: the board's socket directory cannot be guessed (and so made first) by another
// user of the board.
std::string random_name() {
    std::random_device device;
    return fmt::format("{:08x}{:08x}", device(), device());
}

std::string private_directory() {
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    std::string base = runtime && *runtime ? runtime : "/tmp";
    std::string pattern = base + "/edgetop-fleet.XXXXXX";
    if (!::mkdtemp(pattern.data())) {
        pattern = "/tmp/edgetop-fleet.XXXXXX";
        if (!::mkdtemp(pattern.data()))
            throw std::runtime_error(
                fmt::format("fleet: cannot make a directory in /tmp: {}", std::strerror(errno)));
    }
    return pattern;
}

// The last line ssh (or the board's shell or edgetop, through it) wrote.
std::string last_error_line(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string text;
    in.seekg(0, std::ios::end);
    auto size = static_cast<long long>(in.tellg());
    in.seekg(std::max(0LL, size - 4096));
    text.assign(std::istreambuf_iterator<char>(in), {});
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();
    auto start = text.find_last_of('\n');
    return start == std::string::npos ? text : text.substr(start + 1);
}

}  // namespace

std::string remote_serve_command(const SshOptions& options, const std::string& socket_dir) {
    // The board's login shell reads this (POSIX sh syntax). The watcher ends the serve when ssh's
    // input ends (kept as fd 3: a background job's standard input is /dev/null); `wait` ends the
    // shell, and with it ssh, when the serve ends first.
    return fmt::format(
        "umask 077 && mkdir {0} && exec 3<&0 && {{ {1} serve --listen unix:{0}/serve.sock "
        "--interval {2} </dev/null 3<&- & p=$!; (cat <&3 >/dev/null; kill $p) >/dev/null 2>&1 & "
        "wait $p; s=$?; rm -rf {0}; exit $s; }}",
        socket_dir, options.remote_edgetop, options.interval_ms);
}

std::vector<std::string> ssh_arguments(const fleet::SshDestination& destination,
                                       const std::string& local_socket,
                                       const std::string& remote_dir,
                                       const std::string& remote_command) {
    std::vector<std::string> args{"-T",
                                  "-o",
                                  "BatchMode=yes",
                                  "-o",
                                  "ExitOnForwardFailure=yes",
                                  "-o",
                                  "ConnectTimeout=10",
                                  "-o",
                                  "ServerAliveInterval=10",
                                  "-L",
                                  local_socket + ":" + remote_dir + "/serve.sock"};
    if (destination.port) {
        args.push_back("-p");
        args.push_back(std::to_string(*destination.port));
    }
    if (!destination.user.empty()) {
        args.push_back("-l");
        args.push_back(destination.user);
    }
    args.push_back("--");
    args.push_back(destination.host);
    args.push_back(remote_command);
    return args;
}

SshTunnels::SshTunnels(std::vector<fleet::FleetHost>& hosts, SshOptions options,
                       const ProcessStart& start)
    : options_(std::move(options)), start_(start) {
    int index = 0;
    for (auto& host : hosts) {
        if (host.kind != fleet::HostKind::ssh) continue;
        if (dir_.empty()) dir_ = private_directory();
        auto tunnel = std::make_unique<Tunnel>();
        tunnel->log_path = fmt::format("{}/{}.log", dir_, index);
        host.target.socket_path = fmt::format("{}/{}.sock", dir_, index++);
        tunnels_.emplace(host.target.socket_path, std::move(tunnel));
    }
}

SshTunnels::~SshTunnels() {
    for (auto& [path, tunnel] : tunnels_)
        if (tunnel->input >= 0) ::close(tunnel->input);  // each board's serve ends
    auto deadline = Clock::now() + std::chrono::seconds(2);
    for (auto& [path, tunnel] : tunnels_) {
        if (!tunnel->ssh) continue;
        tunnel->ssh->send(SIGTERM);
        if (!tunnel->ssh->wait_until(deadline)) {
            tunnel->ssh->kill_all();
            tunnel->ssh->wait();
        }
    }
    if (!dir_.empty()) {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
}

std::string SshTunnels::connect(const fleet::FleetHost& host, const fleet::FetchOptions& fetch) {
    auto found = tunnels_.find(host.target.socket_path);
    if (found == tunnels_.end()) return "no tunnel for this host";
    Tunnel& tunnel = *found->second;
    std::lock_guard lock(tunnel.mutex);
    if (tunnel.ssh && tunnel.ssh->try_wait()) return ended(tunnel);
    if (tunnel.ssh && tunnel.ready) return "";
    if (!tunnel.ssh)
        if (auto problem = start(host, tunnel); !problem.empty()) return problem;
    return wait_ready(host, tunnel, fetch);
}

std::string SshTunnels::start(const fleet::FleetHost& host, Tunnel& tunnel) {
    ::unlink(host.target.socket_path.c_str());
    int log = ::open(tunnel.log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (log < 0) return fmt::format("cannot write {}: {}", tunnel.log_path, std::strerror(errno));
    int input[2];
    if (::pipe2(input, O_CLOEXEC) != 0) {
        ::close(log);
        return fmt::format("cannot make a pipe: {}", std::strerror(errno));
    }
    tunnel.remote_dir = "/tmp/edgetop-fleet-" + random_name();
    std::vector<std::string> argv = options_.command;
    for (auto& arg : ssh_arguments(host.ssh, host.target.socket_path, tunnel.remote_dir,
                                   remote_serve_command(options_, tunnel.remote_dir)))
        argv.push_back(std::move(arg));
    ChildOptions child;
    child.own_process_group = true;  // a Ctrl-C on the page is the page's
    child.output_fd = log;
    child.input_fd = input[0];
    std::string problem;
    try {
        tunnel.ssh = std::make_unique<ChildProcess>(argv, start_, child);
        tunnel.input = input[1];
    } catch (const std::exception& e) {
        problem = e.what();
        ::close(input[1]);
    }
    ::close(input[0]);
    ::close(log);
    tunnel.ready = false;
    return problem;
}

// Until the board's serve has its first sample: the forward is set up (ssh made the local
// socket), the remote serve started and sampled.
std::string SshTunnels::wait_ready(const fleet::FleetHost& host, Tunnel& tunnel,
                                   const fleet::FetchOptions& fetch) {
    auto deadline = Clock::now() + options_.ready_within;
    fleet::FetchOptions probe = fetch;
    probe.limits.total = std::chrono::milliseconds(1000);
    std::string last = "no answer yet";
    while (Clock::now() < deadline) {
        if (tunnel.ssh->try_wait()) return ended(tunnel);
        if (fetch.cancel && fetch.cancel->load()) return "not read";
        struct stat info {};
        if (::stat(host.target.socket_path.c_str(), &info) == 0) {
            try {
                (void)fleet::get_body(host, "/api/v1/sample", probe);
                tunnel.ready = true;
                return "";
            } catch (const std::exception& e) {
                last = e.what();
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return fmt::format("ssh: the board's edgetop did not answer within {} s ({})",
                       options_.ready_within.count() / 1000, last);
}

std::string SshTunnels::ended(Tunnel& tunnel) {
    int status = tunnel.ssh->wait();
    std::string line = last_error_line(tunnel.log_path);
    stop(tunnel);
    if (line.empty()) return fmt::format("ssh ended (exit status {})", status);
    return line.starts_with("ssh: ") ? line : "ssh: " + line;
}

void SshTunnels::stop(Tunnel& tunnel) {
    if (tunnel.input >= 0) ::close(tunnel.input);
    tunnel.input = -1;
    tunnel.ssh.reset();
    tunnel.ready = false;
}

}  // namespace edgetop
