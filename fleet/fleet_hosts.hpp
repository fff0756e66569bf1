// The boards of a fleet: URLs given on the command line and lines of a hosts file
// ("[NAME] URL [KEY=VALUE...]", '#' comments), each with a name that is unique in the fleet. A
// URL is a board's serve (http, https, unix), a Prometheus that has many boards
// (prometheus+http(s)://, read with instant queries), or a board reached by ssh (ssh://).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "exporter/http_client.hpp"

namespace edgetop::fleet {

enum class HostKind { serve, prometheus, ssh };

// ssh://[USER@]HOST[:PORT]
struct SshDestination {
    std::string user;  // "" for ssh's own choice
    std::string host;
    std::optional<int> port;
};

class DiscoveredBoards;
struct BoardMemo;

struct FleetHost {
    std::string name;
    // serve: its path (a reverse proxy's prefix) leads every request's. prometheus: its API's.
    // ssh: the local end of the forwarded socket of the board's serve (text: the ssh:// URL).
    exporter::HttpTarget target;
    std::vector<std::pair<std::string, std::string>> labels;  // in the order given
    HostKind kind = HostKind::serve;
    // prometheus: the label matchers that pick its boards ("job=\"x\""); a board read through one:
    // those and its own instance and job.
    std::string matchers;
    SshDestination ssh;
    std::string via;  // a board read through a Prometheus: that Prometheus' name
    // A board read through a Prometheus: that Prometheus' host (matchers: this board's series).
    const FleetHost* prometheus = nullptr;
    // prometheus: the boards it has, kept for as long as the host (rows point at them).
    std::shared_ptr<DiscoveredBoards> boards;
    // serve, ssh: its board description, read again only when its serve restarted or a minute
    // passed.
    std::shared_ptr<BoardMemo> memo;
};

struct HostList {
    std::vector<FleetHost> hosts;
    std::vector<std::string> problems;  // one line each: a bad line or URL, a name used twice
};

// The name a host gets when none is given: HOST:PORT of its URL, or the socket's path.
std::string default_name(const exporter::HttpTarget& target);

// The host a URL names, or why it names none.
struct ParsedHost {
    std::optional<FleetHost> host;
    std::string problem;
};
ParsedHost parse_host_url(std::string_view url);

// Adds one URL of the command line. A URL fleet cannot read or a name already in the list is a
// problem, and the host is left out.
void add_url(HostList& list, std::string_view url);

// Adds the hosts of a hosts file's text. A bad line is a problem named by file and line number
// ("hosts.txt:3: ..."), and the rest of the file is used.
void add_hosts_file(HostList& list, std::string_view text, std::string_view file_name);

}  // namespace edgetop::fleet
