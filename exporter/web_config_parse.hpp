// The text of a web configuration (exporter-toolkit's YAML format, web_config.hpp) read into a
// WebConfig, with libyaml. Every key exporter-toolkit documents is either read or refused by
// name; an unknown key, a value of the wrong kind, a duplicate key or a malformed bcrypt hash is
// an error naming the key and its line.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "exporter/web_config.hpp"

namespace edgetop::exporter {

struct WebConfigParse {
    std::optional<WebConfig> config;  // when the text is valid
    std::string error;                // else: "line 4: tls_server_config.min_version: ..."
};

// `base_folder` is the folder of the file the text came from: relative file names in it are
// resolved against it, as exporter-toolkit does ("" leaves them as written).
WebConfigParse parse_web_config(std::string_view text, std::string_view base_folder);

}  // namespace edgetop::exporter
