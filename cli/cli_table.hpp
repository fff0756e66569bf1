// The command line, declared once: every subcommand (cli_commands.hpp) and every option with
// its help text, default, the commands that take it and the member of Args it is stored in. The
// parser, --help and the man page's COMMANDS and OPTIONS sections are all made from this table.
//
// The parser (cli_parse.cpp) is written here rather than taken from a library: CLI11, the
// well-kept one, is packaged from Debian 12 and Ubuntu 22.04 on, but not by Debian 11 nor by
// Ubuntu 20.04 (JetPack 5), two of the targets of docs/platforms.md.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "cli/cli_commands.hpp"
#include "cli/cli_option_spec.hpp"
#include "cli/cli_options_fleet.hpp"

namespace edgetop::cli {

inline constexpr std::string_view kProgram = "edgetop";
inline constexpr std::string_view kDescription =
    "A terminal monitor for NVIDIA Jetson boards (and any Linux machine): per-core CPU, GPU, "
    "memory controller, power rails, temperatures, fans, memory and processes, read directly "
    "from sysfs and procfs with exact units.";

inline constexpr std::array kMainOptions{
    OptionSpec{"root", 0, "DIR", ValueKind::directory,
               "read sysfs, procfs and /etc under DIR instead of the running machine", "/",
               command::sampling | command::query, store<&Args::global, &GlobalArgs::root>,
               R"roff(Read sysfs, procfs and /etc under
.I DIR
instead of the running machine, for example a fixture tree or a copied root filesystem.
With a root other than
.BR / ,
there is no process table (procs is null).
Default:
.BR / .
)roff"},
    OptionSpec{"interval", 'i', "MS", ValueKind::milliseconds, "sampling interval, at least 50 ms",
               "1000", command::sampling | command::import | command::report,
               store<&Args::global, &GlobalArgs::interval_ms>,
               R"roff(Sampling interval in milliseconds, at least 50.
Default: 1000.
)roff"},
    OptionSpec{"check", 0, "", ValueKind::flag,
               "list every sensor source as found, absent or needs root, then exit", "",
               command::none, store<&Args::global, &GlobalArgs::check>,
               R"roff(List every sensor source, one per line, as
.B found
(with the path read),
.B absent
or
.B needs root
(with how to grant access), then exit.
A FIFO, socket or device where a sensor or config file is expected is refused without being
read, and its line says
.BR "not a regular file" ;
a file over its size cap (4 KiB for a sysfs attribute, 1 MiB for /etc/nvpmodel.conf) says
.BR "larger than N bytes" .
Either way the value is absent: edgetop never waits on a file.
A procfs table over its cap (1 MiB for /proc/stat, 64 KiB for /proc/meminfo) keeps the lines
that fit.
)roff"},
    OptionSpec{"rule", 0, "ID.KEY=VALUE", ValueKind::rule_assignment,
               "override one rule threshold (repeatable; see RULES in the man page)", "",
               command::analysing, store<&Args::global, &GlobalArgs::rules>,
               R"roff(Override one threshold of one rule, e.g.
.BR "\-\-rule cpu_oversubscribed.sustain_s=1" .
Repeatable; applied after the config file, a later one wins.
Every rule and key is listed under
.BR RULES .
)roff"},
    OptionSpec{"rules-off", 0, "ID,...", ValueKind::rule_list,
               "switch these rules off (repeatable)", "", command::analysing,
               store<&Args::global, &GlobalArgs::rules_off>,
               R"roff(Switch these rules off (comma-separated ids; repeatable).
)roff"},
    OptionSpec{
        "once", 0, "", ValueKind::flag,
        "print one sample as text and exit instead of opening the interactive view", "",
        command::none, store<&Args::view, &ViewArgs::once>,
        R"roff(Print one sample of every family as text and exit, as when standard output is not a terminal,
instead of opening the interactive view.
)roff"},
    OptionSpec{
        "ascii", 0, "", ValueKind::flag,
        "interactive view: draw with ASCII characters only (no Unicode bars or lines)", "",
        command::view | command::fleet, store<&Args::view, &ViewArgs::ascii>,
        R"roff(Draw the interactive view with ASCII characters only: no line-drawing, block or Braille
characters, no degree sign.
This is automatic when the locale's character set is not UTF-8, and on text consoles
(\fBTERM\fR linux, vt*, cons25), whose fonts lack those characters.
)roff"},
    OptionSpec{
        "no-color", 0, "", ValueKind::flag,
        "interactive view: no colours (also when NO_COLOR is set)", "",
        command::view | command::fleet, store<&Args::view, &ViewArgs::no_color>,
        R"roff(Draw the interactive view without colours (attributes such as bold and reverse remain).
Also when the environment variable
.B NO_COLOR
is set and not empty.
)roff"},
    OptionSpec{"page", 0, "N", ValueKind::page,
               "interactive view: start on page N (1 Overview, 2 CPU, 3 GPU, 4 Power, 5 Memory, "
               "6 Procs, 7 Analysis, 8 Info)",
               "1", command::view, store<&Args::view, &ViewArgs::page>,
               R"roff(Open the interactive view on page
.IR N :
1 Overview, 2 CPU, 3 GPU, 4 Power, 5 Memory, 6 Procs, 7 Analysis, 8 Info.
Default: 1.
)roff"},
    OptionSpec{"help", 'h', "", ValueKind::flag,
               "show this help (after a command: that command's help), then exit", "", command::all,
               store<&Args::global, &GlobalArgs::help>,
               R"roff(Show the help, generated from the same option table as the parser, then exit.
After a command
.RB ( "edgetop record \-\-help" )
show that command's help.
)roff"},
    OptionSpec{"version", 'V', "", ValueKind::flag, "print the version, then exit", "",
               command::all, store<&Args::global, &GlobalArgs::version>,
               R"roff(Print the version, then exit.
)roff"},
    OptionSpec{"output", 'o', "FILE", ValueKind::output,
               "write the session to FILE (FILE.zst: zstd-compressed); - is standard output", "-",
               command::record, store<&Args::record, &RecordArgs::output>,
               R"roff(Write the session to
.IR FILE ,
created or truncated before sampling starts;
.B \-
is standard output.
A name ending in
.B .zst
is written compressed with zstd (about 20 times smaller), flushed after every line, so a killed
recorder loses at most the line being written.
Default:
.BR \- .
)roff"},
    OptionSpec{"rotate", 0, "SIZE", ValueKind::size,
               "start a new file when this one reaches SIZE bytes (k, M, G: KiB, MiB, GiB)", "",
               command::record | command::serve, store<&Args::record, &RecordArgs::rotate_bytes>,
               R"roff(Close the session file once it holds
.I SIZE
bytes (on disk, compressed for a
.BR .zst )
and go on in the next file of the set:
.I FILE
is followed by
.IR NAME .1 .EXT ,
.IR NAME .2 .EXT ,
\&... where
.I EXT
is the name's
.BR .jsonl.zst ,
.B .jsonl
or
.B .zst
ending
.RB ( run.jsonl.zst ,
.BR run.1.jsonl.zst ,
.BR run.2.jsonl.zst ;
a name with none of these endings gets
.BI . N
appended).
A file goes past
.I SIZE
by at most the line that reached it.
Each file is a whole session (header, samples, events, an end line with reason
.BR rotated )
with the same session id and its part number in the header;
.B edgetop report
and
.B edgetop replay
read the set as one session.
.I SIZE
is in bytes, or with a suffix
.B k
(KiB),
.B M
(MiB) or
.B G
(GiB), and at least 4k.
Not with standard output.
)roff"},
    OptionSpec{"keep", 0, "N", ValueKind::files,
               "with --rotate: keep only the newest N files of the set, deleting older ones", "",
               command::record | command::serve, store<&Args::record, &RecordArgs::keep_files>,
               R"roff(With
.BR \-\-rotate :
when a new file of the set starts, delete the oldest ones so that at most
.I N
files remain (the new one included).
)roff"},
    OptionSpec{"count", 'n', "N", ValueKind::count, "stop after N samples", "", command::record,
               store<&Args::record, &RecordArgs::count>,
               R"roff(Stop after
.I N
samples.
)roff"},
    OptionSpec{"duration", 'd', "S", ValueKind::seconds, "stop after S seconds (decimals allowed)",
               "", command::record, store<&Args::record, &RecordArgs::duration_s>,
               R"roff(Stop after
.I S
seconds (decimals allowed).
Samples due at or before
.I S
are taken, then the end line is written at
.IR S .
)roff"},
    OptionSpec{"json", 0, "", ValueKind::flag, "print the report as one JSON object", "",
               command::report, store<&Args::report, &ReportArgs::json>,
               R"roff(Print the report as one JSON object,
.BR {"sessions":[...]} ,
one entry per file with the same figures (the CDF as
.BR "cdf":[{"pct":10,"value":...},...] ).
)roff"},
    OptionSpec{"from", 0, "FORMAT", ValueKind::format,
               "read the files as FORMAT logs (tegrastats) instead of session files", "",
               command::report, store<&Args::report, &ReportArgs::from>,
               R"roff(Read the files as
.I FORMAT
logs instead of session files, as
.B import
reads them, and report on the samples with the flags computed by the rules.
The only format is
.BR tegrastats .
)roff"},
    OptionSpec{"html", 0, "FILE", ValueKind::output,
               "write the report as one self-contained HTML page with plots to FILE", "",
               command::report, store<&Args::report, &ReportArgs::html>,
               R"roff(Write the report to
.I FILE
as one self-contained HTML page instead of printing it: the same tables as the text report,
and plots drawn as inline SVG: the utilisation of the CPU cores, of the CPU, GPUs and EMC, the
power per rail and in total, the zone temperatures with their trip points as dashed lines, the
flags as shaded spans over time, and the CDF of every metric; with several files, the comparison
as charts as well.
No script, style sheet, font or image is fetched: the page can be mailed or opened offline, in
light or dark mode, and printed.
Plots over time keep, per pixel column, the lowest and the highest reading of each series, so the
page stays the same size however long the session (1,000,000 samples take under 30 s on two
cores).
The page is written to a temporary file next to
.I FILE
and renamed to it once complete, so a failed write leaves no partial
.IR FILE ;
a
.I FILE
that is a device (such as
.BR /dev/stdout )
is written directly.
.B \-
is not accepted.
)roff"},
    OptionSpec{"output", 'o', "FILE", ValueKind::output,
               "write the session to FILE (FILE.zst: zstd-compressed); - is standard output", "-",
               command::import, store<&Args::import, &ImportArgs::output>,
               R"roff(Write the session to
.IR FILE ;
.B \-
is standard output.
A name ending in
.B .zst
is written compressed with zstd.
Default:
.BR \- .
)roff"},
    OptionSpec{
        "year", 0, "YYYY", ValueKind::year,
        "accepted for compatibility and ignored: every dated tegrastats line carries its "
        "own year, undated lines carry no date at all",
        "", command::import, store<&Args::import, &ImportArgs::year>,
        R"roff(Accepted for compatibility with other tegrastats tools and ignored, with a note: every dated
tegrastats line carries its own year
.RI ( MM\-DD\-YYYY
or an epoch), and undated lines carry no month or day for a year to complete.
)roff"},
    OptionSpec{
        "strict", 0, "", ValueKind::flag,
        "fail (exit 1) at the first unknown token or malformed line instead of warning", "",
        command::import, store<&Args::import, &ImportArgs::strict>,
        R"roff(Stop at the first unknown token or malformed line and exit 1, instead of warning and going on.
)roff"},
    OptionSpec{"speed", 0, "X", ValueKind::speed,
               "play X times faster than recorded (0.01 to 1000)", "1", command::replay,
               store<&Args::replay, &ReplayArgs::speed>,
               R"roff(Play
.I X
times faster than recorded, from 0.01 to 1000 (0.5 is half speed).
Default: 1.
.B +
and
.B \-
double and halve it during the replay.
)roff"},
    OptionSpec{"output", 'o', "FILE", ValueKind::output,
               "also keep the session in FILE (FILE.zst: zstd-compressed)", "", command::stat,
               store<&Args::stat, &StatArgs::output>,
               R"roff(Also keep the session in
.I FILE
(the summary is the one
.B edgetop report
prints for it); zstd-compressed when the name ends in
.BR .zst ,
as with
.BR record .
)roff"},
    OptionSpec{
        "modes", 0, "LIST", ValueKind::mode_list,
        "the power modes to try, ids or names separated by commas (default: every mode of "
        "the configuration)",
        "", command::sweep, store<&Args::sweep, &SweepArgs::modes>,
        R"roff(The modes to try, in this order, separated by commas (default: every mode of the
configuration, in file order).
A mode is its id or its name in the configuration (case does not matter).
Names are the same on every module while ids are not (MAXN_SUPER is mode 2 on an Orin Nano and 0
on an Orin NX), so a script that names its modes runs unchanged on both.
A name the configuration does not have is an error before any switch.
)roff"},
    OptionSpec{"conf", 0, "FILE", ValueKind::file,
               "use this nvpmodel configuration instead of /etc/nvpmodel.conf (nvpmodel -f FILE)",
               "", command::sweep, store<&Args::sweep, &SweepArgs::conf>,
               R"roff(Take the modes and their caps from
.I FILE
(a path on this machine, not under
.BR \-\-root )
and switch with
.BI "nvpmodel \-m " ID " \-f " FILE .
)roff"},
    OptionSpec{"repeat", 0, "N", ValueKind::runs, "run the command N times in every mode", "1",
               command::sweep, store<&Args::sweep, &SweepArgs::repeat>,
               R"roff(Run
.I CMD
.I N
times in every mode (default 1); a mode's figures are the medians of its runs.
The runs of a mode stop at the first that fails.
)roff"},
    OptionSpec{"settle", 0, "S", ValueKind::delay,
               "wait S seconds after each switch before the run", "5", command::sweep,
               store<&Args::sweep, &SweepArgs::settle_s>,
               R"roff(Seconds to wait after each switch before the run (default 5; 0 allowed).
)roff"},
    OptionSpec{"output", 'o', "DIR", ValueKind::output,
               "keep every run's session as DIR/mode-<id>-run-<k>.jsonl", "", command::sweep,
               store<&Args::sweep, &SweepArgs::output>,
               R"roff(Keep every run's session as
.IR DIR /mode\- ID \-run\- K .jsonl
(the directory is created if missing); without it the sessions are temporary files.
)roff"},
    OptionSpec{
        "slack", 0, "PCT", ValueKind::percent,
        "recommend the least energy within PCT % of the fastest time", "10", command::sweep,
        store<&Args::sweep, &SweepArgs::slack_pct>,
        R"roff(The slack of the third recommendation, in percent of the fastest time (default 10).
)roff"},
    OptionSpec{"budget-w", 0, "W", ValueKind::watts,
               "also recommend the least energy with an average power of at most W watts", "",
               command::sweep, store<&Args::sweep, &SweepArgs::budget_w>,
               R"roff(Also recommend the least energy among the modes whose average power is at most
.I W
watts.
)roff"},
    OptionSpec{"json", 0, "", ValueKind::flag, "print the results as one JSON object", "",
               command::sweep, store<&Args::sweep, &SweepArgs::json>,
               R"roff(Print the results as one JSON object.
)roff"},
    OptionSpec{"nvpmodel-timeout", 0, "S", ValueKind::seconds,
               "kill an nvpmodel call that takes longer than S seconds", "30", command::sweep,
               store<&Args::sweep, &SweepArgs::nvpmodel_timeout_s>,
               R"roff(Kill an
.B nvpmodel
call (its process group) that has not finished after
.I S
seconds (default 30; decimals allowed).
A switch that times out ends the sweep: the original mode is restored and the exit status is 1.
)roff"},
    OptionSpec{"restore", 0, "", ValueKind::flag,
               "restore the mode a sweep that did not finish left switched, then exit (no CMD)", "",
               command::sweep, store<&Args::sweep, &SweepArgs::restore>,
               R"roff(Only restore the power mode that a sweep killed before its restore (SIGKILL, a
power cut) left switched, as its restore file says (see
.BR FILES ),
then exit; no
.IR CMD .
Nothing to restore is one line and exit status 0.
)roff"},
    OptionSpec{"listen", 0, "ADDR:PORT", ValueKind::address,
               "serve on this address (IPv4, IPv6 in brackets: [::1]:9102, or unix:PATH); "
               "port 0 picks a free port; repeatable",
               "127.0.0.1:9102", command::serve, store<&Args::serve, &ServeArgs::listen>,
               R"roff(The address to serve on: an IPv4 address, or an IPv6 address in brackets
.RB ( [::1]:9102 ),
or
.BI unix: PATH\fR,
a local socket file.
.B 0.0.0.0:9102
serves on every IPv4 interface,
.B [::]:9102
on every IPv6 one (and IPv4 too where the system's net.ipv6.bindv6only is 0, its default);
port 0 lets the system choose (the port is printed on standard error).
Repeatable: every address given is served by the same loop, with the same pages,
authentication and limits (the default address only when none is given).
An address that cannot be bound is an error naming it (exit status 1).
A socket file is made mode 0660 (see
.BR \-\-socket\-group )
and removed when serve ends; one left by a serve that was killed (nothing accepts on it) is
replaced, while one that a process serves on, a file that is not a socket (never removed) or a
directory that does not exist is one line naming it and exit status 2, before anything
listens.
Its clients count under the per-address connection limit by their user: each local user is one
address.
Default: 127.0.0.1:9102.
)roff"},
    OptionSpec{"socket-group", 0, "GROUP", ValueKind::group,
               "give the unix sockets of --listen to GROUP (name or number): its members connect",
               "", command::serve, store<&Args::serve, &ServeArgs::socket_group>,
               R"roff(Give the socket files of
.B \-\-listen unix:\fIPATH\fR
to
.I GROUP
(a name or a number): with their mode 0660, the owner and the members of
.I GROUP
connect, other users are refused by the file's mode.
A group that does not exist is one line and exit status 2; one that serve may not give the
file to (not root and not a member) is an error naming the socket (exit status 1).
)roff"},
    OptionSpec{"stream-clients", 0, "N", ValueKind::clients,
               "clients of /api/v1/stream at once; one more is answered 503", "64", command::serve,
               store<&Args::serve, &ServeArgs::stream_clients>,
               R"roff(How many clients
.B /api/v1/stream
serves at once; one more is answered 503 (Retry-After: 10).
From 1 to 4096.
Default: 64.
)roff"},
    OptionSpec{"stream-buffer", 0, "SIZE", ValueKind::size,
               "bytes of events an /api/v1/stream client may leave unread before it is dropped",
               "1M", command::serve, store<&Args::serve, &ServeArgs::stream_buffer_bytes>,
               R"roff(The events a client of
.B /api/v1/stream
may leave unread, beyond its socket's buffer, in bytes (k, M, G: KiB, MiB, GiB): a client whose
unsent events would pass it is disconnected, alone; the others and the sampling go on.
The events are shared by every client, so the memory they take is about one client's bound.
Default: 1M.
)roff"},
    OptionSpec{"log", 0, "FILE", ValueKind::output,
               "also write the session to FILE, as record does (FILE.zst: zstd-compressed)", "",
               command::serve, store<&Args::serve, &ServeArgs::log>,
               R"roff(Also write the session to
.IR FILE ,
exactly as
.B edgetop record
would (header, samples with their flags, event lines, end line; zstd-compressed when the name
ends in
.BR .zst ),
as a set of files (see
.BR \-\-rotate ).
A log is never written over: when
.I FILE
or parts of its set exist (a restart), serve goes on in the next part
.RI ( FILE.1.jsonl ,
\&...) with the set's id, its sample times counting on from the set's start, so that
.B report
and
.B replay
read the files as one session.
A write error (a full disk) does not stop serve: the line that failed is taken back (no line
is ever left half written, a
.B .zst
stays decodable) and written once the file takes writes again; samples taken meanwhile are
served but not logged.
One line on standard error says when the log starts failing and one when it is written again;
.B edgetop_session_log_write_errors_total
counts the failed writes.
)roff"},
    OptionSpec{"print-alert-rules", 0, "", ValueKind::flag,
               "print Prometheus alerting rules for these thresholds (--rule) and exit", "",
               command::serve, store<&Args::serve, &ServeArgs::print_alert_rules>,
               R"roff(Print a Prometheus rule file and exit without sampling: one alert per enabled
rule (see
.BR RULES ),
its condition written in PromQL over the served metrics with the thresholds in force (the config
file,
.B \-\-rule
and
.BR \-\-rules\-off ),
.B for
its sustain_s and
.B keep_firing_for
its clear_s; a rule that PromQL cannot express (it needs the process table, or values that are
not served) fires on
.B edgetop_flag_raised
and its description says why.
A severity label (info, warning, critical) and summary and description annotations naming the
evidence metrics come with each.
Then the fleet alerts no board can raise itself: a target down (job
.BR edgetop ),
stale samples, a clock skewed by more than 30 s, a
.B \-\-log
file that stopped growing.
.B packaging/prometheus/edgetop-rules.yml
holds the rules for the default thresholds.
)roff"},
    OptionSpec{"print-grafana-dashboard", 0, "", ValueKind::flag,
               "print a Grafana dashboard of the served metrics and exit", "", command::serve,
               store<&Args::serve, &ServeArgs::print_grafana_dashboard>,
               R"roff(Print a Grafana dashboard (JSON, for Dashboards > Import) and exit without
sampling: a fleet overview (boards up, power, GPU load, temperatures, flags by rule) and a row
set per board (CPU per core, GPU and EMC, rails, temperatures with their trip points, memory,
disk, network, engines, GPU memory), with the variables
.B instance
and
.B job
and a Prometheus data source chosen at import; each panel's unit follows the metric's.
.B packaging/grafana/edgetop.json
holds it.
)roff"},
    OptionSpec{"web-config", 0, "FILE", ValueKind::file,
               "TLS, basic auth and headers from FILE (Prometheus exporter-toolkit's "
               "web-config format)",
               "", command::serve, store<&Args::serve, &ServeArgs::web_config>,
               R"roff(Read the web configuration of Prometheus' exporter-toolkit (what
node_exporter's
.B \-\-web.config.file
reads) from
.IR FILE :
.B tls_server_config
(certificate, key, client certificates, TLS versions, cipher suites, curves),
.B http_server_config.headers
(added to every answer) and
.B basic_auth_users
(user names and bcrypt hashes, as
.B htpasswd \-nB
makes them).
Relative file names in it are relative to its folder.
A key edgetop does not support
.RB ( rate_limit ,
.BR client_allowed_sans ,
inline
.BR cert ,
.BR key ,
.BR client_ca ,
.BR "http2: true" )
is refused by name, as is an unknown key, a malformed bcrypt hash or a file that is not a
regular file: one line on standard error, exit status 2, before anything listens.
The file is looked at again on each request and read again when it changed; a change that
does not read as a valid configuration keeps the previous one, with one line on standard
error.
)roff"},
    OptionSpec{"bearer-token-file", 0, "FILE", ValueKind::file,
               "require 'Authorization: Bearer TOKEN', the token read from FILE", "",
               command::serve, store<&Args::serve, &ServeArgs::bearer_token_file>,
               R"roff(Answer only requests that carry
.BI "Authorization: Bearer " TOKEN ,
.I TOKEN
being the content of
.I FILE
(read once at start, a trailing newline removed; compared in constant time).
With
.B basic_auth_users
in
.B \-\-web\-config
too, either credential is accepted.
An empty, missing or unreadable
.I FILE
is an error (exit status 2).
)roff"},
    OptionSpec{"history", 0, "DURATION", ValueKind::duration,
               "keep DURATION of samples for /api/v1/samples?since=T (30s, 10m, 1h)", "10m",
               command::serve, store<&Args::serve, &ServeArgs::history_ms>,
               R"roff(Keep the samples of the last
.I DURATION
(a number and its unit:
.BR ms ,
.BR s ,
.B m
or
.BR h ;
at most 24 h)
in memory for
.BR /api/v1/samples?since=T ,
so that a client polling less often than the interval gets every sample: the sample lines of
.I DURATION
over
.BR \-\-interval ,
each as long as in a session file (docs/api.md).
Default: 10m.
)roff"},
    OptionSpec{"group-series", 0, "N", ValueKind::series,
               "series in /metrics for the N busiest control groups, the others summed", "20",
               command::serve, store<&Args::serve, &ServeArgs::group_series>,
               R"roff(The control groups (containers, pods, services) that get
.B edgetop_group_*
series of their own in
.BR /metrics :
the
.I N
busiest by CPU at each sample; the gauges of the others (processes, tasks, memory, GPU memory)
are summed into one series with
.BR group="other" ,
so that a host with hundreds of containers does not serve hundreds of series each.
From 0 (none) to 1000.
Default: 20.
)roff"},
    OptionSpec{"group-names", 0, "", ValueKind::flag,
               "label containers in /metrics by their names, not their short ids", "",
               command::serve, store<&Args::serve, &ServeArgs::group_names>,
               R"roff(Label the
.B edgetop_group_*
series of a container (Docker, containerd, Podman, Kubernetes) with its name, read from its
runtime's state, which only root may read.
Without it the
.B group
label of a container is its short id (12 hex digits), as any user of the board can see it in
.IR /proc/PID/cgroup ;
services and other groups are named by their path either way.
)roff"},
    OptionSpec{"api-processes", 0, "", ValueKind::flag,
               "serve the process table and the process names of flags in the JSON API", "",
               command::serve, store<&Args::serve, &ServeArgs::api_processes>,
               R"roff(Serve the process table (names, users, PIDs, CPU and memory of the busiest
processes) in
.B /api/v1/sample
and
.BR /api/v1/samples ,
and the processes named in the flags' evidence in
.BR /api/v1/flags .
Without it, what runs on the board stays on the board: the samples' process list
.RB ( procs.top )
is empty (the counts stay), and each flag's evidence keeps no process (each entry with a
.B pid
is taken out, and their names in its message read
.BR (hidden) ).
.B /metrics
never serves any of it.
)roff"},
    OptionSpec{"format", 0, "FORMAT", ValueKind::export_format,
               "csv (one row per sample) or perfetto (Chrome trace-event JSON); required", "",
               command::export_, store<&Args::export_, &ExportArgs::format>,
               R"roff(The output format:
.B csv
or
.B perfetto
(see
.B export
under
.BR COMMANDS ).
Required.
)roff"},
    OptionSpec{"output", 'o', "FILE", ValueKind::output, "write to FILE; - is standard output", "-",
               command::export_, store<&Args::export_, &ExportArgs::output>,
               R"roff(Write to
.IR FILE ,
created or truncated once the input files have been checked;
.B \-
is standard output.
Default:
.BR \- .
)roff"},
    OptionSpec{"format", 0, "FORMAT", ValueKind::query_format,
               "csv, with noheader and nounits as nvidia-smi takes them (csv,noheader,nounits), "
               "or json (one object per sample)",
               "csv", command::query, store<&Args::query, &QueryArgs::format>,
               R"roff(.B csv
(the default): a header line of the
.I FIELD
paths, each with its unit in brackets where it has one
.RB ( "gpu.0.load [%]" ),
then one line per sample of the values with their units
.RB ( "34.5 %" );
.B csv,noheader
leaves the header out and
.B csv,nounits
the units of the values, as
.BR nvidia\-smi 's
.B \-\-format
does.
A value holding a comma, a quote or a line break is quoted as RFC 4180 says; an absent one is an
empty field.
.B json
prints one object per sample on one line, each
.I FIELD
as given a key, its value as the sample line has it (null when absent).
With
.BR \-\-smi ,
only
.B csv
with
.B noheader
and
.BR nounits .
Default:
.BR csv .
)roff"},
    OptionSpec{"loop", 'l', "S", ValueKind::seconds,
               "print a sample every S seconds until interrupted (decimals allowed)", "",
               command::query, store<&Args::query, &QueryArgs::loop_s>,
               R"roff(Print a sample every
.I S
seconds (on the monotonic clock; decimals allowed) until SIGINT or SIGTERM; the CSV header once.
Reading the board, each sample's utilisations and rates are over the time since the previous one.
)roff"},
    OptionSpec{"from", 0, "URL", ValueKind::url,
               "read the samples of a running edgetop serve (http://HOST:PORT, https://..., or "
               "unix:PATH) instead of the board",
               "", command::query, store<&Args::query, &QueryArgs::from>,
               R"roff(Read the samples from a running
.B edgetop serve
.RB ( "GET /api/v1/sample" )
instead of the board:
.BI http:// HOST : PORT\c
,
.BI https:// HOST : PORT
(the certificate verified against the system's CAs, or
.BR \-\-ca ),
or
.BI unix: PATH
for its local socket.
A path after the address replaces
.BR /api/v1/sample .
An answer must be complete within 10 s and hold at most 16 MiB; a serve that cannot be reached,
an answer that is not 200 or not a sample is one line naming the URL, exit status 1.
)roff"},
    OptionSpec{"ca", 0, "FILE", ValueKind::file,
               "verify an https --from against the CA certificates in FILE (PEM)", "",
               command::query, store<&Args::query, &QueryArgs::ca>,
               R"roff(Verify the certificate of an
.B https
.B \-\-from
against the CA certificates in
.I FILE
(PEM) instead of the system's.
)roff"},
    OptionSpec{"smi", 0, "", ValueKind::flag,
               "print --query-gpu fields as nvidia-smi --format=csv prints them", "",
               command::query, store<&Args::query, &QueryArgs::smi>,
               R"roff(Print the
.B \-\-query\-gpu
fields as
.B nvidia\-smi \-\-query\-gpu=... \-\-format=csv
prints them (see
.B query
under
.BR COMMANDS ).
)roff"},
    OptionSpec{"query-gpu", 0, "FIELDS", ValueKind::field_list,
               "nvidia-smi's fields, separated by commas (implies --smi; name, utilization.gpu, "
               "utilization.memory, memory.used, memory.total, temperature.gpu, power.draw, "
               "clocks.gr, clocks.mem, clocks.max.gr)",
               "", command::query, store<&Args::query, &QueryArgs::query_gpu>,
               R"roff(The fields of
.B \-\-smi
to print (it implies
.BR \-\-smi ),
separated by commas, among
.BR name ,
.BR utilization.gpu ,
.BR utilization.memory ,
.BR memory.used ,
.BR memory.total ,
.BR temperature.gpu ,
.BR power.draw ,
.BR clocks.gr ,
.B clocks.mem
and
.B clocks.max.gr
(and
.BR nvidia\-smi 's
other names of these:
.BR gpu_name ,
.BR clocks.current.graphics ,
.BR clocks.current.memory ,
.BR clocks.max.graphics ).
)roff"},
};

