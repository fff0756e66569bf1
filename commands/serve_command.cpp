// edgetop serve: the recording loop of `record` (its monotonic schedule, signals, rules and,
// with --log, its session file) feeding a Prometheus endpoint.
#include <grp.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/rules_config.hpp"
#include "commands/commands.hpp"
#include "commands/output_file.hpp"
#include "commands/recorder.hpp"
#include "commands/rule_options.hpp"
#include "commands/serve_publisher.hpp"
#include "exporter/metrics_server.hpp"
#include "exporter/tls_context.hpp"
#include "exporter/unix_listen_socket.hpp"

namespace edgetop {

namespace {

// Blocks the signals the recording loop watches before the server starts its threads, which
// inherit the mask: a SIGTERM must reach the loop's signalfd (and end the session cleanly), not
// kill the process in a server thread.
class BlockedSignals {
  public:
    BlockedSignals() {
        sigset_t set;
        sigemptyset(&set);
        for (int signo : {SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE, SIGXFSZ})
            sigaddset(&set, signo);
        pthread_sigmask(SIG_BLOCK, &set, &original_);
    }
    ~BlockedSignals() { pthread_sigmask(SIG_SETMASK, &original_, nullptr); }
    BlockedSignals(const BlockedSignals&) = delete;
    BlockedSignals& operator=(const BlockedSignals&) = delete;

