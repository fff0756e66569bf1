#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "commands/commands.hpp"
#include "commands/prometheus_feed.hpp"
#include "commands/remote_feed.hpp"
#include "commands/ssh_tunnel.hpp"
#include "commands/tui_recorder.hpp"
#include "exporter/http_auth.hpp"
#include "exporter/web_config_source.hpp"
#include "fleet/fleet_fetch.hpp"
#include "fleet/fleet_output.hpp"
#include "fleet/fleet_view.hpp"
#include "sensors/core/text_scan.hpp"
#include "tui/tui.hpp"

namespace edgetop {

namespace {

// A hosts file of a thousand boards is some 100 kB; this bounds what a wrong path can cost.
constexpr std::size_t kMaxHostsFileBytes = std::size_t{4} << 20;
// A sample line of a board with a full process table is some 60 kB.
constexpr std::size_t kMaxAnswerBytes = std::size_t{4} << 20;

exporter::HttpCredentials credentials_of(const cli::FleetArgs& f) {
    exporter::HttpCredentials credentials{f.ca, f.cert, f.key, std::nullopt};
    if (f.bearer_token_file)
        credentials.authorization =
            "Bearer " + exporter::read_bearer_token_file(*f.bearer_token_file);
    if (f.user)
        credentials.authorization =
            exporter::basic_authorization(*f.user, exporter::read_password_file(*f.password_file));
    return credentials;
}

// `source`: where the samples come from, for a recording's header.
void run_board_view(tui::SampleFeed& feed, const fleet::FleetHost& host, const std::string& source,
                    const fleet::FleetViewOptions& view) {
    SessionFileRecorder recorder(feed, host.name, source, view.interval.count());
    tui::TuiOptions tui_options;
    tui_options.recorder = &recorder;
    tui_options.interval_ms = static_cast<int>(view.interval.count());
    tui_options.ascii = view.ascii;
    tui_options.no_color = view.no_color;
    tui_options.escape_quits = true;
    tui::run_tui(feed, tui_options);
}

// Enter on the fleet page: the board's own view, every page, until q or Esc: from its serve where
// that answers, else, for a board read through Prometheus, from the series Prometheus has of it.
std::string open_board_view(const fleet::FleetHost& host, const fleet::FetchOptions& options,
                            const fleet::FleetViewOptions& view) {
    try {
        if (!host.target.text.empty()) {
            std::optional<RemoteFeed> feed;
            try {
                feed.emplace(host, options);
            } catch (const std::runtime_error&) {
                if (!host.prometheus) throw;
            }
            if (feed) {
                run_board_view(*feed, host, host.target.text, view);
                return feed->problem();
            }
        } else if (!host.prometheus) {
            return "no address of its serve";
        }
        PrometheusFeed feed(host, options);
        run_board_view(feed, host,
                       fmt::format("{} {{{}}}", host.prometheus->target.text, host.matchers), view);
        return feed.problem();
    } catch (const std::exception& e) {
        return e.what();
    }
}

std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> out;
    std::string_view rest = line;
    for (auto word = next_token(rest); !word.empty(); word = next_token(rest))
        out.emplace_back(word);
    return out;
}

bool write_out(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return std::fflush(stdout) == 0;
}

}  // namespace

int run_fleet(const cli::Args& args, const ProcessStart& start) {
    const cli::FleetArgs& f = args.fleet;
    fleet::HostList list;
    if (f.hosts_file) {
        auto file = exporter::read_config_file(*f.hosts_file, kMaxHostsFileBytes);
        if (!file.text) {
            print_error(fmt::format("--hosts-file {}: {}", *f.hosts_file, file.problem));
            return 2;
        }
        fleet::add_hosts_file(list, *file.text, *f.hosts_file);
    }
    for (const auto& url : args.operands)
        fleet::add_url(list, url);
    for (const auto& problem : list.problems)
        print_error("fleet: " + problem);
    if (list.hosts.empty()) {
        print_error("fleet: no board to read");
        return 2;
    }
    fleet::FetchOptions options;
    try {
        options.credentials = credentials_of(f);
    } catch (const std::runtime_error& e) {
        print_error(e.what());
        return 2;
    }
    options.limits.total = std::chrono::milliseconds(static_cast<long long>(f.timeout_s * 1000));
    options.limits.max_body_bytes = kMaxAnswerBytes;
    options.parallel = f.parallel;
    options.stale_s = f.stale_s;

    std::unique_ptr<SshTunnels> tunnels;
    if (std::any_of(list.hosts.begin(), list.hosts.end(),
                    [](const auto& host) { return host.kind == fleet::HostKind::ssh; })) {
        SshOptions ssh;
        ssh.command = words(f.ssh_command);
        ssh.remote_edgetop = f.remote_edgetop;
        ssh.interval_ms = static_cast<int>(f.interval_ms);
        try {
            tunnels = std::make_unique<SshTunnels>(list.hosts, ssh, start);
        } catch (const std::runtime_error& e) {
            print_error(e.what());
            return 1;
        }
        options.connect = [&tunnels](const fleet::FleetHost& host,
                                     const fleet::FetchOptions& fetch) {
            return tunnels->connect(host, fetch);
        };
    }

    if (!f.once && !f.json && isatty(STDOUT_FILENO) && isatty(STDIN_FILENO)) {
        fleet::FleetViewOptions view;
        view.interval = std::chrono::milliseconds(f.interval_ms);
        view.ascii = args.view.ascii;
        view.no_color = args.view.no_color;
        view.open_board = [&](const fleet::FleetHost& host) {
            return open_board_view(host, options, view);
        };
        return fleet::run_fleet_view(list.hosts, options, view);
    }
    auto rows = fleet::fetch_rows(list.hosts, options);
    std::string out;
    if (f.json) {
        for (const auto& row : rows)
            out += fleet::row_json_line(row);
    } else {
        out = fleet::fleet_table(rows, false);
    }
    if (!write_out(out)) return 1;
    bool all_up = std::all_of(rows.begin(), rows.end(),
                              [](const auto& row) { return row.state == fleet::HostState::up; });
    return all_up ? 0 : 1;
}

}  // namespace edgetop
