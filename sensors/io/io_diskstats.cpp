#include "sensors/io/io_diskstats.hpp"

#include <array>
#include <cctype>

#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/text_scan.hpp"
#include "sensors/io/io_counter.hpp"

namespace edgetop {
namespace {

constexpr uint64_t kSectorBytes = 512;  // diskstats counts 512-byte sectors on every device
// A sector count above this is garbage: times 512 it would overflow 64 bits.
constexpr uint64_t kMaxSectors = uint64_t{1} << 54;

bool all_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), ascii::is_digit);
}

bool all_lower(std::string_view text) {
    if (text.empty()) return false;
    for (char c : text)
        if (c < 'a' || c > 'z') return false;
    return true;
}

// "nvme0n1": nvme, digits, n, digits.
bool is_nvme_namespace(std::string_view name) {
    if (!name.starts_with("nvme")) return false;
    std::string_view rest = name.substr(4);
    size_t n = rest.find('n');
    return n != std::string_view::npos && all_digits(rest.substr(0, n)) &&
           all_digits(rest.substr(n + 1));
}

}  // namespace

bool is_physical_disk(std::string_view name) {
    if (name.starts_with("mmcblk")) return all_digits(name.substr(6));
    if (name.starts_with("nvme")) return is_nvme_namespace(name);
    if (name.starts_with("xvd")) return all_lower(name.substr(3));
    if (name.starts_with("sd") || name.starts_with("hd") || name.starts_with("vd"))
        return all_lower(name.substr(2));
    return false;
}

void parse_diskstats(std::string_view text, std::vector<DiskSample>& out) {
    out.clear();
    // After the name: reads, reads merged, sectors read, ms reading, writes, writes merged,
    // sectors written, ms writing, I/Os in flight, ms doing I/O (io_ticks), weighted ms.
    std::array<uint64_t, 11> values{};
    while (!text.empty()) {
        FieldScanner fields(next_line(text));
        fields.word();  // major
        fields.word();  // minor
        std::string_view name = fields.word();
        if (!is_physical_disk(name) || !fields.counters(values)) continue;
        DiskSample disk;
        disk.name = std::string(name);
        if (values[2] <= kMaxSectors) disk.read_bytes_total = values[2] * kSectorBytes;
        if (values[6] <= kMaxSectors) disk.written_bytes_total = values[6] * kSectorBytes;
        disk.io_time_ms_total = values[9];
        out.push_back(std::move(disk));
    }
}

}  // namespace edgetop