  private:
    sigset_t original_{};
};

// TLS from the web configuration as it reads now: its certificate files are read again when they
// change (TlsContextCache), the file itself on each connection (WebConfigSource).
exporter::TlsContextSource tls_of(std::shared_ptr<exporter::WebConfigSource> web) {
    auto cache = std::make_shared<exporter::TlsContextCache>();
    return [web = std::move(web), cache]() -> std::shared_ptr<const exporter::TlsContext> {
        auto config = web->current();
        return config->tls ? cache->current(*config->tls) : nullptr;
    };
}

// Whether anything stands between a client that reaches the port and the metrics.
bool authenticates(const exporter::ServeSecurity& security) {
    if (security.bearer_token) return true;
    if (!security.web_config) return false;
    auto config = security.web_config->current();
    return !config->basic_auth_users.empty() ||
           (config->tls &&
            config->tls->client_auth == exporter::ClientAuth::RequireAndVerifyClientCert);
}

// --socket-group's group id: a number, or a name looked up in the group database.
std::optional<unsigned> group_id(const std::string& group) {
    unsigned id = 0;
    auto [end, error] = std::from_chars(group.data(), group.data() + group.size(), id);
    if (error == std::errc() && end == group.data() + group.size()) return id;
    std::vector<char> buffer(16384);
    struct group entry {};
    struct group* found = nullptr;
    if (::getgrnam_r(group.c_str(), &entry, buffer.data(), buffer.size(), &found) != 0 || !found)
        return std::nullopt;
    return found->gr_gid;
}

// The addresses of --listen, checked before anything starts: "" when they are servable, else the
// one-line reason (a unix socket a process serves on, a file that is not a socket, a directory
// that does not exist, a group that does not exist).
std::string listen_addresses(const cli::ServeArgs& serve,
                             std::vector<exporter::ListenAddress>& addresses) {
    std::vector<std::string> given = serve.listen;
    if (given.empty()) given.emplace_back(exporter::kDefaultListen);
    std::optional<unsigned> group;
    if (serve.socket_group) {
        group = group_id(*serve.socket_group);
        if (!group) return "--socket-group: no group '" + *serve.socket_group + "'";
    }
    for (const auto& text : given) {
        auto address = exporter::parse_listen_address(text);
        if (!address) return "--listen: bad address '" + text + "'";  // the parser checked it
        for (const auto& earlier : addresses)
            if (earlier.text() == address->text()) return "--listen: " + text + " given twice";
        if (address->is_unix()) {
            std::string problem = exporter::unix_path_problem(address->unix_path);
            if (!problem.empty()) return "--listen " + problem;
            address->group = group;
        }
        addresses.push_back(std::move(*address));
    }
    bool any_unix = std::any_of(addresses.begin(), addresses.end(),
                                [](const auto& address) { return address.is_unix(); });
    if (group && !any_unix) return "--socket-group: only with --listen unix:PATH";
    return "";
}

}  // namespace

int run_serve(const cli::Args& args, const ProcessStart& start) {
    std::string error;
    auto rules = rule_config_from(args, error);
    if (!rules) {
        print_error(error);
        return 2;
    }
    std::vector<exporter::ListenAddress> addresses;
    if (std::string problem = listen_addresses(args.serve, addresses); !problem.empty()) {
        print_error(problem);
        return 2;
    }

    if (args.record.rotate_bytes && !args.serve.log) {
        print_error("--rotate: only with --log FILE");
        return 2;
    }
    if (args.record.keep_files && !args.record.rotate_bytes) {
        print_error("--keep: only with --rotate");
        return 2;
    }
    if (args.serve.log) {
        // A link planted at the log's name is refused before anything starts.
        try {
            check_output_path(*args.serve.log);
        } catch (const OutputError& e) {
            print_error(e.what());
            return 1;
        }
    }
    exporter::ServeSecurity security;
    try {
        if (args.serve.web_config)
            security.web_config =
                std::make_shared<exporter::WebConfigSource>(*args.serve.web_config);
        if (args.serve.bearer_token_file)
            security.bearer_token = exporter::read_bearer_token_file(*args.serve.bearer_token_file);
        if (security.web_config) {
            security.tls = tls_of(security.web_config);
            security.tls();  // certificate files that do not load are an error before listening
        }
    } catch (const std::exception& e) {
        print_error(e.what());
        return 2;
    }
    const bool unauthenticated = !authenticates(security);
    const bool tls = security.web_config && security.web_config->current()->tls;
    BlockedSignals blocked;
    auto metrics = std::make_shared<exporter::LatestMetrics>();
    // Slots for --history at the interval; a late tick only makes the samples kept span longer.
    // At most a day at one sample a second: the slots are allocated at once, the lines as they
    // come (each a few kB).
    constexpr int64_t kMaxHistorySamples = 86400;
    int64_t interval_ms = std::max<int64_t>(args.global.interval_ms, 1);
    auto api = std::make_shared<exporter::ApiStore>(static_cast<size_t>(
        std::min((args.serve.history_ms + interval_ms - 1) / interval_ms, kMaxHistorySamples)));
    auto stream = std::make_shared<exporter::EventStream>(exporter::EventStreamLimits{
        args.serve.stream_clients, static_cast<size_t>(args.serve.stream_buffer_bytes)});
    std::unique_ptr<exporter::MetricsServer> server;
    try {
        server = std::make_unique<exporter::MetricsServer>(
            addresses, metrics, exporter::HttpLimits{}, std::move(security), stream, api);
    } catch (const std::exception& e) {
        print_error(e.what());
        return 1;
    }
    for (const auto& address : server->addresses()) {
        // A unix socket's URL is the path curl --unix-socket (or any client) connects to.
        if (address.is_unix())
            std::fprintf(stderr, "edgetop: serving %s (%s, /metrics)\n", address.text().c_str(),
                         tls ? "https" : "http");
        else
            std::fprintf(stderr, "edgetop: serving %s://%s/metrics\n", tls ? "https" : "http",
                         address.text().c_str());
        if (unauthenticated && !exporter::is_loopback(address))
            std::fprintf(stderr,
                         "edgetop: %s is reachable from other machines without authentication: "
                         "anyone there reads the metrics (see --web-config, --bearer-token-file)\n",
                         address.text().c_str());
    }

    ServePublisher publisher(metrics, rules->enabled_ids(),
                             static_cast<double>(sysconf(_SC_CLK_TCK)), args.serve.log.has_value(),
                             api, args.serve.api_processes);
    publisher.stream_to(stream);
    publisher.group_series({args.serve.group_series, args.serve.group_names});
    // Without --log the session lines go nowhere, as with `stat` without -o.
    std::string log = args.serve.log.value_or("/dev/null");
    return record_session(args, log, start, &publisher);
}

}  // namespace edgetop
