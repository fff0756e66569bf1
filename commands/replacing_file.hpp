// Writes a whole file so that a failure (a full disk, a missing directory) never leaves a partial
// file under its name: the content goes to a temporary file in the same directory, which is
// renamed over the path once every byte is written and synced. A replaced file keeps its mode; a
// new one gets 0666 less the umask. A symbolic link at the path is refused as open_output
// refuses it (output_file.hpp), never replaced nor followed to a file.
#pragma once

#include <string>
#include <string_view>

namespace edgetop {

// A path naming something other than a regular file (a device such as /dev/stdout or /dev/full,
// a pipe) is written directly: it cannot be replaced. Throws std::runtime_error("cannot write
// 'PATH': reason").
void write_file_replacing(const std::string& path, std::string_view content);

// Before the work that makes the content: throws as write_file_replacing would when path is a
// directory or its directory does not exist or cannot be written.
void check_replaceable(const std::string& path);

}  // namespace edgetop
