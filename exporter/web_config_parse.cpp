#include "exporter/web_config_parse.hpp"

#include <yaml.h>

#include <algorithm>
#include <array>
#include <set>
#include <stdexcept>
#include <utility>

#include "exporter/http_auth.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop::exporter {

// Named, not anonymous: unity builds put this file beside others.
namespace web_config_yaml {

// An error at a node: its line (1-based) and the message that names the key.
struct ParseError : std::runtime_error {
    ParseError(size_t line, const std::string& message)
        : std::runtime_error("line " + std::to_string(line) + ": " + message) {}
};

// exporter-toolkit's keys that edgetop does not implement, each with the reason given.
struct Refused {
    std::string_view key;
    std::string_view why;
};
constexpr std::array kRefusedTlsKeys{
    Refused{"cert", "an inline certificate is not supported: use cert_file"},
    Refused{"key", "an inline key is not supported: use key_file"},
    Refused{"client_ca", "an inline CA is not supported: use client_ca_file"},
    Refused{"client_allowed_sans", "not supported: verify clients with client_ca_file alone"},
};

constexpr std::array<std::string_view, 5> kAllowedHeaders{
    "Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options", "X-XSS-Protection",
    "Strict-Transport-Security"};

// The libyaml document, freed on every path.
class Document {
  public:
    explicit Document(std::string_view text) {
        yaml_parser_initialize(&parser_);
        yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.data()),
                                     text.size());
        if (!yaml_parser_load(&parser_, &document_)) {
            std::string problem = parser_.problem ? parser_.problem : "not YAML";
            size_t line = parser_.problem_mark.line + 1;
            yaml_parser_delete(&parser_);
            throw ParseError(line, "not valid YAML: " + problem);
        }
        loaded_ = true;
    }
    ~Document() {
        if (loaded_) {
            yaml_document_delete(&document_);
            yaml_parser_delete(&parser_);
        }
    }
    Document(const Document&) = delete;
    Document& operator=(const Document&) = delete;

    yaml_node_t* root() { return yaml_document_get_root_node(&document_); }
    yaml_node_t* node(int index) { return yaml_document_get_node(&document_, index); }

    // Whether the stream holds another document after the first (exporter-toolkit reads one).
    bool has_more() {
        yaml_document_t next;
        if (!yaml_parser_load(&parser_, &next)) return true;  // an error after the first counts
        bool more = yaml_document_get_root_node(&next) != nullptr;
        yaml_document_delete(&next);
        return more;
    }

  private:
    yaml_parser_t parser_{};
    yaml_document_t document_{};
    bool loaded_ = false;
};

size_t line_of(const yaml_node_t* node) {
    return node->start_mark.line + 1;
}

std::string_view scalar_text(const yaml_node_t* node) {
    return {reinterpret_cast<const char*>(node->data.scalar.value), node->data.scalar.length};
}

