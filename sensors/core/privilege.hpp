// What edgetop may read beyond its real user's rights, and where it uses it.
//
// Installed with a file capability (`setcap cap_dac_read_search+ep`) or setuid, edgetop could
// read any file on the machine for whoever runs it. So from the start of run() it holds
// CAP_DAC_READ_SEARCH in its permitted set only, never in effect: every open runs with the real
// user's rights, the paths the user names (--root, input files, -o, configs) included. The
// capability is put in effect for one open at a time, in the calling thread alone, by SysFile
// and Root::glob for live sensor paths under /sys and /proc, and a file opened that way is kept
// only when it lies on a kernel filesystem (sysfs, procfs, debugfs, tracefs), so no link can
// lead the capability anywhere else. Commands that read no live board give it up for good.
#pragma once

namespace edgetop {

enum class Privilege {
    none,        // the real user's rights and nothing more
    real_root,   // run by root: nothing to keep apart
    capability,  // CAP_DAC_READ_SEARCH permitted, for live sensor files only
};

// Called once at start, before any file is opened or thread started: a setuid or setgid
// edgetop becomes its real user (keeping CAP_DAC_READ_SEARCH when it was setuid root), every
// other capability is dropped, and the one kept is taken out of effect.
Privilege lower_privilege();
// Gives up the kept capability for the rest of the process (a --root tree, a session file).
void drop_privilege();
// Whether CAP_DAC_READ_SEARCH is held, in effect or not, in this thread.
bool holds_read_capability();

// While alive, CAP_DAC_READ_SEARCH is in effect in this thread when it is held; nothing
// otherwise. For opens of live sensor paths only (see above).
class ReadCapabilityScope {
  public:
    ReadCapabilityScope();
    ~ReadCapabilityScope();
    ReadCapabilityScope(const ReadCapabilityScope&) = delete;
    ReadCapabilityScope& operator=(const ReadCapabilityScope&) = delete;
    bool raised() const { return raised_; }

  private:
    bool raised_ = false;
};

// Whether the open file descriptor is on sysfs, procfs, debugfs or tracefs.
bool on_kernel_filesystem(int fd);
// Whether a real path may be opened with the capability: a live sensor path under /sys or /proc.
bool is_live_sensor_path(const char* path);

}  // namespace edgetop
