// The boards of a fleet: URLs given on the command line and lines of a hosts file
// ("[NAME] URL [KEY=VALUE...]", '#' comments), each with a name that is unique in the fleet.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "exporter/http_client.hpp"

namespace edgetop::fleet {

struct FleetHost {
    std::string name;
    exporter::HttpTarget target;  // its path (a reverse proxy's prefix) leads every request's
    std::vector<std::pair<std::string, std::string>> labels;  // in the order given
};

struct HostList {
    std::vector<FleetHost> hosts;
    std::vector<std::string> problems;  // one line each: a bad line or URL, a name used twice
};

// The name a host gets when none is given: HOST:PORT of its URL, or the socket's path.
std::string default_name(const exporter::HttpTarget& target);

// Adds one URL of the command line. A URL fleet cannot read or a name already in the list is a
// problem, and the host is left out.
void add_url(HostList& list, std::string_view url);

// Adds the hosts of a hosts file's text. A bad line is a problem named by file and line number
// ("hosts.txt:3: ..."), and the rest of the file is used.
void add_hosts_file(HostList& list, std::string_view text, std::string_view file_name);

}  // namespace edgetop::fleet