// Every option: kMainOptions, then each command's own part.
template <std::size_t A, std::size_t B>
constexpr std::array<OptionSpec, A + B> join(const std::array<OptionSpec, A>& a,
                                             const std::array<OptionSpec, B>& b) {
    std::array<OptionSpec, A + B> all{};
    for (std::size_t i = 0; i < A; ++i)
        all[i] = a[i];
    for (std::size_t i = 0; i < B; ++i)
        all[A + i] = b[i];
    return all;
}
inline constexpr auto kOptions = join(kMainOptions, kFleetOptions);

// An option of one named command is listed under that command (in --help and the man page); the
// others, taken by several commands or by edgetop without a command, are listed once.
constexpr bool is_shared(const OptionSpec& o) {
    for (const auto& c : kCommands)
        if (!c.name.empty() && o.commands == c.bit) return false;
    return true;
}

// What an option shared by several commands means to one of them, for that command's OPTIONS in
// the man page (after its own options).
struct OptionNote {
    CommandSet command;
    std::string_view option;  // the long name of a shared option the command takes
    std::string_view man;     // the entry after the tag (roff)
};

inline constexpr std::array kOptionNotes{
    OptionNote{command::import, "interval",
               R"roff(The time between two lines of an undated log (the
.B \-\-interval
tegrastats ran with; its default is 1000 ms).
Lines with a timestamp keep their own times.
)roff"},
};

inline constexpr int64_t kMinIntervalMs = 50;

}  // namespace edgetop::cli
