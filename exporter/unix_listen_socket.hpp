// A listening unix (AF_UNIX) stream socket for `edgetop serve --listen unix:PATH`: the file is
// made mode 0660 (owner and group read and write: connecting needs write permission), given to
// --socket-group's group when one is named, and made before listen(), so no client connects
// before its mode and group are set.
//
// A socket file already at PATH is replaced only when nothing accepts on it (a serve that was
// killed left it); one that a process serves is left alone, and a file that is not a socket is
// never removed.
#pragma once

#include <sys/types.h>

#include <stdexcept>
#include <string>

#include "exporter/listen_address.hpp"

namespace edgetop::exporter {

// What is at a unix socket's path before serve binds it.
enum class UnixPathState {
    absent,        // nothing: bind makes the file
    stale,         // a socket nothing accepts on: removed, then bound
    live,          // a socket a process accepts on
    not_a_socket,  // a file of another type
    no_directory,  // the directory does not exist
    unknown,       // cannot tell (no permission to look or connect)
};

UnixPathState unix_path_state(const std::string& path);

// The one-line reason `path` cannot be served for a state other than absent and stale (e.g.
// "unix:/run/edgetop.sock: another process serves on it"); empty for those two.
std::string unix_path_problem(const std::string& path);

// The socket file serve made: removed when serve ends, if it is still the same file.
struct UnixSocketFile {
    std::string path;
    dev_t device = 0;
    ino_t inode = 0;
    // Removes the file when it is still the one bound (a later serve may have replaced it).
    void remove() const;
};

// Binds and listens (non-blocking, close-on-exec). Throws std::runtime_error("cannot listen on
// unix:PATH: REASON").
// With address.group, the file is given to that group.
int open_unix_listen_socket(const ListenAddress& address, UnixSocketFile& file);

}  // namespace edgetop::exporter
