// Compiled only for static builds (cmake/Static.cmake).
//
// Debian's libproc2.a is built with systemd support: its process reader refers to these
// libsystemd functions, and Debian ships no libsystemd.a to satisfy them. libproc2 calls them only
// for the PIDS_SD_* items (a process's systemd unit, slice, session, seat), which edgetop never
// asks for, so they are never called. They answer as libsystemd does when it cannot tell
// (a negative errno), which libproc2 already handles by reporting the field as "-".
//
// The alternative, building procps from its Debian source package without systemd during
// `make dist`, would rebuild a whole library with autotools for each architecture to remove
// seven functions that are never reached; these stand-ins keep the link honest at no cost.
#include <sys/types.h>

#include <cerrno>

extern "C" {

int sd_pid_get_machine_name(pid_t, char**) {
    return -ENOSYS;
}
int sd_pid_get_owner_uid(pid_t, uid_t*) {
    return -ENOSYS;
}
int sd_pid_get_session(pid_t, char**) {
    return -ENOSYS;
}
int sd_pid_get_slice(pid_t, char**) {
    return -ENOSYS;
}
int sd_pid_get_unit(pid_t, char**) {
    return -ENOSYS;
}
int sd_pid_get_user_unit(pid_t, char**) {
    return -ENOSYS;
}
int sd_session_get_seat(const char*, char**) {
    return -ENOSYS;
}

}  // extern "C"
