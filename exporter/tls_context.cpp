#include "exporter/tls_context.hpp"

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <sys/stat.h>

#include <array>
#include <cstdio>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <utility>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop::exporter {

// Named, not anonymous: unity builds put this file beside others.
namespace tls_setup {

// Go's crypto/tls names (tls.CipherSuites() and tls.InsecureCipherSuites(), which
// exporter-toolkit accepts) beside OpenSSL's. RC4 is absent: OpenSSL 3 no longer has it.
constexpr std::array<std::pair<std::string_view, std::string_view>, 24> kCipherSuites{{
    {"TLS_RSA_WITH_3DES_EDE_CBC_SHA", "DES-CBC3-SHA"},
    {"TLS_RSA_WITH_AES_128_CBC_SHA", "AES128-SHA"},
    {"TLS_RSA_WITH_AES_256_CBC_SHA", "AES256-SHA"},
    {"TLS_RSA_WITH_AES_128_CBC_SHA256", "AES128-SHA256"},
    {"TLS_RSA_WITH_AES_128_GCM_SHA256", "AES128-GCM-SHA256"},
    {"TLS_RSA_WITH_AES_256_GCM_SHA384", "AES256-GCM-SHA384"},
    {"TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA", "ECDHE-ECDSA-AES128-SHA"},
    {"TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA", "ECDHE-ECDSA-AES256-SHA"},
    {"TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA", "ECDHE-RSA-DES-CBC3-SHA"},
    {"TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA", "ECDHE-RSA-AES128-SHA"},
    {"TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA", "ECDHE-RSA-AES256-SHA"},
    {"TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256", "ECDHE-ECDSA-AES128-SHA256"},
    {"TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256", "ECDHE-RSA-AES128-SHA256"},
    {"TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", "ECDHE-RSA-AES128-GCM-SHA256"},
    {"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "ECDHE-ECDSA-AES128-GCM-SHA256"},
    {"TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", "ECDHE-RSA-AES256-GCM-SHA384"},
    {"TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", "ECDHE-ECDSA-AES256-GCM-SHA384"},
    {"TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", "ECDHE-RSA-CHACHA20-POLY1305"},
    {"TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256", "ECDHE-ECDSA-CHACHA20-POLY1305"},
    // TLS 1.3's: Go lists them but applies no choice among them; neither does edgetop.
    {"TLS_AES_128_GCM_SHA256", ""},
    {"TLS_AES_256_GCM_SHA384", ""},
    {"TLS_CHACHA20_POLY1305_SHA256", ""},
    // Go's older spellings of the two ChaCha20 suites.
    {"TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305", "ECDHE-RSA-CHACHA20-POLY1305"},
    {"TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305", "ECDHE-ECDSA-CHACHA20-POLY1305"},
}};

constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kCurves{{
    {"CurveP256", "P-256"},
    {"CurveP384", "P-384"},
    {"CurveP521", "P-521"},
    {"X25519", "X25519"},
}};

std::optional<std::string> look_up(const auto& table, const std::string& name) {
    for (const auto& [go, openssl] : table)
        if (go == name) return std::string(openssl);
    return std::nullopt;
}

// OpenSSL's reason for the last failure (its error queue, emptied), or `fallback`.
std::string openssl_reason(const char* fallback) {
    unsigned long code = ERR_peek_last_error();
    ERR_clear_error();
    if (code == 0) return fallback;
    const char* reason = ERR_reason_error_string(code);
    return reason ? reason : fallback;
}

struct BioFree {
    void operator()(BIO* bio) const { BIO_free(bio); }
};
using Bio = std::unique_ptr<BIO, BioFree>;

// A PEM file's content in memory (read through the project's file reader: a FIFO or a device
// in its place is refused instead of blocking serve).
Bio read_pem(const std::string& what, const std::string& path) {
    if (path.empty()) throw std::runtime_error(what + ": no file given");
    auto content = read_whole_file(path, 1 << 20, FileAccess::user);
    if (!content.text)
        throw std::runtime_error("cannot read the " + what + " " + path + ": " + content.problem);
    Bio bio(BIO_new(BIO_s_mem()));
    if (!bio ||
        BIO_write(bio.get(), content.text->data(), static_cast<int>(content.text->size())) !=
            static_cast<int>(content.text->size()))
        throw std::runtime_error("cannot read the " + what + " " + path + ": out of memory");
    return bio;
}

// Every certificate of a PEM file, in order; throws when there is none or one is malformed.
std::vector<X509*> read_certificates(const std::string& what, const std::string& path) {
    Bio bio = read_pem(what, path);
    std::vector<X509*> certificates;
    ERR_clear_error();
    while (X509* certificate = PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr))
        certificates.push_back(certificate);
    // The end of the file reads as "no start line"; anything else is a broken certificate.
    unsigned long code = ERR_peek_last_error();
    bool clean_end = code == 0 || (ERR_GET_LIB(code) == ERR_LIB_PEM &&
                                   ERR_GET_REASON(code) == PEM_R_NO_START_LINE);
    if (certificates.empty() || !clean_end) {
        std::string reason = certificates.empty() && clean_end
                                 ? "no PEM certificate in it"
                                 : openssl_reason("a malformed certificate");
        for (X509* certificate : certificates)
            X509_free(certificate);
        throw std::runtime_error("cannot load the " + what + " " + path + ": " + reason);
    }
    ERR_clear_error();
    return certificates;
}

int version_of(TlsVersion version) {
    switch (version) {
        case TlsVersion::Tls10:
            return TLS1_VERSION;
        case TlsVersion::Tls11:
            return TLS1_1_VERSION;
        case TlsVersion::Tls12:
            return TLS1_2_VERSION;
        case TlsVersion::Tls13:
            return TLS1_3_VERSION;
    }
    return TLS1_2_VERSION;
}

// RequestClientCert and RequireAnyClientCert take whatever certificate comes, as Go does.
int accept_any_certificate(int, X509_STORE_CTX*) {
    return 1;
}

void load_identity(SSL_CTX* context, const TlsServerConfig& config) {
    std::vector<X509*> chain = read_certificates("certificate", config.cert_file);
    bool used = SSL_CTX_use_certificate(context, chain.front()) == 1;
    X509_free(chain.front());
    for (size_t i = 1; i < chain.size(); ++i)
        if (!used || SSL_CTX_add0_chain_cert(context, chain[i]) != 1) X509_free(chain[i]);
    if (!used)
        throw std::runtime_error("cannot use the certificate " + config.cert_file + ": " +
                                 openssl_reason("refused"));

    Bio bio = read_pem("key", config.key_file);
    EVP_PKEY* key = PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr);
    if (!key)
        throw std::runtime_error("cannot load the key " + config.key_file + ": " +
                                 openssl_reason("no PEM private key in it"));
    bool key_used = SSL_CTX_use_PrivateKey(context, key) == 1;
    EVP_PKEY_free(key);
    if (!key_used || SSL_CTX_check_private_key(context) != 1)
        throw std::runtime_error("the key " + config.key_file + " does not match the certificate " +
                                 config.cert_file + ": " + openssl_reason("mismatch"));
}

