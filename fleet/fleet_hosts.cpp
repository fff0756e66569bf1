#include "fleet/fleet_hosts.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "fleet/fleet_fetch.hpp"
#include "fleet/fleet_prometheus.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop::fleet {

namespace {

constexpr std::string_view kUrlForms =
    "http(s)://HOST:PORT, unix:PATH, prometheus+http(s)://HOST:PORT[?match=MATCHERS] or "
    "ssh://[USER@]HOST[:PORT]";
constexpr std::string_view kPrometheusScheme = "prometheus+";
constexpr std::string_view kSshScheme = "ssh://";

bool is_url(std::string_view word) {
    return word.find("://") != std::string_view::npos || word.starts_with("unix:");
}

std::optional<std::string> percent_decoded(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        unsigned value = 0;
        const char* digits = text.data() + i + 1;
        if (i + 2 >= text.size() ||
            std::from_chars(digits, digits + 2, value, 16).ptr != digits + 2)
            return std::nullopt;
        out += static_cast<char>(value);
        i += 2;
    }
    return out;
}

ParsedHost problem(std::string text) {
    return {std::nullopt, std::move(text)};
}

FleetHost make_host(std::string name, exporter::HttpTarget target, HostKind kind) {
    FleetHost host;
    host.name = std::move(name);
    host.target = std::move(target);
    host.kind = kind;
    if (kind != HostKind::prometheus) host.memo = std::make_shared<BoardMemo>();
    return host;
}

// prometheus+http(s)://HOST:PORT[/PREFIX][?match=MATCHERS]: MATCHERS as inside PromQL's braces,
// with or without them ('job="edgetop",site="lab"').
ParsedHost parse_prometheus(std::string_view url) {
    std::string_view rest = url.substr(kPrometheusScheme.size());
    std::string matchers;
    if (auto query = rest.find('?'); query != std::string_view::npos) {
        std::string_view parameter = rest.substr(query + 1);
        rest = rest.substr(0, query);
        if (!parameter.starts_with("match="))
            return problem(fmt::format("{}: the one query a Prometheus URL takes is ?match=", url));
        auto decoded = percent_decoded(parameter.substr(6));
        if (!decoded) return problem(fmt::format("{}: a % not followed by two hex digits", url));
        std::string_view inner = trim(*decoded);
        if (inner.starts_with('{') && inner.ends_with('}'))
            inner = trim(inner.substr(1, inner.size() - 2));
        bool bad = std::any_of(inner.begin(), inner.end(), [](char c) {
            return c == '{' || c == '}' || static_cast<unsigned char>(c) < 0x20;
        });
        if (bad) return problem(fmt::format("{}: match= takes label matchers only", url));
        matchers = inner;
    }
    auto target = exporter::parse_http_target(rest, "/");
    if (!target || target->scheme == exporter::HttpTarget::Scheme::unix_socket)
        return problem(fmt::format("{}: expected {}", url, kUrlForms));
    target->text = std::string(url);
    std::string name = default_name(*target);
    FleetHost host = make_host(std::move(name), std::move(*target), HostKind::prometheus);
    host.matchers = std::move(matchers);
    host.boards = std::make_shared<DiscoveredBoards>();
    return {std::move(host), {}};
}

// A user or host name that ssh cannot take for an option: letters, digits and ._- (and : in an
// IPv6 address), not starting with '-'.
bool is_ssh_word(std::string_view word, bool colons) {
    if (word.empty() || word.front() == '-') return false;
    return std::all_of(word.begin(), word.end(), [&](char c) {
        return ascii::is_alnum(c) || c == '.' || c == '_' || c == '-' || (colons && c == ':');
    });
}

ParsedHost parse_ssh(std::string_view url) {
    std::string_view rest = url.substr(kSshScheme.size());
    while (rest.ends_with('/'))
        rest.remove_suffix(1);
    SshDestination destination;
    if (auto at = rest.find('@'); at != std::string_view::npos) {
        destination.user = rest.substr(0, at);
        rest = rest.substr(at + 1);
        if (!is_ssh_word(destination.user, false))
            return problem(fmt::format("{}: a user name of letters, digits and ._-", url));
    }
    std::string_view host = rest, port;
    if (rest.starts_with('[')) {
        auto close = rest.find(']');
        if (close == std::string_view::npos) return problem(fmt::format("{}: no ]", url));
        host = rest.substr(1, close - 1);
        std::string_view after = rest.substr(close + 1);
        if (!after.empty() && !after.starts_with(':'))
            return problem(fmt::format("{}: expected ssh://[USER@]HOST[:PORT]", url));
        if (!after.empty()) port = after.substr(1);
    } else if (auto colon = rest.find(':'); colon != std::string_view::npos) {
        host = rest.substr(0, colon);
        port = rest.substr(colon + 1);
    }
    if (!is_ssh_word(host, rest.starts_with('[')))
        return problem(fmt::format("{}: expected ssh://[USER@]HOST[:PORT]", url));
    destination.host = host;
    std::string name(host);
    if (!port.empty()) {
        int number = 0;
        auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), number);
        if (error != std::errc() || end != port.data() + port.size() || number < 1 ||
            number > 65535)
            return problem(fmt::format("{}: the port is 1 to 65535", url));
        destination.port = number;
        name = rest.starts_with('[') ? fmt::format("[{}]:{}", host, number)
                                     : fmt::format("{}:{}", host, number);
    }
    exporter::HttpTarget target;
    target.scheme = exporter::HttpTarget::Scheme::unix_socket;
    target.path = "/";
    target.text = std::string(url);
    FleetHost fleet_host = make_host(std::move(name), std::move(target), HostKind::ssh);
    fleet_host.ssh = std::move(destination);
    return {std::move(fleet_host), {}};
}

