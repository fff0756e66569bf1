#include "exporter/web_config_source.hpp"

#include <unistd.h>

#include <cstdio>
#include <stdexcept>

#include "exporter/web_config_parse.hpp"
#include "sensors/core/sysfs_file.hpp"

namespace edgetop::exporter {

// Named, not anonymous: unity builds put this file beside others.
namespace web_config_file {

// The absolute folder of `path`: relative names in the file stay right whatever the working
// directory later is.
std::string absolute_folder(const std::string& path) {
    size_t slash = path.rfind('/');
    std::string folder = slash == std::string::npos ? "."
                         : slash == 0               ? "/"
                                                    : path.substr(0, slash);
    if (folder.front() == '/') return folder;
    std::string cwd(4096, '\0');
    if (!::getcwd(cwd.data(), cwd.size())) return folder;
    cwd.resize(cwd.find('\0'));
    return folder == "." ? cwd : cwd + "/" + folder;
}

bool same_time(const timespec& a, const timespec& b) {
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

}  // namespace web_config_file

ConfigFileText read_config_file(const std::string& path, size_t max_bytes) {
    struct stat info {};
    // read_whole_file opens without blocking and refuses a FIFO; a directory opens, then fails.
    if (::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode))
        return {std::nullopt, "not a regular file"};
    FileText file = read_whole_file(path, max_bytes, FileAccess::user);
    return {std::move(file.text), std::move(file.problem)};
}

bool WebConfigSource::Version::operator==(const Version& other) const {
    return device == other.device && inode == other.inode && size == other.size &&
           web_config_file::same_time(modified, other.modified) &&
           web_config_file::same_time(changed, other.changed);
}

bool WebConfigSource::stat_version(const std::string& path, Version& version) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return false;
    version = {info.st_dev, info.st_ino, info.st_size, info.st_mtim, info.st_ctim};
    return true;
}

WebConfigSource::WebConfigSource(std::string path)
    : path_(std::move(path)),
      folder_(web_config_file::absolute_folder(path_)),
      file_(folder_ + "/" + path_.substr(path_.rfind('/') + 1)) {
    stat_version(file_, version_);
    std::string error;
    config_ = load(error);
    if (!config_) throw std::runtime_error("--web-config " + path_ + ": " + error);
}

std::shared_ptr<const WebConfig> WebConfigSource::load(std::string& error) const {
    ConfigFileText file = read_config_file(file_, kMaxWebConfigBytes);
    if (!file.text) {
        error = file.problem;
        return nullptr;
    }
    WebConfigParse parsed = parse_web_config(*file.text, folder_);
    if (!parsed.config) {
        error = parsed.error;
        return nullptr;
    }
    return std::make_shared<const WebConfig>(std::move(*parsed.config));
}

std::shared_ptr<const WebConfig> WebConfigSource::current() {
    std::lock_guard lock(mutex_);
    Version now;
    bool present = stat_version(file_, now);
    if (present && now == version_) return config_;
    if (!present && version_ == Version{}) return config_;  // still missing: said so already
    // Taken before reading: a change while it is read is seen on the next call.
    version_ = present ? now : Version{};
    std::string error;
    if (auto config = load(error)) {
        config_ = std::move(config);
    } else {
        std::fprintf(stderr, "edgetop: --web-config %s: %s; keeping the previous configuration\n",
                     path_.c_str(), error.c_str());
    }
    return config_;
}

}  // namespace edgetop::exporter
