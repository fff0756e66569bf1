// Container names from the runtimes' own state, where this user may read it:
//   Docker      /var/lib/docker/containers/<id>/config.v2.json: "Name", and Config.Labels
//               io.kubernetes.pod.namespace / .pod.name / .container.name (dockershim)
//   containerd  /run/containerd/io.containerd.runtime.v2.task/<namespace>/<id>/config.json
//               annotations: nerdctl/name; io.kubernetes.cri.sandbox-namespace / sandbox-name /
//               container-name (Kubernetes)
//   CRI-O       /run/containers/storage/overlay-containers/<id>/userdata/config.json
//               annotations io.kubernetes.pod.namespace / pod.name / container.name
//   Podman      /var/lib/containers/storage/overlay-containers/containers.json "names" (rootful)
// These are root's (mode 0700 or 0710 directories): another user keeps the short id, and a
// rootless Podman container keeps it too (its store is in the user's home).
#pragma once

#include <string>
#include <unordered_map>

#include "sensors/core/sysfs_root.hpp"
#include "sensors/groups/group_naming.hpp"

namespace edgetop {

class ContainerNames {
  public:
    explicit ContainerNames(Root root) : root_(std::move(root)) {}

    // Renames `identity` after its container where the state names it; each id is looked up once.
    void name(GroupIdentity& identity);

  private:
    std::string look_up(const GroupIdentity& identity);

    Root root_;
    std::unordered_map<std::string, std::string> known_;  // full id -> name ("" when unknown)
};

}  // namespace edgetop
