// What made a control group, told from its path alone, in the layouts the runtimes write
// (tests/fixtures/notes/cgroup-layouts.md lists them with their sources):
//   Docker       /docker/<id> (cgroupfs driver), /system.slice/docker-<id>.scope (systemd)
//   containerd   /<namespace>/<id> (nerdctl, ctr: cgroupfs), /system.slice/nerdctl-<id>.scope
//   Podman       /machine.slice/libpod-<id>.scope, rootless
//                /user.slice/user-<uid>.slice/user@<uid>.service/user.slice/libpod-<id>.scope
//   Kubernetes   /kubepods/<qos>/pod<uid>/<id>,
//                /kubepods.slice/kubepods-<qos>.slice/kubepods-<qos>-pod<uid>.slice/
//                cri-containerd-<id>.scope (or docker-, crio-)
//   systemd      /system.slice/ssh.service, /init.scope, /user.slice/user-<uid>.slice/...
// anything else is named by its path.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace edgetop {

struct GroupIdentity {
    std::string kind;  // docker, containerd, podman, kubernetes, service, user, cgroup
    std::string name;  // the short id for a container until its runtime's state names it
    std::optional<std::string> short_id;
    // For the runtime-state lookup (container_names.hpp).
    std::string container_id;  // full 64-digit id
    std::string runtime;       // docker, containerd, cri-o, podman
    std::string containerd_namespace;
    std::string pod_uid;
};

GroupIdentity identify_group(std::string_view path);

// A container id's short form, as `docker ps` prints it.
std::string short_container_id(std::string_view id);

}  // namespace edgetop