// A plain scalar YAML reads as null: an empty value, "~" or "null".
bool is_null(const yaml_node_t* node) {
    if (node->type != YAML_SCALAR_NODE || node->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return false;
    std::string_view text = scalar_text(node);
    return text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
}

class Reader {
  public:
    explicit Reader(Document& document) : document_(document) {}

    // The pairs of a mapping (none for a null value), each key a plain string met once.
    std::vector<std::pair<std::string, yaml_node_t*>> mapping(yaml_node_t* node,
                                                              const std::string& key) {
        std::vector<std::pair<std::string, yaml_node_t*>> pairs;
        if (is_null(node)) return pairs;
        if (node->type != YAML_MAPPING_NODE)
            throw ParseError(line_of(node), (key.empty() ? "the file" : key) +
                                                ": not a mapping of keys to values");
        std::set<std::string, std::less<>> seen;
        for (auto* pair = node->data.mapping.pairs.start; pair < node->data.mapping.pairs.top;
             ++pair) {
            yaml_node_t* key_node = document_.node(pair->key);
            yaml_node_t* value = document_.node(pair->value);
            std::string where = key.empty() ? "" : key + ".";
            if (!key_node || !value || key_node->type != YAML_SCALAR_NODE)
                throw ParseError(key_node ? line_of(key_node) : line_of(node),
                                 where + "a key that is not a string");
            std::string name(scalar_text(key_node));
            if (!seen.insert(name).second)
                throw ParseError(line_of(key_node), where + name + ": given twice");
            pairs.emplace_back(std::move(name), value);
        }
        return pairs;
    }

    std::string string(yaml_node_t* node, const std::string& key) {
        if (node->type != YAML_SCALAR_NODE) throw ParseError(line_of(node), key + ": not a string");
        std::string_view text = scalar_text(node);
        if (std::any_of(text.begin(), text.end(),
                        [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
            throw ParseError(line_of(node), key + ": holds a control character");
        return std::string(text);
    }

    bool boolean(yaml_node_t* node, const std::string& key) {
        if (node->type == YAML_SCALAR_NODE && node->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
            std::string_view text = scalar_text(node);
            if (text == "true" || text == "True" || text == "TRUE") return true;
            if (text == "false" || text == "False" || text == "FALSE") return false;
        }
        throw ParseError(line_of(node), key + ": not true or false");
    }

    std::vector<std::string> strings(yaml_node_t* node, const std::string& key) {
        std::vector<std::string> items;
        if (is_null(node)) return items;
        if (node->type != YAML_SEQUENCE_NODE) throw ParseError(line_of(node), key + ": not a list");
        for (auto* item = node->data.sequence.items.start; item < node->data.sequence.items.top;
             ++item) {
            yaml_node_t* element = document_.node(*item);
            if (!element) throw ParseError(line_of(node), key + ": a broken list");
            items.push_back(string(element, key));
        }
        return items;
    }

  private:
    Document& document_;
};

std::string resolve(std::string path, std::string_view base_folder) {
    if (path.empty() || path.front() == '/' || base_folder.empty()) return path;
    std::string resolved(base_folder);
    if (resolved.back() != '/') resolved += '/';
    return resolved + path;
}

std::string file_name(Reader& reader, yaml_node_t* node, const std::string& key,
                      std::string_view base_folder) {
    std::string name = reader.string(node, key);
    if (name.empty()) throw ParseError(line_of(node), key + ": an empty file name");
    return resolve(std::move(name), base_folder);
}

ClientAuth client_auth(Reader& reader, yaml_node_t* node, const std::string& key) {
    static constexpr std::array<std::pair<std::string_view, ClientAuth>, 5> kNames{{
        {"NoClientCert", ClientAuth::NoClientCert},
        {"RequestClientCert", ClientAuth::RequestClientCert},
        {"RequireAnyClientCert", ClientAuth::RequireAnyClientCert},
        {"VerifyClientCertIfGiven", ClientAuth::VerifyClientCertIfGiven},
        {"RequireAndVerifyClientCert", ClientAuth::RequireAndVerifyClientCert},
    }};
    std::string text = reader.string(node, key);
    for (const auto& [name, value] : kNames)
        if (text == name) return value;
    throw ParseError(line_of(node), key + ": '" + text +
                                        "' is not NoClientCert, RequestClientCert, "
                                        "RequireAnyClientCert, VerifyClientCertIfGiven or "
                                        "RequireAndVerifyClientCert");
}

TlsVersion tls_version(Reader& reader, yaml_node_t* node, const std::string& key) {
    std::string text = reader.string(node, key);
    if (text == "TLS10") return TlsVersion::Tls10;
    if (text == "TLS11") return TlsVersion::Tls11;
    if (text == "TLS12") return TlsVersion::Tls12;
    if (text == "TLS13") return TlsVersion::Tls13;
    throw ParseError(line_of(node), key + ": '" + text + "' is not TLS10, TLS11, TLS12 or TLS13");
}

// tls_server_config: nullopt when it sets nothing (exporter-toolkit then serves plain HTTP).
std::optional<TlsServerConfig> tls_server_config(Reader& reader, yaml_node_t* node,
                                                 std::string_view base_folder) {
    const std::string section = "tls_server_config";
    auto pairs = reader.mapping(node, section);
    if (pairs.empty()) return std::nullopt;
    TlsServerConfig tls;
    bool has_cert = false;
    bool has_key = false;
    for (const auto& [name, value] : pairs) {
        std::string key = section + "." + name;
        const std::string& given = name;  // clang before 16 captures no structured binding
        auto refused = std::find_if(kRefusedTlsKeys.begin(), kRefusedTlsKeys.end(),
                                    [&](const Refused& r) { return r.key == given; });
        if (refused != kRefusedTlsKeys.end())
            throw ParseError(line_of(value), key + ": " + std::string(refused->why));
        if (name == "cert_file") {
            tls.cert_file = file_name(reader, value, key, base_folder);
            has_cert = true;
        } else if (name == "key_file") {
            tls.key_file = file_name(reader, value, key, base_folder);
            has_key = true;
        } else if (name == "client_auth_type") {
            tls.client_auth = client_auth(reader, value, key);
        } else if (name == "client_ca_file") {
            tls.client_ca_file = file_name(reader, value, key, base_folder);
        } else if (name == "min_version") {
            tls.min_version = tls_version(reader, value, key);
        } else if (name == "max_version") {
            tls.max_version = tls_version(reader, value, key);
        } else if (name == "cipher_suites") {
            tls.cipher_suites = reader.strings(value, key);
        } else if (name == "curve_preferences") {
            tls.curve_preferences = reader.strings(value, key);
        } else if (name == "prefer_server_cipher_suites") {
            tls.prefer_server_cipher_suites = reader.boolean(value, key);
        } else {
            throw ParseError(line_of(value), key + ": unknown key");
        }
    }
    size_t line = line_of(node);
    if (!has_cert) throw ParseError(line, section + ": cert_file is missing");
    if (!has_key) throw ParseError(line, section + ": key_file is missing");
    bool verifies = tls.client_auth == ClientAuth::VerifyClientCertIfGiven ||
                    tls.client_auth == ClientAuth::RequireAndVerifyClientCert;
    if (verifies && tls.client_ca_file.empty())
        throw ParseError(line, section +
                                   ": client_auth_type verifies client certificates: "
                                   "client_ca_file is missing");
    if (!verifies && !tls.client_ca_file.empty())
        throw ParseError(line, section +
                                   ": client_ca_file is given but client_auth_type does "
                                   "not verify client certificates");
    if (tls.min_version > tls.max_version)
        throw ParseError(line, section + ": min_version is above max_version");
    return tls;
}

std::vector<std::pair<std::string, std::string>> headers(Reader& reader, yaml_node_t* node) {
    const std::string section = "http_server_config.headers";
    std::vector<std::pair<std::string, std::string>> result;
    for (auto& [name, value_node] : reader.mapping(node, section)) {
        std::string key = section + "." + name;
        if (std::find(kAllowedHeaders.begin(), kAllowedHeaders.end(), name) ==
            kAllowedHeaders.end())
            throw ParseError(line_of(value_node),
                             key +
                                 ": not a header that can be set (Content-Security-Policy, "
                                 "X-Frame-Options, X-Content-Type-Options, X-XSS-Protection, "
                                 "Strict-Transport-Security)");
        std::string value = reader.string(value_node, key);
        if (value.empty()) continue;  // blank: unset
        if (name == "X-Frame-Options" && !ascii::equals_ignoring_case(value, "deny") &&
            !ascii::equals_ignoring_case(value, "sameorigin"))
            throw ParseError(line_of(value_node),
                             key + ": '" + value + "' is not deny or sameorigin");
        if (name == "X-Content-Type-Options" && !ascii::equals_ignoring_case(value, "nosniff"))
            throw ParseError(line_of(value_node), key + ": '" + value + "' is not nosniff");
        result.emplace_back(name, std::move(value));
    }
    return result;
}

void http_server_config(Reader& reader, yaml_node_t* node, WebConfig& config) {
    const std::string section = "http_server_config";
    for (auto& [name, value] : reader.mapping(node, section)) {
        std::string key = section + "." + name;
        if (name == "headers") {
            config.headers = headers(reader, value);
        } else if (name == "http2") {
            // serve speaks HTTP/1.1 only: "false" says what it does, "true" cannot be honoured.
            if (reader.boolean(value, key))
                throw ParseError(line_of(value), key +
                                                     ": HTTP/2 is not supported (serve speaks "
                                                     "HTTP/1.1): set it to false or remove it");
        } else {
            throw ParseError(line_of(value), key + ": unknown key");
        }
    }
}

std::map<std::string, std::string> basic_auth_users(Reader& reader, yaml_node_t* node) {
    const std::string section = "basic_auth_users";
    std::map<std::string, std::string> users;
    for (auto& [user, value] : reader.mapping(node, section)) {
        std::string key = section + "." + user;
        if (user.empty()) throw ParseError(line_of(value), section + ": an empty user name");
        std::string hash = reader.string(value, key);
        if (std::string problem = bcrypt_hash_problem(hash); !problem.empty())
            throw ParseError(line_of(value), key + ": " + problem);
        users.emplace(user, std::move(hash));
    }
    return users;
}

WebConfig read_config(Document& document, std::string_view base_folder) {
    WebConfig config;
    yaml_node_t* root = document.root();
    if (!root) return config;  // an empty file (or comments only): plain HTTP, no authentication
    Reader reader(document);
    for (auto& [name, value] : reader.mapping(root, "")) {
        if (name == "tls_server_config")
            config.tls = tls_server_config(reader, value, base_folder);
        else if (name == "http_server_config")
            http_server_config(reader, value, config);
        else if (name == "basic_auth_users")
            config.basic_auth_users = basic_auth_users(reader, value);
        else if (name == "rate_limit")
            throw ParseError(line_of(value),
                             "rate_limit: not supported (serve bounds "
                             "connections per client address instead)");
        else
            throw ParseError(line_of(value), name + ": unknown key");
    }
    if (document.has_more()) throw ParseError(line_of(root), "more than one YAML document");
    return config;
}

}  // namespace web_config_yaml

WebConfigParse parse_web_config(std::string_view text, std::string_view base_folder) {
    using namespace web_config_yaml;
    WebConfigParse result;
    try {
        Document document(text);
        result.config = read_config(document, base_folder);
    } catch (const ParseError& e) {
        result.error = e.what();
    }
    return result;
}

}  // namespace edgetop::exporter
