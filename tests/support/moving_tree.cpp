#include "support/moving_tree.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <vector>

#include "sensors/core/text_scan.hpp"

namespace edgetop::testing {
namespace {

namespace fs = std::filesystem;

// The line with `deltas` added to its whitespace-separated fields (by index from 0), every
// separator kept as it was.
std::string add_to_fields(std::string_view line, const std::map<size_t, long long>& deltas) {
    std::string out;
    size_t index = 0, i = 0;
    while (i < line.size()) {
        size_t start = i;
        while (i < line.size() && line[i] == ' ')
            ++i;
        out.append(line.substr(start, i - start));
        size_t end = i;
        while (end < line.size() && line[end] != ' ')
            ++end;
        std::string field(line.substr(i, end - i));
        if (auto d = deltas.find(index); d != deltas.end() && !field.empty())
            field = std::to_string(std::stoll(field) + d->second);
        out += field;
        i = end;
        ++index;
    }
    return out;
}

std::vector<std::string> lines_of(std::string_view text) {
    std::vector<std::string> lines;
    while (!text.empty())
        lines.emplace_back(next_line(text));
    return lines;
}

// The core lines of /proc/stat ("cpu0"...; "cpu " is their sum).
long long core_lines(const std::vector<std::string>& stat) {
    return std::count_if(stat.begin(), stat.end(), [](const std::string& line) {
        return line.starts_with("cpu") && !line.starts_with("cpu ");
    });
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines)
        text += line + "\n";
    return text;
}

long long scaled(long long per_second, long long hundredths) {
    return per_second * hundredths / 100;
}

}  // namespace

long long PerSecond::rapl_microjoules(std::string_view domain) {
    if (domain.starts_with("package")) return 15'000'000;
    if (domain == "core") return 9'000'000;
    if (domain == "uncore") return 1'000'000;
    if (domain == "dram") return 2'000'000;
    if (domain == "psys") return 20'000'000;
    return 1'000'000;
}

void MovingTree::advance(double seconds) const {
    long long hundredths = std::llround(seconds * 100);
    for (const char* file :
         {"/proc/stat", "/proc/uptime", "/proc/vmstat", "/proc/diskstats", "/proc/net/dev"})
        if (fs::exists(tree_.path(file))) advance_file(file, hundredths);
    fs::path powercap = tree_.path("/sys/devices/virtual/powercap");
    if (!fs::exists(powercap)) return;
    for (const auto& entry : fs::recursive_directory_iterator(powercap)) {
        if (entry.is_symlink() || entry.path().filename() != "energy_uj") continue;
        std::string machine = "/" + fs::relative(entry.path(), tree_.root()).string();
        std::string dir = machine.substr(0, machine.rfind('/'));
        std::string name = tree_.read(dir + "/name");
        while (!name.empty() && name.back() == '\n')
            name.pop_back();
        long long energy =
            std::stoll(tree_.read(machine)) + scaled(PerSecond::rapl_microjoules(name), hundredths);
        if (fs::exists(tree_.path(dir + "/max_energy_range_uj")))
            energy %= std::stoll(tree_.read(dir + "/max_energy_range_uj")) + 1;
        tree_.write(machine, std::to_string(energy) + "\n");
    }
}

void MovingTree::advance_file(std::string_view machine_path, long long hundredths) const {
    using P = PerSecond;
    std::vector<std::string> lines = lines_of(tree_.read(machine_path));
    if (machine_path == "/proc/stat") {
        long long cores = core_lines(lines);
        for (auto& line : lines) {
            long long n = line.starts_with("cpu ") ? cores : 1;
            if (line.starts_with("cpu"))
                line = add_to_fields(line, {{1, n * scaled(P::user_ticks, hundredths)},
                                            {3, n * scaled(P::system_ticks, hundredths)},
                                            {4, n * scaled(P::idle_ticks, hundredths)},
                                            {5, n * scaled(P::iowait_ticks, hundredths)}});
            else if (line.starts_with("ctxt "))
                line = add_to_fields(line, {{1, scaled(P::context_switches, hundredths)}});
        }
    } else if (machine_path == "/proc/uptime") {
        // The second figure is the idle time of all cores together.
        long long cores = core_lines(lines_of(tree_.read("/proc/stat")));
        double up = 0, idle = 0;
        std::sscanf(lines.at(0).c_str(), "%lf %lf", &up, &idle);
        char text[64];
        std::snprintf(text, sizeof text, "%.2f %.2f", up + hundredths / 100.0,
                      idle + hundredths / 100.0 * P::idle_ticks / 100.0 * cores);
        lines.at(0) = text;
    } else if (machine_path == "/proc/vmstat") {
        for (auto& line : lines)
            if (line.starts_with("pgmajfault "))
                line = add_to_fields(line, {{1, scaled(P::major_faults, hundredths)}});
    } else if (machine_path == "/proc/diskstats") {
        // major minor name reads merged sectors ms writes merged sectors ms in-flight io_ticks...
        for (auto& line : lines)
            line = add_to_fields(line, {{5, scaled(P::sectors_read, hundredths)},
                                        {9, scaled(P::sectors_written, hundredths)},
                                        {12, scaled(P::io_ticks_ms, hundredths)}});
    } else if (machine_path == "/proc/net/dev") {
        // Two header lines, then "name: rx_bytes packets ... (8 fields) tx_bytes ...".
        for (size_t i = 2; i < lines.size(); ++i)
            lines[i] = add_to_fields(lines[i], {{1, scaled(P::rx_bytes, hundredths)},
                                                {9, scaled(P::tx_bytes, hundredths)}});
    }
    tree_.write(machine_path, joined(lines));
}

}  // namespace edgetop::testing