void load_client_policy(SSL_CTX* context, const TlsServerConfig& config) {
    bool has_ca = !config.client_ca_file.empty();
    if (has_ca && config.client_auth == ClientAuth::NoClientCert)
        throw std::runtime_error("client_ca_file " + config.client_ca_file +
                                 " is given but client_auth_type is NoClientCert");
    if (has_ca) {
        // The CA certificates verify client certificates, and their names go in the certificate
        // request, as Go's ClientCAs do.
        X509_STORE* store = SSL_CTX_get_cert_store(context);
        for (X509* ca : read_certificates("client CA file", config.client_ca_file)) {
            X509_STORE_add_cert(store, ca);
            SSL_CTX_add_client_CA(context, ca);
            X509_free(ca);
        }
    }
    switch (config.client_auth) {
        case ClientAuth::NoClientCert:
            SSL_CTX_set_verify(context, SSL_VERIFY_NONE, nullptr);
            break;
        case ClientAuth::RequestClientCert:
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER, accept_any_certificate);
            break;
        case ClientAuth::RequireAnyClientCert:
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT,
                               accept_any_certificate);
            break;
        case ClientAuth::VerifyClientCertIfGiven:
        case ClientAuth::RequireAndVerifyClientCert:
            // Go verifies against the system's roots when no client CA is given.
            if (!has_ca) SSL_CTX_set_default_verify_paths(context);
            SSL_CTX_set_verify(context,
                               config.client_auth == ClientAuth::RequireAndVerifyClientCert
                                   ? SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT
                                   : SSL_VERIFY_PEER,
                               nullptr);
            break;
    }
}

void apply_choices(SSL_CTX* context, const TlsServerConfig& config) {
    if (config.min_version > config.max_version)
        throw std::runtime_error("min_version is above max_version");
    if (SSL_CTX_set_min_proto_version(context, version_of(config.min_version)) != 1 ||
        SSL_CTX_set_max_proto_version(context, version_of(config.max_version)) != 1)
        throw std::runtime_error("min_version/max_version: " + openssl_reason("not supported"));
    if (!config.cipher_suites.empty()) {
        std::string list;
        for (const auto& name : config.cipher_suites) {
            auto openssl = look_up(kCipherSuites, name);
            if (!openssl) throw std::runtime_error("cipher_suites: unknown suite '" + name + "'");
            if (openssl->empty()) continue;
            if (!list.empty()) list += ':';
            list += *openssl;
        }
        if (!list.empty() && SSL_CTX_set_cipher_list(context, list.c_str()) != 1)
            throw std::runtime_error("cipher_suites: none of them is available: " +
                                     openssl_reason("refused"));
    }
    if (!config.curve_preferences.empty()) {
        std::string list;
        for (const auto& name : config.curve_preferences) {
            auto openssl = look_up(kCurves, name);
            if (!openssl)
                throw std::runtime_error("curve_preferences: unknown curve '" + name + "'");
            if (!list.empty()) list += ':';
            list += *openssl;
        }
        if (SSL_CTX_set1_groups_list(context, list.c_str()) != 1)
            throw std::runtime_error("curve_preferences: " + openssl_reason("not available"));
    }
}

