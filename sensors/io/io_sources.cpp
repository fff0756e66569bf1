// The disk (/proc/diskstats) and network (/proc/net/dev) sources: each opens its one procfs table
// once and re-reads it whole on every poll, so a disk or an interface that appears or vanishes
// between polls simply is or is not in the next sample.
#include "sensors/io/io_sources.hpp"
#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/io/io_diskstats.hpp"
#include "sensors/io/io_net_dev.hpp"

namespace edgetop {
namespace {

// Hundreds of loop devices or container interfaces make these tables long; beyond this the last
// whole lines are dropped rather than the table refused.
constexpr size_t kMaxTableBytes = 256 * 1024;

struct DiskTable {
    static constexpr const char* kName = "disk";
    static constexpr const char* kStatus = "disk.diskstats";
    static constexpr const char* kPath = "/proc/diskstats";
    static void parse(std::string_view text, Sample& sample) {
        parse_diskstats(text, sample.disks);
    }
};

struct NetTable {
    static constexpr const char* kName = "net";
    static constexpr const char* kStatus = "net.dev";
    static constexpr const char* kPath = "/proc/net/dev";
    static void parse(std::string_view text, Sample& sample) { parse_net_dev(text, sample.net); }
};

template <class Table>
class ProcTableSource : public Source {
  public:
    std::string name() const override { return Table::kName; }

    bool discover(const Root& root) override {
        file_ = SysFile(root.path(Table::kPath));
        return file_.is_open();
    }

    void poll(Sample& sample) override {
        if (auto text = file_.read_lines(kMaxTableBytes)) Table::parse(*text, sample);
    }

    std::vector<SourceStatus> status() const override {
        return {file_status(Table::kStatus, Table::kPath, file_)};
    }

  private:
    SysFile file_;
};

}  // namespace

SourcePtr make_disk_source() {
    return std::make_unique<ProcTableSource<DiskTable>>();
}

SourcePtr make_net_source() {
    return std::make_unique<ProcTableSource<NetTable>>();
}

}  // namespace edgetop
