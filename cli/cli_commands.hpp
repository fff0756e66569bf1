// The subcommands of the command line and the words that follow them, with their help and
// man-page text: the first half of the table in cli_table.hpp, which adds the options.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace edgetop::cli {

// The commands, one bit each, so that an option names every command that takes it.
using CommandSet = unsigned;
namespace command {
inline constexpr CommandSet none = 1U << 0;  // edgetop without a command
inline constexpr CommandSet record = 1U << 1;
inline constexpr CommandSet report = 1U << 2;
inline constexpr CommandSet stat = 1U << 3;
inline constexpr CommandSet sweep = 1U << 4;
inline constexpr CommandSet import = 1U << 5;
inline constexpr CommandSet replay = 1U << 6;
inline constexpr CommandSet serve = 1U << 7;
inline constexpr CommandSet export_ = 1U << 8;  // "export" is a C++ keyword
inline constexpr CommandSet query = 1U << 9;
inline constexpr CommandSet fleet = 1U << 10;
inline constexpr CommandSet all = (1U << 11) - 1;
inline constexpr CommandSet sampling = none | record | stat | sweep | serve;  // read the machine
inline constexpr CommandSet view = none | replay;                    // the interactive view
inline constexpr CommandSet analysing = sampling | report | replay;  // run the rules
}  // namespace command

struct CommandSpec {
    CommandSet bit;
    std::string_view name;      // "" is the default command
    std::string_view summary;   // one line, for --help and the man page
    std::string_view trailing;  // what may follow "--", or "" when nothing may
    std::string_view trailing_help;
    std::string_view man;           // its entry in the man page's COMMANDS (roff)
    std::string_view trailing_man;  // the entry of "-- CMD" in its OPTIONS (roff)
};