bool same_config(const TlsServerConfig& a, const TlsServerConfig& b) {
    auto fields = [](const TlsServerConfig& c) {
        return std::tie(c.cert_file, c.key_file, c.client_auth, c.client_ca_file, c.min_version,
                        c.max_version, c.cipher_suites, c.curve_preferences);
    };
    return fields(a) == fields(b);
}

}  // namespace tls_setup

std::optional<std::string> openssl_cipher_name(const std::string& go_name) {
    return tls_setup::look_up(tls_setup::kCipherSuites, go_name);
}

std::optional<std::string> openssl_group_name(const std::string& go_name) {
    return tls_setup::look_up(tls_setup::kCurves, go_name);
}

TlsContext::TlsContext(const TlsServerConfig& config) {
    context_ = SSL_CTX_new(TLS_server_method());
    if (!context_) throw std::runtime_error("cannot make a TLS context: out of memory");
    try {
        // Partial writes: an answer's progress is counted per record (write_timeout), and a
        // retried write may continue from where the last one stopped.
        SSL_CTX_set_mode(context_,
                         SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
        // An idle connection gives its record buffers (about 34 KiB) back.
        SSL_CTX_set_mode(context_, SSL_MODE_RELEASE_BUFFERS);
        // A record in one read, not its header then its body: the loop reads until the socket
        // is empty anyway, so nothing waits unseen in OpenSSL's buffer.
        SSL_CTX_set_read_ahead(context_, 1);
        SSL_CTX_set_options(context_, SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
        // Resumption: tickets (stateless), and a small server cache for the clients that
        // resume by session id (bounded: many clients cannot grow it). OpenSSL's documentation
        // asks for a session id context wherever client certificates are used.
        SSL_CTX_sess_set_cache_size(context_, 256);
        static const unsigned char kSessionContext[] = "edgetop serve";
        SSL_CTX_set_session_id_context(context_, kSessionContext, sizeof kSessionContext - 1);
#ifdef SSL_OP_IGNORE_UNEXPECTED_EOF
        // A client that closes without close_notify is a client that left, not an attack on
        // the answers already sent (HTTP frames them with Content-Length).
        SSL_CTX_set_options(context_, SSL_OP_IGNORE_UNEXPECTED_EOF);
#endif
        tls_setup::load_identity(context_, config);
        tls_setup::load_client_policy(context_, config);
        tls_setup::apply_choices(context_, config);
    } catch (...) {
        SSL_CTX_free(context_);
        throw;
    }
}

TlsContext::~TlsContext() {
    SSL_CTX_free(context_);
}

std::vector<TlsContextCache::FileStamp> TlsContextCache::stamps_of(const TlsServerConfig& config) {
    std::vector<FileStamp> stamps;
    for (const std::string* path : {&config.cert_file, &config.key_file, &config.client_ca_file}) {
        FileStamp stamp;
        struct stat info {};
        if (!path->empty() && ::stat(path->c_str(), &info) == 0) {
            stamp.exists = true;
            stamp.device = info.st_dev;
            stamp.inode = info.st_ino;
            stamp.size = info.st_size;
            stamp.modified_ns =
                static_cast<long long>(info.st_mtim.tv_sec) * 1000000000LL + info.st_mtim.tv_nsec;
        }
        stamps.push_back(stamp);
    }
    return stamps;
}

std::shared_ptr<const TlsContext> TlsContextCache::current(const TlsServerConfig& config) {
    std::vector<FileStamp> stamps = stamps_of(config);
    std::lock_guard lock(mutex_);
    // The previous context stands in only for new files of the same configuration: a changed
    // configuration (another client_auth_type, say) that does not load serves nothing.
    auto previous_fits = [&] {
        return context_ && built_ && tls_setup::same_config(*built_, config);
    };
    if (tried_ && tls_setup::same_config(*tried_, config) && stamps == tried_stamps_) {
        if (last_error_.empty() || previous_fits()) return context_;
        throw std::runtime_error(last_error_);
    }
    tried_ = config;
    tried_stamps_ = std::move(stamps);
    try {
        context_ = std::make_shared<const TlsContext>(config);
        built_ = config;
        last_error_.clear();
    } catch (const std::exception& e) {
        last_error_ = e.what();
        if (!previous_fits()) throw;
        std::fprintf(stderr, "edgetop: keeping the previous TLS certificate: %s\n", e.what());
    }
    return context_;
}

}  // namespace edgetop::exporter
