// What one entry of the option table holds (cli_table.hpp).
#pragma once

#include <string_view>

#include "cli/cli_commands.hpp"
#include "cli/cli_value.hpp"

namespace edgetop::cli {

// What an option's argument must look like; the parser validates and converts by kind.
enum class ValueKind {
    flag,
    directory,
    milliseconds,
    count,
    seconds,
    output,
    rule_assignment,  // ID.KEY=VALUE, repeatable
    rule_list,        // ID,ID,..., repeatable
    page,             // 1..8, a page of the interactive view
    year,             // YYYY
    speed,            // a positive factor, 0.01..1000
    format,           // an input format: tegrastats
    export_format,    // an output format of export: csv or perfetto
    address,          // HOST:PORT to listen on (IPv4 or [IPv6], port 0 to 65535) or unix:PATH
    group,            // a group name or number
    clients,          // a number of clients, 1 to 4096
    mode_list,        // ID,NAME,... power mode ids or names
    file,             // a file to read
    runs,             // a number of runs, 1 or more
    delay,            // seconds, 0 or more
    percent,          // a percentage, 0 or more
    watts,            // a power, more than 0
    size,             // bytes, with a k, M or G suffix (1024, 1024^2, 1024^3), 4k or more
    files,            // a number of files, 1 or more
    duration,         // a number and its unit: 500ms, 30s, 10m, 1h (exporter/api_duration.hpp)
    query_format,     // csv[,noheader][,nounits] or json
    url,              // http://HOST[:PORT][/PATH], https://..., or unix:PATH
    field_list,       // FIELD,FIELD,... (nvidia-smi's names, checked by the command)
    series,           // a number of groups of series, 0 to 1000
    user_name,        // an HTTP basic auth user name: no colon, no control character
    command_line,     // a command and its arguments: not blank, no control character
};

struct OptionSpec {
    std::string_view name;      // long name without "--"
    char short_name;            // 0 when there is none
    std::string_view argument;  // metavariable, "" for a flag
    ValueKind kind;
    std::string_view help;
    std::string_view default_value;  // "" when there is none
    CommandSet commands;             // the commands that take it
    StoreFn store;                   // stores the converted value into its member of Args
    std::string_view man;            // its entry in the man page's OPTIONS (roff), after the tag
};

}  // namespace edgetop::cli
