#include "fleet/fleet_hosts.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sensors/core/text_scan.hpp"

namespace edgetop::fleet {

namespace {

constexpr std::string_view kUrlForms = "http://HOST:PORT, https://HOST:PORT or unix:PATH";

bool is_url(std::string_view word) {
    return word.find("://") != std::string_view::npos || word.starts_with("unix:");
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
    auto target = exporter::parse_http_target(url, "/");
    if (!target) return fmt::format("{}: expected {}", url, kUrlForms);
    if (name.empty()) name = default_name(*target);
    for (const auto& host : list.hosts)
        if (host.name == name)
            return fmt::format("{}: the name {} is already {}", url, name, host.target.text);
    list.hosts.push_back(FleetHost{std::move(name), std::move(*target), std::move(labels)});
    return {};
}

}  // namespace

std::string default_name(const exporter::HttpTarget& target) {
    if (target.scheme == exporter::HttpTarget::Scheme::unix_socket) return target.socket_path;
    if (target.host.find(':') != std::string::npos)
        return fmt::format("[{}]:{}", target.host, target.port);
    return fmt::format("{}:{}", target.host, target.port);
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
