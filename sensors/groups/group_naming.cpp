#include "sensors/groups/group_naming.hpp"

#include <algorithm>
#include <vector>

namespace edgetop {

namespace {

constexpr size_t kShortIdLength = 12;

bool is_container_id(std::string_view text) {
    return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

std::vector<std::string_view> components(std::string_view path) {
    std::vector<std::string_view> out;
    while (!path.empty()) {
        size_t slash = path.find('/');
        std::string_view part = path.substr(0, slash);
        if (!part.empty()) out.push_back(part);
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash + 1);
    }
    return out;
}

// "<prefix><id>.scope" or "<prefix><id>": the id, else empty.
std::string_view id_after(std::string_view part, std::string_view prefix) {
    if (!part.starts_with(prefix)) return {};
    part.remove_prefix(prefix.size());
    if (part.ends_with(".scope")) part.remove_suffix(6);
    return is_container_id(part) ? part : std::string_view{};
}

struct Container {
    std::string_view id;
    std::string runtime;
};

// The container a path component names, with the runtime the name tells.
Container container_of(std::string_view part, std::string_view parent) {
    static constexpr std::pair<std::string_view, std::string_view> kScopes[] = {
        {"docker-", "docker"}, {"cri-containerd-", "containerd"}, {"nerdctl-", "containerd"},
        {"crio-", "cri-o"},    {"libpod-conmon-", "podman"},      {"libpod-", "podman"},
    };
    for (auto [prefix, runtime] : kScopes)
        if (auto id = id_after(part, prefix); !id.empty()) return {id, std::string(runtime)};
    if (is_container_id(part)) {
        if (parent == "docker") return {part, "docker"};
        if (parent == "libpod_parent") return {part, "podman"};
        return {part, "containerd"};
    }
    return {};
}

// The pod uid of a kubepods component: "pod<uid>" or
// "kubepods-<qos>-pod<uid_with_underscores>.slice".
std::string pod_uid_of(std::string_view part) {
    size_t at = part.rfind("pod");
    if (at == std::string_view::npos || (at != 0 && part[at - 1] != '-')) return {};
    std::string_view uid = part.substr(at + 3);
    if (uid.ends_with(".slice")) uid.remove_suffix(6);
    if (uid.size() < 32) return {};
    std::string out(uid);
    std::replace(out.begin(), out.end(), '_', '-');
    return out;
}

bool is_unit(std::string_view part) {
    return part.ends_with(".service") || part.ends_with(".scope");
}

}  // namespace

std::string short_container_id(std::string_view id) {
    return std::string(id.substr(0, kShortIdLength));
}

GroupIdentity identify_group(std::string_view path) {
    GroupIdentity out;
    auto parts = components(path);
    bool kubernetes = std::any_of(parts.begin(), parts.end(),
                                  [](std::string_view p) { return p.starts_with("kubepods"); });
    for (size_t i = parts.size(); i-- > 0;) {
        if (kubernetes && out.pod_uid.empty()) out.pod_uid = pod_uid_of(parts[i]);
        if (!out.container_id.empty()) continue;
        Container container = container_of(parts[i], i > 0 ? parts[i - 1] : std::string_view{});
        if (container.id.empty()) continue;
        out.container_id = std::string(container.id);
        out.runtime = container.runtime;
        if (!kubernetes && container.runtime == "containerd" && is_container_id(parts[i]) && i > 0)
            out.containerd_namespace = std::string(parts[i - 1]);
    }
    if (kubernetes) {
        out.kind = "kubernetes";
        out.name = out.pod_uid.empty() ? std::string(path) : "pod" + out.pod_uid;
        if (!out.container_id.empty()) {
            out.short_id = short_container_id(out.container_id);
            out.name += "/" + *out.short_id;
        }
        return out;
    }
    if (!out.container_id.empty()) {
        out.kind = out.runtime == "cri-o" ? "containerd" : out.runtime;
        out.short_id = short_container_id(out.container_id);
        out.name = *out.short_id;
        if (parts.back().starts_with("libpod-conmon-")) out.name += " conmon";
        return out;
    }
    if (!parts.empty() && parts.front() == "user.slice" && parts.size() >= 2) {
        out.kind = "user";
        std::string_view user = parts[1];
        if (user.ends_with(".slice")) user.remove_suffix(6);
        out.name = parts.size() == 2 ? std::string(parts[1])
                                     : std::string(user) + "/" + std::string(parts.back());
        return out;
    }
    auto unit = std::find_if(parts.rbegin(), parts.rend(), is_unit);
    if (unit != parts.rend()) {
        out.kind = "service";
        out.name = std::string(*unit);
        return out;
    }
    out.kind = "cgroup";
    out.name = path.empty() ? "/" : std::string(path);
    return out;
}

}  // namespace edgetop