// Prometheus' label names: [a-zA-Z_][a-zA-Z0-9_]*, so that labels carry over to its queries.
bool is_label_name(std::string_view name) {
    if (name.empty() || ascii::is_digit(name.front())) return false;
    return std::all_of(name.begin(), name.end(),
                       [](char c) { return c == '_' || ascii::is_alnum(c); });
}

// The host, or the reason it cannot be one.
std::string add_host(HostList& list, std::string_view url, std::string name,
                     std::vector<std::pair<std::string, std::string>> labels) {
    auto parsed = parse_host_url(url);
    if (!parsed.host) return parsed.problem;
    if (!name.empty()) parsed.host->name = std::move(name);
    for (const auto& host : list.hosts)
        if (host.name == parsed.host->name)
            return fmt::format("{}: the name {} is already {}", url, host.name, host.target.text);
    parsed.host->labels = std::move(labels);
    list.hosts.push_back(std::move(*parsed.host));
    return {};
}

}  // namespace

std::string default_name(const exporter::HttpTarget& target) {
    if (target.scheme == exporter::HttpTarget::Scheme::unix_socket) return target.socket_path;
    if (target.host.find(':') != std::string::npos)
        return fmt::format("[{}]:{}", target.host, target.port);
    return fmt::format("{}:{}", target.host, target.port);
}

ParsedHost parse_host_url(std::string_view url) {
    if (url.starts_with(kPrometheusScheme)) return parse_prometheus(url);
    if (url.starts_with(kSshScheme)) return parse_ssh(url);
    auto target = exporter::parse_http_target(url, "/");
    if (!target) return problem(fmt::format("{}: expected {}", url, kUrlForms));
    std::string name = default_name(*target);
    return {make_host(std::move(name), std::move(*target), HostKind::serve), {}};
}

void add_url(HostList& list, std::string_view url) {
    if (auto problem = add_host(list, url, {}, {}); !problem.empty())
        list.problems.push_back(std::move(problem));
}

void add_hosts_file(HostList& list, std::string_view text, std::string_view file_name) {
    int number = 0;
    std::string_view rest = text;
    while (!rest.empty()) {
        std::string_view line = next_line(rest);
        ++number;
        line = trim(line.substr(0, line.find('#')));
        std::vector<std::string_view> words;
        for (auto word = next_token(line); !word.empty(); word = next_token(line))
            words.push_back(word);
        if (words.empty()) continue;
        auto problem = [&](std::string message) {
            list.problems.push_back(fmt::format("{}:{}: {}", file_name, number, message));
        };
        std::size_t url_at = is_url(words[0]) ? 0 : 1;
        if (url_at >= words.size() || !is_url(words[url_at])) {
            problem(fmt::format("expected [NAME] URL [KEY=VALUE...], with URL {}", kUrlForms));
            continue;
        }
        std::string name = url_at == 1 ? std::string(words[0]) : std::string();
        if (name.find('=') != std::string::npos) {
            problem(fmt::format("{}: a name comes before the URL, labels after it", name));
            continue;
        }
        std::vector<std::pair<std::string, std::string>> labels;
        std::string bad;
        for (std::size_t i = url_at + 1; i < words.size() && bad.empty(); ++i) {
            auto equals = words[i].find('=');
            std::string_view key = words[i].substr(0, equals);
            if (equals == std::string_view::npos || !is_label_name(key))
                bad = fmt::format("{}: expected a label KEY=VALUE (KEY of letters, digits and _)",
                                  words[i]);
            else
                labels.emplace_back(std::string(key), std::string(words[i].substr(equals + 1)));
        }
        if (bad.empty()) bad = add_host(list, words[url_at], std::move(name), std::move(labels));
        if (!bad.empty()) problem(std::move(bad));
    }
}

}  // namespace edgetop::fleet
