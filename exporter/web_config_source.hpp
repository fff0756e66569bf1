// The web configuration file of `serve --web-config FILE`: read and checked at start, and read
// again when it changes, as exporter-toolkit reads its file on each new connection (so that a
// certificate or a password is replaced without a restart). current() looks at the file's
// status on each call; a file that changed is read again, and one that no longer reads as a
// valid configuration keeps the previous one in force, with one line on standard error.
#pragma once

#include <sys/stat.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "exporter/web_config.hpp"

namespace edgetop::exporter {

inline constexpr size_t kMaxWebConfigBytes = 1 << 20;

// The text of a small configuration file (the web configuration, the bearer token), or why it
// has none: "no such file", "permission denied", "not a regular file" (a FIFO, a directory),
// "larger than N bytes".
struct ConfigFileText {
    std::optional<std::string> text;
    std::string problem;
};
ConfigFileText read_config_file(const std::string& path, size_t max_bytes);

class WebConfigSource {
  public:
    // Reads `path`; throws std::runtime_error("--web-config PATH: REASON") when it is missing,
    // unreadable, not a regular file (a FIFO), larger than kMaxWebConfigBytes or not valid.
    explicit WebConfigSource(std::string path);
    WebConfigSource(const WebConfigSource&) = delete;
    WebConfigSource& operator=(const WebConfigSource&) = delete;

    // The configuration in force, read again first when the file changed.
    std::shared_ptr<const WebConfig> current();
    const std::string& path() const { return path_; }

  private:
    struct Version {
        dev_t device = 0;
        ino_t inode = 0;
        off_t size = 0;
        timespec modified{};
        timespec changed{};
        bool operator==(const Version& other) const;
    };
    // The file's configuration, or the reason it has none.
    std::shared_ptr<const WebConfig> load(std::string& error) const;
    static bool stat_version(const std::string& path, Version& version);

    std::string path_;    // as given, for messages
    std::string folder_;  // absolute: where relative names in the file are resolved
    std::string file_;    // absolute: what is read, whatever the working directory later is
    std::mutex mutex_;
    Version version_;  // of the file last read, valid or not
    std::shared_ptr<const WebConfig> config_;
};

}  // namespace edgetop::exporter
