#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "commands/commands.hpp"
#include "commands/output_file.hpp"
#include "export/export_sessions.hpp"
#include "session/session_reader.hpp"

namespace edgetop {

namespace {

void write_all(const OutputFile& out, std::string_view data) {
    while (!data.empty()) {
        ssize_t n = ::write(out.fd(), data.data(), data.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
            throw std::runtime_error(
                fmt::format("cannot write {}: {}", out.display_name(), std::strerror(errno)));
        data.remove_prefix(static_cast<std::size_t>(n));
    }
}

// Whether the output would overwrite one of the inputs (it is truncated when opened).
std::optional<std::string> output_among_inputs(const cli::Args& args) {
    const std::string& output = args.export_.output;
    if (output == "-") return std::nullopt;
    for (const auto& input : args.operands) {
        std::error_code ec;
        if (input != "-" && std::filesystem::equivalent(output, input, ec))
            return fmt::format("-o {}: is also an input file", output);
    }
    return std::nullopt;
}

}  // namespace

int run_export(const cli::Args& args) {
    // The parser checked a given value; only its absence is left.
    auto format = session_export::parse_format(args.export_.format);
    if (!format) {
        print_error("export: expected --format csv or --format perfetto");
        return 2;
    }
    if (auto problem = output_among_inputs(args)) {
        print_error(*problem);
        return 2;
    }
    try {
        check_output_path(args.export_.output);
    } catch (const OutputError& e) {
        print_error(e.what());
        return 1;
    }
    // A reader that goes away (EPIPE) or a file size limit (EFBIG) is a write error like a full
    // disk, not death; blocked before the reader starts its threads, which inherit the mask.
    sigset_t write_signals;
    sigemptyset(&write_signals);
    sigaddset(&write_signals, SIGPIPE);
    sigaddset(&write_signals, SIGXFSZ);
    pthread_sigmask(SIG_BLOCK, &write_signals, nullptr);
    // Created at the first write: once the inputs have been checked.
    std::optional<OutputFile> out;
    auto write = [&](std::string_view data) {
        if (!out) out.emplace(args.export_.output);
        write_all(*out, data);
    };
    try {
        session_export::export_sessions(args.operands, *format, write,
                                        [](const std::string& problem) { print_error(problem); });
    } catch (const SessionError& e) {
        print_error(e.what());
        return 1;
    } catch (const session_export::ExportError& e) {
        print_error(e.what());
        return 1;
    }
    if (!out) out.emplace(args.export_.output);
    return 0;
}

}  // namespace edgetop
