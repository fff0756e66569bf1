// ssh:// boards of `edgetop fleet`: the user's own ssh (their config, keys and agent; BatchMode,
// so it never asks) runs `edgetop serve` on the board on a unix socket in a directory only that
// user can enter, and forwards a local socket to it (-L), so the board is read as any serve is,
// its whole API included (the view opened on it too). One ssh per board, held for the fleet's
// life; when the fleet ends, or the ssh does, the board's serve ends and its directory goes.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "commands/child_process.hpp"
#include "fleet/fleet_fetch.hpp"

namespace edgetop {

struct SshOptions {
    std::vector<std::string> command{"ssh"};  // --ssh-command, split at blanks
    std::string remote_edgetop = "edgetop";   // --remote-edgetop: a command line for its shell
    int interval_ms = 2000;                   // the board's serve samples this often
    // From starting ssh to the board's first sample.
    std::chrono::milliseconds ready_within{15'000};
};

// The command line ssh runs on the board: serve on SOCKET_DIR/serve.sock until ssh's input ends
// (then the serve is stopped) or the serve ends (then ssh does); SOCKET_DIR made 0700 first.
std::string remote_serve_command(const SshOptions& options, const std::string& socket_dir);

// The arguments of ssh for one board (after options.command).
std::vector<std::string> ssh_arguments(const fleet::SshDestination& destination,
                                       const std::string& local_socket,
                                       const std::string& remote_dir,
                                       const std::string& remote_command);

class SshTunnels {
  public:
    // Gives each ssh host the local end of its tunnel (target.socket_path) in a directory of this
    // process's own (0700). Throws std::runtime_error with one line when it cannot be made.
    SshTunnels(std::vector<fleet::FleetHost>& hosts, SshOptions options, const ProcessStart& start);
    ~SshTunnels();
    SshTunnels(const SshTunnels&) = delete;
    SshTunnels& operator=(const SshTunnels&) = delete;

    // FetchOptions::connect: "" once the board's serve answers through its tunnel; else why not
    // (ssh's or the board's last line of error). Starts ssh when it is not running; one that
    // ended is started again at the next call.
    std::string connect(const fleet::FleetHost& host, const fleet::FetchOptions& fetch);

  private:
    struct Tunnel {
        std::mutex mutex;
        std::unique_ptr<ChildProcess> ssh;
        int input = -1;  // ssh's standard input: closing it ends the board's serve
        std::string log_path;
        std::string remote_dir;
        bool ready = false;
    };
    std::string start(const fleet::FleetHost& host, Tunnel& tunnel);
    std::string wait_ready(const fleet::FleetHost& host, Tunnel& tunnel,
                           const fleet::FetchOptions& fetch);
    std::string ended(Tunnel& tunnel);
    void stop(Tunnel& tunnel);

    SshOptions options_;
    ProcessStart start_;
    std::string dir_;
    std::map<std::string, std::unique_ptr<Tunnel>> tunnels_;  // by local socket path
};

}  // namespace edgetop
