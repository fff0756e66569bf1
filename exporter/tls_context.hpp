// The TLS side of `edgetop serve`: an OpenSSL server context built from a web configuration's
// tls_server_config, with the meaning Go's crypto/tls (and so exporter-toolkit) gives each key,
// and a cache that builds it again when the configuration or one of its files changes, so that
// certificates rotate without a restart.
#pragma once

#include <sys/types.h>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "exporter/web_config.hpp"

struct ssl_ctx_st;

namespace edgetop::exporter {

// One server context: certificate chain, key, client-certificate policy, versions, suites and
// groups. Immutable once built; each connection's SSL object holds its own reference to it.
class TlsContext {
  public:
    // Throws std::runtime_error with one line naming the file or the key at fault ("cannot read
    // the certificate /etc/edgetop/tls.crt: No such file or directory", "cipher_suites: unknown
    // suite 'X'").
    explicit TlsContext(const TlsServerConfig& config);
    ~TlsContext();
    TlsContext(const TlsContext&) = delete;
    TlsContext& operator=(const TlsContext&) = delete;

    ssl_ctx_st* native() const { return context_; }

  private:
    ssl_ctx_st* context_ = nullptr;
};

// Go's name of a TLS 1.2 (or older) cipher suite as OpenSSL names it; nullopt when unknown. The
// TLS 1.3 suites, which Go lets nobody choose, map to an empty string (accepted, not applied).
std::optional<std::string> openssl_cipher_name(const std::string& go_name);
// Go's name of a curve ("CurveP256", "X25519") as an OpenSSL group name; nullopt when unknown.
std::optional<std::string> openssl_group_name(const std::string& go_name);

// The context of a configuration, built again when the configuration or one of its files (by
// modification time, size and inode) changed since the last build. When the files of the same
// configuration change into bad ones, the previous context stays (one line on stderr says why,
// once per change); a configuration that does not load otherwise makes current() throw (the
// connection is closed: never a weaker policy than the one asked for). Safe to call from several
// threads.
class TlsContextCache {
  public:
    std::shared_ptr<const TlsContext> current(const TlsServerConfig& config);

  private:
    struct FileStamp {
        bool exists = false;
        dev_t device = 0;
        ino_t inode = 0;
        off_t size = 0;
        long long modified_ns = 0;
        bool operator==(const FileStamp&) const = default;
    };
    static std::vector<FileStamp> stamps_of(const TlsServerConfig& config);

    std::mutex mutex_;
    std::optional<TlsServerConfig> tried_;  // the last configuration built (or tried)
    std::vector<FileStamp> tried_stamps_;   // its files then
    std::string last_error_;                // why that build failed, or empty
    std::optional<TlsServerConfig> built_;  // the configuration of context_
    std::shared_ptr<const TlsContext> context_;
};

}  // namespace edgetop::exporter