inline constexpr std::array kCommands{
    CommandSpec{command::none, "",
                "open the interactive view; with --once, or when standard output is not a "
                "terminal, print one sample of every sensor as text, then exit",
                "", "", "", ""},
    CommandSpec{
        command::record, "record",
        "write a session file (JSON Lines): a header, one sample per interval, an end line",
        "CMD [ARGS...]", "run CMD with ARGS, record until it exits, then exit with its status",
        R"roff(Writes a session file in JSON Lines: a header line (host, board, power modes, thermal trip points
and the state of every source), one sample line per interval and an end line that says why the
recording stopped.
Samples are taken on an absolute monotonic schedule (start + k \(mu interval), so the recording
does not drift; a tick missed by a slow sample is skipped rather than caught up.
The file is written one line per
.BR write (2),
so it is valid JSON Lines at every moment, with at most a truncated last line if the recording
is cut short.
The format is described in
.IR docs/session-format.md .
.IP
The recording stops after
.B \-\-count
samples, after
.B \-\-duration
seconds, on SIGINT, SIGTERM or SIGHUP (one that comes while edgetop starts up still ends the
session with its end line), or, when a command is given after
.BR \-\- ,
when that command exits.
.IP
Every sample goes through the bottleneck rules (see
.BR RULES ):
the ids of the flags raised at that sample are in its
.BR flags ,
and each raise or clear is written as an event line with the flag, a message and the evidence.
)roff",
        R"roff(Run
.I CMD
with
.IR ARGS ,
with edgetop's standard input, output and error, and record until it exits; edgetop then exits
with its status (128 + the signal number if it was killed).
A SIGINT, SIGTERM or SIGHUP sent to edgetop alone is passed on to
.I CMD
(a Ctrl-C from the terminal already reaches it) and the recording goes on until
.I CMD
exits.
If
.B \-\-count
or
.B \-\-duration
ends the recording first, edgetop still waits for
.IR CMD .
Use
.B \-o
with a file so that the command's own output does not mix with the session.
)roff"},
    CommandSpec{
        command::report, "report",
        "summarise session files: duration, sampling regularity, distributions, energy, "
        "flags; several files side by side",
        "", "",
        R"roff(Reads one or more session files (streaming: memory does not grow with the length of a session)
and prints, per session: duration, samples, board, power mode, the sampling regularity (interval
p50, p99 and max; gaps, the intervals longer than 1.5 \(mu the nominal one, with their count and
total time); for CPU total and per core, each GPU, EMC, each engine that reports a load, each rail,
the total power and each thermal zone the mean, the values at 10, 25, 50, 75, 90 and 99 % (a small CDF: that share of the
samples lies at or below the value) and the maximum; energy per rail and in total, in J and Wh,
integrated by the trapezoidal rule over the real sample timestamps, with the average power; every
flag with how often it was raised, the total time active, the first raise and its worst episode:
the longest one, with the message and evidence of its raise.
With several files a side-by-side comparison follows (duration, energy, average power and time
under each flag per session), e.g. the same job in two power modes.
.IP
A session recorded by
.B record
or
.B stat
lists in its header the rules that ran while it was recorded; its flags are the ones its event
lines recorded (none when it has none), and only the values the report summarises are read from
each sample.
A session with neither a rule list nor event lines (older files, imported captures, recordings
started from the interactive view) gets its flags recomputed by running the rules over its samples, with the thresholds of
.B \-\-rule
and the config file.
The lines are parsed in blocks of about 1 MB by the main thread and one more thread per other
core (up to 7), and taken in file order.
A truncated last line is a warning and everything before it is used; a corrupt line is reported
with its line number and skipped (also a line longer than 16 MiB, or nested deeper than 64 arrays
and objects); a file that is not a session is a one-line error (exit 1), as is a device or socket
given as the file (a pipe is read).
.IP
A file may be compressed with zstd or gzip (as
.B record \-o
.I FILE.jsonl.zst
writes it): the form is told from its first bytes, not its name.
A compressed file cut short (the recorder was killed) is a warning and every complete line before
the cut is read; damage to the compressed data is an error naming the file, every complete line
before it read (a zstd checksum that does not match is a warning, every line read).
A leading zstd skippable frame is stepped over.
Compressed data that expands more than 5,000 times its size (past 64 MiB) is not read further,
an error naming the file and the ratio; a first line with no newline in its first 16 MiB is not
a session.
Each list of a sample keeps at most a fixed number of elements (4,096 cores and processes, 1,024
rails and zones: see the limits in docs/session-format.md); the elements past it are dropped,
with one warning per file.
.IP
The files of a set written with
.B \-\-rotate
are one session, whether all are given (in any order) or only one of them: the others are found
beside it by the names their part numbers give and by the set id in their headers, and their
samples are taken in the part order of the headers, so the report is the one of the same recording
unrotated.
A run of parts missing between two present ones is one warning naming it, a part whose header was
cut (the disk filled as it started) and a second file holding one part are warnings naming the
files; the other files are read.
)roff",
        ""},
    CommandSpec{command::stat, "stat",
                "run a command like perf stat: sample while it runs, then print its energy, "
                "utilisation, peak temperature and flags to standard error",
                "CMD [ARGS...]", "the command to run (required); edgetop exits with its status",
                R"roff(Like
.BR "perf stat" :
runs
.I CMD
with edgetop's standard input, output and error untouched, samples while it runs and, when it
exits, prints to standard error the duration, energy (J) and average power per rail and in total,
mean and p95 of CPU, GPU and EMC utilisation, the peak temperature and every flag raised with its
message; edgetop exits with
.IR CMD 's
status.
A Ctrl-C from the terminal reaches
.I CMD
(it shares edgetop's process group); edgetop ignores it and stops when
.I CMD
exits.
)roff",
                R"roff(The command to run (required).
)roff"},
    CommandSpec{command::sweep, "sweep",
                "run a command once per power mode (switching with nvpmodel, restoring the "
                "original mode afterwards) and recommend the mode that runs it with the least "
                "energy; needs root",
                "CMD [ARGS...]",
                "the command to run in every mode (required, except with --restore)",
                R"roff(Finds the power mode that runs
.I CMD
with the least energy.
For every mode of
.I /etc/nvpmodel.conf
(or of
.BR \-\-modes ),
it switches with
.BI "nvpmodel \-m " ID
(the
.B nvpmodel
first on
.BR PATH ,
run as a subprocess with no terminal input, in its own process group), waits
.B \-\-settle
seconds, checks that the mode took (the
.I /var/lib/nvpmodel/status
file under
.BR \-\-root ,
else the live core states and clock caps), then runs
.I CMD
with its standard streams untouched while recording exactly as
.B stat
does, and keeps its exit status.
.I CMD
runs in a process group of its own (its standard input is
.I /dev/null
when edgetop's is a terminal, which it could not read from there), and a SIGINT, SIGTERM or
SIGHUP that reaches edgetop, from the terminal or sent to edgetop alone, goes to that whole
group: a script and every command it started end, no further mode is tried, and the summary
and the exit status (128 + the signal) say the sweep was interrupted.
Each run's figures are those
.B edgetop report
computes from its session, so a kept session reports the same energy.
Afterwards, and also when
.I CMD
fails, when SIGINT, SIGTERM or SIGHUP arrives (during a run, while settling, or during a switch,
whose process group is then killed) and on any error of its own, it switches back to the mode
that was active before the sweep.
A second Ctrl-C does not cut that restore short unless
.B nvpmodel
is still running 3 s after it; then it is killed.
Every
.B nvpmodel
call is limited to
.B \-\-nvpmodel\-timeout
seconds (default 30): one that takes longer is killed with its process group and reported, and a
switch that timed out ends the sweep (exit status 1) after the restore.
If the restore fails, edgetop says so on standard error with the command to run by hand.
.IP
Before the first switch, the original mode is written to
.I /var/lib/edgetop/sweep\-restore
(under
.BR \-\-root ;
a temporary file, synced, renamed over it), which is removed once the mode is restored.
So a sweep that could not restore (killed with SIGKILL, a power cut, a restore that failed or
hung) leaves it, and the next
.B edgetop sweep
restores that mode first, says so in one line, then runs;
.B edgetop sweep \-\-restore
restores it and exits.
A restore file that cannot be read or does not hold a mode is one line naming it, exit status 2,
before anything is switched.
One sweep runs at a time: while one holds
.IR /var/lib/edgetop ,
another is refused (exit status 2).
.IP
It prints per mode: id, name, caps (online cores, CPU, GPU and EMC maximum in MHz;
.B max
for no cap), runs, median duration (s), median energy (J), average and peak power (W), peak
temperature, exit status and the flags raised; then the time\(enenergy Pareto front (the modes no
other mode beats in both, fastest first) and four recommendations: fastest, least energy, least
energy within
.B \-\-slack
% of the fastest time, and least energy at or under the
.B \-\-budget\-w
average power.
A mode that could not be switched to, where a run failed, or whose energy cannot be measured (no
power rails) is shown but never recommended or on the front.
A mode measured in fewer than 20 samples (all its runs together) gets a note (on standard error
with
.BR \-\-json )
that its figures are rough, with the
.B \-\-repeat
or
.B \-i
that would give 20.
The power is what the module's own monitors measure, not the carrier board's (about 0.4 W more at
the wall on an Orin Nano devkit at idle); the summary says so.
The results go to standard output after the runs (so does
.IR CMD 's
own output, as it comes); progress lines go to standard error.
.B \-\-json
prints them as one JSON object on one line, with the keys
original_mode (id), restored, interrupted, modes (each with id, name, caps {online_cores,
cpu_max_mhz, gpu_max_mhz, emc_max_mhz}, runs [{exit_status, duration_s, samples, energy_j,
avg_power_w, peak_power_w, peak_temp_c, session}], samples (of all runs), then duration_s,
energy_j and avg_power_w as medians over the runs, peak_power_w and peak_temp_c as maxima,
exit_status, flags, recommendable and problem),
pareto (ids, fastest first) and recommended {min_time, min_energy, min_energy_within_slack,
min_energy_under_budget} (ids);
a figure that could not be measured, or a recommendation with no candidate, is null.
.IP
It needs root.
Not root, no
.B nvpmodel
on
.BR PATH ,
no nvpmodel configuration, an unknown mode id or name, an active mode that cannot be told, a bad
restore file or another sweep running: one line saying which, exit status 2, before anything is switched.
It costs the job nothing but the sampling, the same as
.BR stat ,
plus the switches and the settle time between runs.
)roff",
                R"roff(The command to run in every mode (required, except with
.BR \-\-restore ).
)roff"},
    CommandSpec{command::import, "import",
                "convert a tegrastats log into a session file (header, samples, end line), so that "
                "report, replay and every rule work on it",
                "", "",
                R"roff(Converts a
.BR tegrastats (1)
log into a session file that
.BR report ,
.B replay
and every rule read like a recording: a header, one sample line per log line and an end line with reason
.BR end\-of\-input .
No rule runs during the import (it would cost more than the parsing): the samples have empty
.B flags
and there are no event lines, so
.B report
and
.B replay
compute the flags with the rules in force when they read the session.
Every tegrastats format is read: L4T R28.1 and older (lower-case fields), JetPack 4 (no date,
rails in mW without units), JetPack 5 and later (an
.I MM\-DD\-YYYY HH:MM:SS
date), with or without a recorder's
.I <epoch>::
prefix, root or not (EMC, GR3D, engines absent), and JetPack 7 (Thor): temperatures
.I name@current/maxC
and rails
.I current/average/maximum
give their current value (tegrastats' running averages and maxima are not stored: the report
computes the session's own), a
.I GR3D_FREQ
list of GPC clocks (with or without a load) is one GPU at its highest GPC clock, and so is
.I GR3D_FREQ
with
.I GR3D2_FREQ
(the mean of the two loads),
.I <ENGINE><n>_FREQ @MHz
is the engine's clock (engine 0 is the unnumbered name: NVENC0 is NVENC), the PVA's
.I [a%,b%]@MHz
gives the mean of its cores' loads, and
.I VIN
is the board input and its total.
Engine loads
.RI ( "NVDEC 40%@115" ,
.IR "NVENC_LOAD 7%" )
are imported.
The input is read line by line: memory does not grow with the size of the log.
.IP
The header has the additive key
.BR \(dqsource\(dq:\(dqtegrastats\(dq ,
.B root
.BR \(dqtegrastats\(dq ,
an empty host and no sources.
The board is guessed from the rail, zone and engine names and the core count (the model says
.IR "(guessed from tegrastats)" ;
null when nothing decides it, e.g. TX1 logs); tegrastats has no power modes or trip points, so
the rules use their own limits.
.B started
and each
.B time
come from the lines' timestamps: a recorder's epoch prefix (UTC) first, else tegrastats' own date
(the board's local time, taken as UTC); an undated log starts at 1970\-01\-01T00:00:00Z and its
samples are
.B \-\-interval
apart (a garbled line that reports RAM keeps its slot; blank lines, headers and prompts between
samples take none).
Lines pasted as a Markdown quote
.RB ( "> RAM ..." )
are read as the lines they quote.
tegrastats' dates have whole seconds: the lines that share one second are spread evenly over it,
so
.B t
always increases; where the clock goes back (a restarted tegrastats, logs joined together) the
samples continue one interval after the previous one, with a note.
The header's
.B interval_ms
is the median step of the first samples of a dated log, else
.BR \-\-interval .
.IP
Problems go to standard error, each kind once with its first line number and its count:
.B unknown token
(the line is imported without it),
.B skipped
(a line that is not a sample: no RAM field, a malformed field, longer than 64 KiB), and notes for
fields read but not imported (IRAM, MTS, PMIC's fixed value, NC channels, JetPack 7's
temperature and rail maxima).
The import never stops early, except with
.BR \-\-strict .
The exit status is 0, or 1 when the input cannot be read, the output cannot be written, no sample
was found, or with
.B \-\-strict
a warning occurred.
)roff",
                ""},
    CommandSpec{
        command::replay, "replay",
        "play a recorded or imported session in the interactive view, at its recorded "
        "speed or faster, with the flags recomputed",
        "", "",
        R"roff(Plays a session file, recorded or imported, in the interactive view, on every page, at the
recorded pace (the
.B t
steps between samples, at most 10 s of waiting each) or
.B \-\-speed
times faster.
The header shows
.B REPLAY
with the session time of the sample shown
.RI ( "t 12.3 s" )
and the speed
.RI ( x2 ).
The flags are recomputed by running the rules over the replayed samples, as the live view does
(with
.B \-\-rule
and
.BR \-\-rules\-off ),
so the Analysis page and the flag count work on imported captures too.
See
.B KEYS
for the keys of a replay.
Memory stays bounded: the replay holds one sample ahead; stepping back re-reads the file from
its start up to the previous sample, so it takes longer the further into a long session it is.
The view needs a terminal; the file cannot be standard input (the keys come from there).
Without one, or on a terminal the view cannot drive
.RB ( TERM " unset or " dumb ),
a one-line error names
.B edgetop report
instead (exit status 1).
A zstd- or gzip-compressed session, and the files of a set written with
.BR \-\-rotate ,
are read as
.B report
reads them.
)roff",
        ""},
    CommandSpec{
        command::export_, "export",
        "write session files as CSV (one row per sample, one column per value) or as a "
        "Perfetto trace (counters and flag spans)",
        "", "",
        R"roff(Writes session files, recorded or imported, in a format other tools read, streaming (memory does
not grow with the length of a session).
.B \-\-format csv
writes one header row and one row per sample, one column per scalar value of the sample: the
time since the start
.RB ( t_s )
and the wall-clock time
.RB ( time ,
RFC 3339), the CPU's and each core's utilisation and clocks, each GPU's, the EMC's, each engine's,
each rail's and fan's values, the total power, each thermal zone's temperature, uptime, load,
context switches, memory, the process count and the flags raised at the sample, joined by
.BR ; .
Each name ends with its unit
.RB ( cpu0_util_pct ", " gpu_gv11b_freq_hz ", " rail_VDD_IN_power_mw ", " thermal_cpu\-thermal_temp_c ).
The columns are those of the session's first sample: a later sample without one of its cores,
rails or zones has empty cells there; an element the first sample did not have is left out,
with one warning per session.
An absent value is an empty cell; a cell with a comma, a double quote or a line break is
quoted as RFC 4180 says, so
.B pandas.read_csv
reads the file as it is.
Several files are written one after the other under one header; they must have the same
columns, else a one-line error names the first file that differs.
.IP
.B \-\-format perfetto
writes the Chrome trace-event JSON that
.I ui.perfetto.dev
and chrome://tracing open, next to an Nsight Systems trace: each session is a process, with a
counter track per metric group (CPU utilisation per core, CPU, GPU, EMC and engine clocks, GPU
and EMC load, power per rail and total, temperatures, fan speed, memory, context switches) and,
for each flag, a track of its own with one slice per span it was raised (from the first sample
that has it to the first that no longer has it, or to the end of the session).
Timestamps are the samples' wall-clock times, in microseconds since the Unix epoch.
.IP
The flags are the ones the session's samples carry (none in an imported session: run
.B report
or
.B replay
to compute them).
The process list is not exported.
A corrupt line is reported with its line number and skipped, a truncated last line is a
warning, as in
.BR report .
Every file but standard input is opened and checked before anything is written; a file that
cannot be read or is not a session is a one-line error naming it (exit status 1), as is an
output that cannot be written; a bad option is a one-line error with exit status 2.
)roff",
        ""},
    CommandSpec{
        command::serve, "serve",
        "serve Prometheus metrics over HTTP: sample on a fixed schedule (with the flags) "
        "and answer every scrape with the latest sample",
        "", "",
        R"roff(Serves the machine's metrics to Prometheus over HTTP, in the Prometheus text exposition format,
at
.B /metrics
(and a short page linking to it at
.BR / ),
by default on
.B 127.0.0.1:9102
only.
edgetop samples on its own schedule, every
.B \-\-interval
on the monotonic clock, with the bottleneck rules (and
.BR \-\-rule " and " \-\-rules\-off )
running as in
.BR record ;
a scrape returns the latest sample and never reads a sensor, so any number of scrapers adds no
sampling.
Metric names follow node_exporter: an
.B edgetop_
prefix, base units in the name, counters ending in
.BR _total ,
dimensions as labels (e.g.
.BR edgetop_rail_power_watts{rail="VDD_GPU_SOC"} ,
.BR edgetop_cpu_seconds_total{cpu="0",mode="user"} ,
.BR edgetop_flag_raised{flag="gpu_starved"} ).
A sensor the machine does not have is an absent series, never a zero.
docs/metrics.md lists every metric.
Only GET and HEAD are answered (405 with an Allow header for other methods, 404 for other
paths); until the first sample is complete,
.B /metrics
answers 503 with a short text, never a page without measurements.
The HTTP server is edgetop's own: one thread, non-blocking sockets.
The request target is a path or an absolute http URI
.RB ( http://host:9102/metrics );
a client that half-closes its connection after the request is still answered.
A request head over 16 KiB is refused (431), a malformed one gets 400; a request head must be
complete within 3 s of the connection (or of its first byte), a kept-alive connection idle for
5 s is closed, as is one whose answer makes no progress for 5 s (30 s in all); a connection
serves at most 100 requests.
At most 512 connections are open, 64 from one client address; a connection over either limit
closes the one idle longest, else the one whose answer has stalled longest (a client that does
not read it), so slow, idle or non-reading clients cannot keep a scrape out.
With a
.B tls_server_config
in the web configuration, every connection is TLS 1.2 or 1.3 (OpenSSL), in the same thread: its
handshake must end within 3 s of the accept and counts in the limits above, an unfinished one
as evictable as an idle connection, so clients that open TCP and never send a ClientHello, or
stop halfway, cannot keep a scrape out.
.B client_auth_type
has Go's meaning, as in node_exporter:
.B RequestClientCert
asks for a certificate and takes any,
.B RequireAnyClientCert
requires one and takes any,
.B VerifyClientCertIfGiven
verifies one when given,
.B RequireAndVerifyClientCert
requires one and verifies it (against
.BR client_ca_file ,
else the system's CAs).
.BR cipher_suites " and " curve_preferences
take Go's names (TLS 1.2 suites: TLS 1.3's cannot be chosen, as in Go);
.BR TLS10 " and " TLS11
are accepted, but OpenSSL's security level (the system's openssl.cnf) may still refuse them.
The certificate, key and CA files are read again when one of them changes (modification time,
size or inode): the next connection gets the new certificate, without a restart; files that do
not load leave the previous certificate in use, with one line on standard error.
An expired or not yet valid certificate is served as it is, as Go serves it (clients that verify
refuse it).
SIGINT, SIGTERM or SIGHUP stops it (exit status 0), after the end line of the
.B \-\-log
file.
The answer is the Prometheus text format 0.0.4, or OpenMetrics 1.0.0 when the scraper asks for
it in its Accept header (as Prometheus does); gzip-compressed when the request accepts gzip.
Both formats are serialized once per sample, not per scrape.
.IP
The same server answers a JSON API for programs, behind the same credentials and limits:
.B /api/v1/sample
(the latest sample, byte for byte the sample line
.B \-\-log
writes),
.B /api/v1/samples?since=T
(the samples kept after
.IR T ,
the
.B t
of a sample already read or a duration such as
.BR 5m ,
as a JSON array; see
.BR \-\-history ),
.B /api/v1/board
(the session header's board and software, and the serving edgetop's version),
.B /api/v1/flags
(the raised flags' event lines, with their evidence) and
.B /api/v1/schema
(the JSON Schema of a sample line); an ETag on the sample's time answers
.B If\-None\-Match
with 304; 400 for a bad
.BR since ,
naming it.
Process names, users and the rest of the process table are served only with
.BR \-\-api\-processes ,
never at
.BR /metrics .
docs/api.md describes it.
.B /api/v1/stream
sends every sample as it is taken, as Server-Sent Events
.RB ( text/event-stream ):
an
.B "event: sample"
per sample, its
.B id
the sample's t and its data the sample line of
.B /api/v1/sample
(with the process table only under
.BR \-\-api\-processes ),
and an
.B "event: flag"
per flag raised or cleared, its data the session's event line.
A client that leaves more than
.B \-\-stream\-buffer
of events unread, or whose events make no progress for 5 s, is disconnected alone; the sampling
and the other clients never wait for it.
Past
.B \-\-stream\-clients
clients the answer is 503.
Streaming connections are not closed to make room for other connections.
)roff",
        ""},
    CommandSpec{
        command::query, "query",
        "print chosen values of one sample by their session key (mem.used_kb, gpu.0.load) as "
        "CSV or JSON, or in nvidia-smi's --query-gpu form; from the board or a running serve",
        "", "",
        R"roff(Prints chosen values of one sample for scripts: each
.I FIELD
is a key path of the session's sample line (see
.IR docs/session-format.md ),
its parts joined by dots:
.BR power_total_mw ,
.BR mem.used_kb ,
.B gpu.0.load
(an element of a list by its index from 0),
.B thermal.tj.temp_c
or
.B rails.VDD_IN.power_mw
(an element by its
.BR name ;
a core, a GPC or a process by its
.BR id " or " pid ).
A path that ends at an object or a list prints it as JSON.
A key the sample line does not have is refused before anything is read (one line, exit status 2);
an element the sample does not have, or a value the board does not measure, is empty (null in
JSON).
.IP
The sample is taken as
.B edgetop \-\-once
takes it (two readings 250 ms apart, so that utilisations and rates are over that interval),
or, with
.BR \-\-from ,
read from a running
.B edgetop serve
.RB ( "GET /api/v1/sample" ),
so that no second sampler reads the board.
.IP
.B \-\-smi
prints the
.B \-\-query\-gpu
fields of
.BR nvidia\-smi (1)
that a Jetson can answer, with its output rules: one line per GPU, fields separated by
.RB \(dq ", " \(dq,
a header of the field names with their units in brackets
.RB ( "utilization.gpu [%]" ),
values with their units
.RB ( "45 %" ", " "1834 MiB" ", " "4.82 W" ),
.B [N/A]
for a value that is not available;
.B noheader
and
.B nounits
as
.B nvidia\-smi
reads them.
The fields and where each comes from:
.B name
(the GPU's name: its devfreq node such as gv11b or ga10b, or NVML's),
.B utilization.gpu
(the GPU load),
.B utilization.memory
(NVML's memory utilisation, else the EMC's activity: on a Jetson the GPU shares the memory
controller with the CPU),
.BR memory.used ", " memory.total
(NVML's, else the unified memory of
.IR /proc/meminfo :
a Jetson's GPU has no memory of its own; used is total less available),
.B temperature.gpu
(NVML's, else the thermal zone whose name starts with gpu, in \(deC),
.B power.draw
(NVML's, else the first rail whose name holds GPU: GPU on AGX Xavier, VDD_SYS_GPU on TX2,
POM_5V_GPU on Nano and VDD_GPU on Thor feed the GPU alone; VDD_GPU_SOC on AGX Orin feeds it with
the SoC, VDD_CPU_GPU_CV on Orin NX and Nano and Xavier NX with the CPU and the vision engines),
.B clocks.gr
(the GPU clock),
.B clocks.mem
(NVML's memory clock, else the EMC clock),
.B clocks.max.gr
(the GPU's hardware maximum clock).
Without
.BR \-\-query\-gpu ,
all ten;
.B \-\-query\-gpu
alone means
.BR \-\-smi .
A value the board has a source for but not at this sample (the GPU load in the first reading of
a Thor) is
.BR [N/A] ;
one it has no source for (no EMC, no GPU rail or zone) is
.BR "[Not Supported]" .
On a machine without a GPU the output is
.B No devices were found
and the exit status 6, as
.BR nvidia\-smi 's.
A field outside this list is refused as
.B nvidia\-smi
refuses it: the line
.B Field \(dqX\(dq is not a valid field to query.
on standard output, exit status 2.
)roff",
        ""},
    CommandSpec{command::fleet, "fleet",
                "every board of a fleet, read from its edgetop serve, a Prometheus or ssh: the "
                "fleet page on a terminal, else one line per board (state, CPU, GPU, EMC, power, "
                "the hottest zone, memory, raised flags)",
                "", "",
                R"roff(Reads each
.I HOST
(the URL of an
.BR "edgetop serve" :
.BI http:// HOST : PORT\c
,
.BI https:// HOST : PORT
or
.BI unix: PATH\c
; every board a Prometheus has:
.BI prometheus+http:// HOST : PORT\c
[\fB?match=\fIMATCHERS\fR]; a board reached by ssh:
.BI ssh:// \fR[\fIUSER\fB@\fR]\fIHOST\fR[\fB:\fIPORT\fR],
see below) and the boards of
.BR \-\-hosts\-file ,
a bounded number at a time
.RB ( \-\-parallel ),
each request within
.BR \-\-timeout ,
and prints the fleet: a line of totals (boards up, stale and down, the power of the boards up,
the worst flag of each board counted by rule), then one line per board in the order given:
its name, state, model, power mode, CPU and GPU utilisation, EMC load, input power, the hottest
thermal zone and its headroom to that zone's lowest trip point, memory in use, disk and network
rates, the flags raised (how many, the most severe, the newest) and the edgetop version serving
it.
Values come from the serve's JSON API
.RB ( /api/v1/sample ", " /api/v1/flags ", " /api/v1/board ,
the last read again only when the serve restarted or a minute passed), or, from a serve older
than that API, its
.B /metrics
(without disk and network rates);
one the board does not measure is
.BR n/a .
A board is
.B down
with the reason (refused, timed out, not an edgetop serve, credentials refused, an answer over
4 MiB) when any request fails, and
.B stale
when its sample is older than
.B \-\-stale
by this machine's clock (a stopped sampler, or the clocks of the two machines apart).
A board that hangs or answers slowly costs only its own worker.
.IP
On a terminal, without
.B \-\-once
or
.BR \-\-json ,
the fleet page: the same lines, read again every
.B \-\-interval
(a board that is down is tried again after 1, 2, 4... intervals, at most a minute apart, and
keeps its reason meanwhile) and drawn when a round ends, under the totals and the boards
counted by their worst flag; as many columns as the screen holds (zone, headroom, power mode,
disk, network, model and version from 100 to 175 columns), values coloured by the view's levels.
Keys:
.B Up Down PgUp PgDn Home End
select a board,
.B < >
(or
.BR "Left Right" )
choose the column to sort by (the given order, name, state, CPU, GPU, EMC, power, hottest,
headroom, memory, flags; most first),
.B i
reverses it,
.B /
types a filter (a part of a name, a label
.IR KEY = VALUE ,
a flag, a state or a model; Enter keeps it, Esc clears it),
.B g
groups the boards by each label key in turn, with a line of subtotals per group,
.B Enter
opens the selected board's own interactive view over its serve (every page; each sample the
board takes, as its serve's /api/v1/stream sends them, the samples missed while the stream was
broken read back from /api/v1/samples; the flags its serve raised with their evidence on the
Analysis page;
.B r
there records the board's samples to a session file whose header names the board and its URL),
.B Esc
or
.B q
there comes back to the fleet page, and
.B q
quits.
.IP
With
.B \-\-json
each board is one JSON object on its own line (keys with their units:
.BR power_mw ,
.BR temp_c ;
null where absent).
The exit status is 0 when every board is up, 1 when one is stale or down, 2 for a usage error
(a bad flag, a hosts file that cannot be read, no host left to read).
A bad line of the hosts file, or a name used twice, is reported on standard error with its line
number, and the other lines are used.
.IP
A hosts file holds one board a line,
.RI [ NAME ]
.I URL
.RI [ KEY = VALUE ...],
with
.B #
starting a comment:
.IP
.nf
# name      url                         labels
orin-07     https://10.0.3.7:9102       site=lab rack=2
nano-cam-1  http://192.168.8.21:9102    site=gate
http://127.0.0.1:9102
.fi
.IP
A board without a name is named by its
.IR HOST : PORT .
.IP
.BI prometheus+http:// HOST : PORT
(or
.BR https ,
with a path for a Thanos or Mimir behind a prefix) is every board the Prometheus scrapes or
receives by remote write, chosen by the label matchers of
.BI ?match= MATCHERS
when given
.RB ( 'job="edgetop",site="lab"' ,
as inside PromQL's braces): about twenty instant queries a round, whatever the number of
boards, evaluated at one instant.
A board is named by its
.B instance
label and has the series' other target labels
.RB ( job ,
.BR site ...)
as its labels.
CPU, GPU, EMC, power, temperatures, trips and memory are the gauges of its latest scraped
sample; disk and network rates Prometheus'
.B irate
over its last two scrapes; flags those raised (no newest).
It is down when its scrape fails (with Prometheus' reason) or Prometheus has no current sample
of it (boards seen within the last hour stay listed), stale when its sample was older than
.B \-\-stale
when Prometheus took it.
Enter opens its view from its serve at the scrape URL where that answers, else from the series
Prometheus has of it (a board that pushes by remote write, or one only Prometheus reaches): every
page with what /metrics serves; the process table, per-core CPU shares, disk and network rates
and groups n/a.
.IP
.BI ssh:// \fR[\fIUSER\fB@\fR]\fIHOST\fR[\fB:\fIPORT\fR]
is read through the user's ssh
.RB ( \-\-ssh\-command ;
their config and keys, BatchMode): it runs
.B \-\-remote\-edgetop serve
on the board on a unix socket in a new directory of mode 0700 under /tmp, forwards a local
socket to it and reads it as any serve; one ssh per board while fleet runs, and the board's
serve and directory go when it ends.
A board whose ssh fails is down with ssh's last line of error.
)roff",
                ""},
};

// Words after a command that are not options (the session files of `report`).
struct OperandSpec {
    std::string_view command;
    std::string_view name;  // "FILE..."
    std::string_view help;
    std::string_view man;  // its entry in the man page's OPTIONS (roff, tag included), or ""
};

inline constexpr std::array kOperands{
    OperandSpec{"report", "FILE...",
                "session files (- is standard input; a rotated set's files are one session); at "
                "least one",
                R"roff(.I FILE ...
Session files;
.B \-
is standard input.
The files of a set written with
.B \-\-rotate
(given in any order, or its first file alone) are one session.
)roff"},
    OperandSpec{"import", "tegrastats FILE",
                "the format (only tegrastats) and the log to read (- is standard input)", ""},
    OperandSpec{"replay", "FILE...",
                "the session file to play (or the files of one set written with --rotate)", ""},
    OperandSpec{"query", "FIELD...",
                "key paths of the sample line (power_total_mw mem.used_kb gpu.0.load "
                "thermal.tj.temp_c); at least one, none with --smi",
                R"roff(.I FIELD ...
Key paths of the sample line, as described under
.B query
in
.BR COMMANDS .
)roff"},
    OperandSpec{"fleet", "HOST...",
                "boards: edgetop serves (http(s)://HOST:PORT, unix:PATH), a Prometheus "
                "(prometheus+http(s)://HOST:PORT[?match=MATCHERS]) or ssh://[USER@]HOST[:PORT], "
                "beside or instead of --hosts-file",
                R"roff(.I HOST ...
URLs of
.B edgetop serve
processes:
.BI http:// HOST : PORT\c
,
.BI https:// HOST : PORT
or
.BI unix: PATH\c
; of a Prometheus,
.BI prometheus+http:// HOST : PORT\c
[\fB?match=\fIMATCHERS\fR]; or of a board reached by ssh,
.BI ssh:// \fR[\fIUSER\fB@\fR]\fIHOST\fR[\fB:\fIPORT\fR]\c
; with
.BR \-\-hosts\-file ,
read after its boards.
)roff"},
    OperandSpec{"export", "FILE...", "session files (- is standard input); at least one",
                R"roff(.I FILE ...
Session files;
.B \-
is standard input.
)roff"},
};

}  // namespace edgetop::cli
