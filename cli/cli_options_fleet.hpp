// The options of `edgetop fleet`, a part of the option table (cli_table.hpp joins them).
#pragma once

#include <array>

#include "cli/cli_option_spec.hpp"

namespace edgetop::cli {

inline constexpr std::array kFleetOptions{
    OptionSpec{"hosts-file", 0, "FILE", ValueKind::file,
               "read the boards from FILE: one '[NAME] URL [KEY=VALUE...]' a line, # comments", "",
               command::fleet, store<&Args::fleet, &FleetArgs::hosts_file>,
               R"roff(Read the boards from
.IR FILE :
one a line,
.RI [ NAME ]
.I URL
.RI [ KEY = VALUE ...]
(see
.B fleet
under
.BR COMMANDS ),
.B #
to the end of a line a comment.
A bad line is reported with its number and left out; a file that cannot be read is an error
(exit status 2).
)roff"},
    OptionSpec{"once", 0, "", ValueKind::flag,
               "print the fleet once as a text table and exit instead of opening the fleet page",
               "", command::fleet, store<&Args::fleet, &FleetArgs::once>,
               R"roff(Read every board once, print the table and exit, as when standard output is
not a terminal, instead of opening the fleet page.
)roff"},
    OptionSpec{"interval", 'i', "MS", ValueKind::milliseconds,
               "fleet page: read every board again every MS milliseconds", "2000", command::fleet,
               store<&Args::fleet, &FleetArgs::interval_ms>,
               R"roff(On the fleet page, read every board again every
.I MS
milliseconds (at least 50); a board that is down is tried again after 1, 2, 4... intervals, at
most a minute apart.
Default: 2000.
)roff"},
    OptionSpec{"json", 0, "", ValueKind::flag,
               "print one JSON object per board instead of the table", "", command::fleet,
               store<&Args::fleet, &FleetArgs::json>,
               R"roff(Print one JSON object per board, one a line, instead of the table: name,
url (null for a board that only pushes to a Prometheus), via (the Prometheus a board was read
through, else null), labels, state, reason, the sample's t, time and age_s, model, power_mode, edgetop_version,
cpu_util_pct, gpu_load_pct, emc_util_pct, power_mw, hottest (zone, temp_c, trip_c, headroom_c),
mem_used_pct, disk_bytes_per_s, net_bytes_per_s and flags (count, worst, worst_severity, newest);
null where absent.
)roff"},
    OptionSpec{"ca", 0, "FILE", ValueKind::file,
               "verify https boards against the CA certificates in FILE (PEM)", "", command::fleet,
               store<&Args::fleet, &FleetArgs::ca>,
               R"roff(Verify the certificates of
.B https
boards against the CA certificates in
.I FILE
(PEM) instead of the system's; each certificate must name the host of its URL.
)roff"},
    OptionSpec{"cert", 0, "FILE", ValueKind::file,
               "the client certificate (PEM) for boards that ask for one; with --key", "",
               command::fleet, store<&Args::fleet, &FleetArgs::cert>,
               R"roff(Present the client certificate in
.I FILE
(PEM) to
.B https
boards whose
.B \-\-web\-config
asks for one; with
.BR \-\-key .
)roff"},
    OptionSpec{"key", 0, "FILE", ValueKind::file, "the private key (PEM) of --cert", "",
               command::fleet, store<&Args::fleet, &FleetArgs::key>,
               R"roff(The private key (PEM) of
.BR \-\-cert .
)roff"},
    OptionSpec{"user", 0, "USER", ValueKind::user_name,
               "basic auth's user name; with --password-file", "", command::fleet,
               store<&Args::fleet, &FleetArgs::user>,
               R"roff(Send
.I USER
and the password of
.B \-\-password\-file
(HTTP basic authentication), as the
.B basic_auth_users
of a serve's
.B \-\-web\-config
ask.
)roff"},
    OptionSpec{"password-file", 0, "FILE", ValueKind::file,
               "basic auth's password: the content of FILE (a trailing newline removed)", "",
               command::fleet, store<&Args::fleet, &FleetArgs::password_file>,
               R"roff(The password of
.BR \-\-user :
the content of
.I FILE
(read once at start, a trailing newline removed).
)roff"},
    OptionSpec{"bearer-token-file", 0, "FILE", ValueKind::file,
               "send 'Authorization: Bearer TOKEN', the token read from FILE", "", command::fleet,
               store<&Args::fleet, &FleetArgs::bearer_token_file>,
               R"roff(Send
.BI "Authorization: Bearer " TOKEN
to every board,
.I TOKEN
being the content of
.I FILE
(a trailing newline removed), as a serve's
.B \-\-bearer\-token\-file
asks.
)roff"},
    OptionSpec{"timeout", 0, "S", ValueKind::seconds,
               "the longest one request to a board may take, in seconds", "2", command::fleet,
               store<&Args::fleet, &FleetArgs::timeout_s>,
               R"roff(The longest one request to a board may take (connection, TLS, answer), in
seconds; a board that takes longer is down, "no complete answer within S s".
Default: 2.
)roff"},
    OptionSpec{"parallel", 0, "N", ValueKind::clients, "boards read at once (1 to 4096)", "32",
               command::fleet, store<&Args::fleet, &FleetArgs::parallel>,
               R"roff(Read at most
.I N
boards at once (1 to 4096).
Default: 32.
)roff"},
    OptionSpec{"ssh-command", 0, "CMD", ValueKind::command_line,
               "ssh:// boards: run CMD as ssh (split at blanks), e.g. 'ssh -F FILE'", "ssh",
               command::fleet, store<&Args::fleet, &FleetArgs::ssh_command>,
               R"roff(For
.B ssh://
boards, run
.I CMD
(split at blanks, no quoting) as ssh, e.g.
.BR "'ssh \-F ~/.ssh/fleet_config'" ;
fleet adds
.BR "\-T \-o BatchMode=yes \-o ExitOnForwardFailure=yes" ,
the forward and the board's command.
Default: ssh.
)roff"},
    OptionSpec{"remote-edgetop", 0, "CMD", ValueKind::command_line,
               "ssh:// boards: the edgetop to run on the board (a path, options allowed)",
               "edgetop", command::fleet, store<&Args::fleet, &FleetArgs::remote_edgetop>,
               R"roff(For
.B ssh://
boards, the edgetop to run on the board, as its login shell reads it: a path (the static
binary copied there) and global options if needed, e.g.
.BR "'/opt/edgetop/edgetop \-\-root /srv/board'" .
Default: edgetop (found in the PATH of a non-interactive ssh session).
)roff"},
    OptionSpec{"stale", 0, "S", ValueKind::seconds,
               "a board whose sample is older than S seconds is stale", "10", command::fleet,
               store<&Args::fleet, &FleetArgs::stale_s>,
               R"roff(A board whose latest sample is older than
.I S
seconds, by this machine's clock, is
.BR stale .
Default: 10.
)roff"},
};

}  // namespace edgetop::cli
