#include "sensors/groups/container_names.hpp"

#include <nlohmann/json.hpp>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {

// A runtime's state file is a few kilobytes; Podman's containers.json lists every container.
constexpr size_t kMaxStateBytes = 4 << 20;
// Lookups kept before the cache starts over (ids of containers long gone).
constexpr size_t kMaxKnown = 4096;

using nlohmann::json;

json parse_file(const std::string& real_path) {
    // Not a sensor file: opened with the user's own rights, never with the read capability.
    auto text = read_text_file(real_path, kMaxStateBytes, FileAccess::user);
    if (!text) return nullptr;
    json parsed = json::parse(*text, nullptr, false);
    return parsed.is_discarded() ? json(nullptr) : parsed;
}

std::string text_at(const json& object, const char* key) {
    if (!object.is_object()) return {};
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// "namespace/pod/container" from three labels or annotations, where the pod is named.
std::string pod_name(const json& labels, const char* ns_key, const char* pod_key,
                     const char* container_key) {
    std::string pod = text_at(labels, pod_key);
    if (pod.empty()) return {};
    std::string out = text_at(labels, ns_key) + "/" + pod;
    std::string container = text_at(labels, container_key);
    if (!container.empty()) out += "/" + container;
    return out;
}

std::string docker_name(const json& config) {
    const json* labels = nullptr;
    if (config.is_object() && config.contains("Config") && config["Config"].is_object() &&
        config["Config"].contains("Labels"))
        labels = &config["Config"]["Labels"];
    if (labels) {
        std::string pod = pod_name(*labels, "io.kubernetes.pod.namespace", "io.kubernetes.pod.name",
                                   "io.kubernetes.container.name");
        if (!pod.empty()) return pod;
    }
    std::string name = text_at(config, "Name");
    if (name.starts_with('/')) name.erase(0, 1);
    return name;
}

std::string annotated_name(const json& spec) {
    if (!spec.is_object() || !spec.contains("annotations")) return {};
    const json& notes = spec["annotations"];
    std::string pod =
        pod_name(notes, "io.kubernetes.cri.sandbox-namespace", "io.kubernetes.cri.sandbox-name",
                 "io.kubernetes.cri.container-name");
    if (pod.empty())
        pod = pod_name(notes, "io.kubernetes.pod.namespace", "io.kubernetes.pod.name",
                       "io.kubernetes.container.name");
    if (!pod.empty()) return pod;
    return text_at(notes, "nerdctl/name");
}

std::string podman_name(const json& containers, const std::string& id) {
    if (!containers.is_array()) return {};
    for (const json& c : containers)
        if (text_at(c, "id") == id && c.contains("names") && c["names"].is_array() &&
            !c["names"].empty() && c["names"][0].is_string())
            return c["names"][0].get<std::string>();
    return {};
}

}  // namespace

void ContainerNames::name(GroupIdentity& identity) {
    if (identity.container_id.empty()) return;
    auto it = known_.find(identity.container_id);
    if (it == known_.end()) {
        if (known_.size() >= kMaxKnown) known_.clear();
        it = known_.emplace(identity.container_id, look_up(identity)).first;
    }
    if (it->second.empty()) return;
    identity.name = it->second;
    if (identity.kind == "kubernetes" && it->second.find('/') == std::string::npos)
        identity.name = "pod" + identity.pod_uid + "/" + it->second;
}

std::string ContainerNames::look_up(const GroupIdentity& identity) {
    const std::string& id = identity.container_id;
    if (identity.runtime == "docker")
        return docker_name(
            parse_file(root_.path("/var/lib/docker/containers/" + id + "/config.v2.json")));
    if (identity.runtime == "containerd") {
        std::string task = "/run/containerd/io.containerd.runtime.v2.task/";
        for (const std::string& ns : {identity.containerd_namespace, std::string("k8s.io"),
                                      std::string("default"), std::string("moby")}) {
            if (ns.empty()) continue;
            std::string name =
                annotated_name(parse_file(root_.path(task + ns + "/" + id + "/config.json")));
            if (!name.empty()) return name;
        }
        // A bare id under kubepods is Docker's where the kubelet ran it through dockershim.
        return docker_name(
            parse_file(root_.path("/var/lib/docker/containers/" + id + "/config.v2.json")));
    }
    if (identity.runtime == "cri-o")
        return annotated_name(parse_file(root_.path("/run/containers/storage/overlay-containers/" +
                                                    id + "/userdata/config.json")));
    if (identity.runtime == "podman")
        return podman_name(parse_file(root_.path(
                               "/var/lib/containers/storage/overlay-containers/containers.json")),
                           id);
    return {};
}

}  // namespace edgetop
