// The parsed command line: the options every command shares, then one struct per command with
// the options only it takes. Each option of the table (cli_table.hpp) stores into one member.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace edgetop::cli {

// Options that several commands take (see each table entry's commands).
struct GlobalArgs {
    std::string root;
    int64_t interval_ms = 0;
    bool check = false;
    bool help = false;
    bool version = false;
    std::vector<std::string> rules;      // every --rule ID.KEY=VALUE, in order
    std::vector<std::string> rules_off;  // every --rules-off ID,... as given

    bool operator==(const GlobalArgs&) const = default;
};

// The interactive view: edgetop without a command, and replay.
struct ViewArgs {
    bool once = false;      // text snapshot instead of the interactive view
    bool ascii = false;     // ASCII only
    bool no_color = false;  // no colours
    int page = 1;           // start page, 1..8

    bool operator==(const ViewArgs&) const = default;
};

struct RecordArgs {
    std::string output;  // "-" is standard output
    std::optional<int64_t> count;
    std::optional<double> duration_s;
    // --rotate and --keep, for serve --log too.
    std::optional<int64_t> rotate_bytes;
    std::optional<int64_t> keep_files;

    bool operator==(const RecordArgs&) const = default;
};

struct ReportArgs {
    bool json = false;
    std::string from;  // an input format ("" = session files)
    std::string html;  // write an HTML page to this file ("" = text or JSON to standard output)

    bool operator==(const ReportArgs&) const = default;
};

struct ImportArgs {
    std::string output;  // "-" is standard output
    std::optional<int> year;
    bool strict = false;

    bool operator==(const ImportArgs&) const = default;
};

struct ReplayArgs {
    double speed = 1;

    bool operator==(const ReplayArgs&) const = default;
};

struct StatArgs {
    std::optional<std::string> output;  // also keep the session here ("-" is standard output)

    bool operator==(const StatArgs&) const = default;
};

struct SweepArgs {
    std::vector<std::string> modes;     // power mode ids or names, in order (empty = all)
    std::string conf;                   // another nvpmodel configuration
    int64_t repeat = 1;                 // runs per mode
    double settle_s = 5;                // seconds after a switch
    std::optional<std::string> output;  // the directory that keeps every run's session
    double slack_pct = 10;              // % of the fastest time
    std::optional<double> budget_w;     // average power budget
    bool json = false;
    double nvpmodel_timeout_s = 30;  // the longest an nvpmodel call may take
    bool restore = false;            // only restore what a sweep that did not finish left

    bool operator==(const SweepArgs&) const = default;
};

struct ServeArgs {
    std::vector<std::string> listen;          // HOST:PORT or unix:PATH, each served
    std::optional<std::string> socket_group;  // the group of the unix sockets' files
    int stream_clients = 0;                   // /api/v1/stream clients at once
    int64_t stream_buffer_bytes = 0;          // unsent bytes a stream client may hold
    std::optional<std::string> log;           // also write the session here ("-": standard output)
    std::optional<std::string> web_config;    // exporter-toolkit's web configuration
    std::optional<std::string> bearer_token_file;  // the token clients must send
    bool print_alert_rules = false;                // print the Prometheus alerting rules, then exit
    bool print_grafana_dashboard = false;          // print the Grafana dashboard, then exit
    int64_t history_ms = 0;                        // the samples /api/v1/samples keeps
    bool api_processes = false;  // the process table and process names in the JSON API
    int group_series = 0;        // control groups with series of their own in /metrics
    bool group_names = false;    // containers' names (not their short ids) in /metrics

    bool operator==(const ServeArgs&) const = default;
};

struct ExportArgs {
    std::string format;  // csv or perfetto
    std::string output;  // "-" is standard output

    bool operator==(const ExportArgs&) const = default;
};

struct QueryArgs {
    std::string format;                    // csv[,noheader][,nounits] or json
    std::optional<double> loop_s;          // repeat every this many seconds
    std::optional<std::string> from;       // a serve's URL or unix:PATH instead of the board
    std::optional<std::string> ca;         // the CA file that verifies an https serve
    bool smi = false;                      // nvidia-smi's --query-gpu form
    std::optional<std::string> query_gpu;  // nvidia-smi's field list

    bool operator==(const QueryArgs&) const = default;
};

struct FleetArgs {
    std::optional<std::string> hosts_file;  // "[NAME] URL [KEY=VALUE...]" a line
    bool once = false;                      // the table once, as text
    int64_t interval_ms = 2000;             // the fleet page's rounds
    bool json = false;                      // one JSON object per board
    std::optional<std::string> ca;          // the CA file that verifies https serves
    std::optional<std::string> cert;        // a client certificate, with key
    std::optional<std::string> key;
    std::optional<std::string> user;  // basic auth, with password_file
    std::optional<std::string> password_file;
    std::optional<std::string> bearer_token_file;  // 'Authorization: Bearer TOKEN'
    double timeout_s = 2;                          // each request to a board
    int parallel = 32;                             // boards read at once
    double stale_s = 10;                           // a sample older than this is stale
    std::string ssh_command = "ssh";               // ssh:// boards: the ssh to run
    std::string remote_edgetop = "edgetop";        // ssh:// boards: the edgetop to run there

    bool operator==(const FleetArgs&) const = default;
};

struct Args {
    std::string command;  // "" is the default command
    GlobalArgs global;
    ViewArgs view;
    RecordArgs record;
    ReportArgs report;
    ImportArgs import;
    ReplayArgs replay;
    StatArgs stat;
    SweepArgs sweep;
    ServeArgs serve;
    ExportArgs export_;
    QueryArgs query;
    FleetArgs fleet;
    std::vector<std::string> exec;  // CMD ARGS... after "--"
    std::vector<std::string>
        operands;  // the words after report, import, replay, export, query, fleet

    bool operator==(const Args&) const = default;
};

// A usage error; what() is the message without the program name ("--interval: expected ...").
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace edgetop::cli
