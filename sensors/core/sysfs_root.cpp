#include "sensors/core/sysfs_root.hpp"

#include <glob.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include "sensors/core/privilege.hpp"
#include "sensors/core/source_layout.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop {

Root::Root(std::string prefix) : prefix_(std::move(prefix)) {
    while (!prefix_.empty() && prefix_.back() == '/')
        prefix_.pop_back();
}

std::string Root::path(std::string_view machine_path) const {
    std::string real = prefix_ + std::string(machine_path);
    if (layout_) layout_->add_path(real);
    return real;
}

Root Root::recording_into(SourceLayout& layout) const {
    Root copy = *this;
    copy.layout_ = &layout;
    return copy;
}

std::string Root::machine_path(std::string_view real_path) const {
    if (!prefix_.empty() && real_path.starts_with(prefix_))
        return std::string(real_path.substr(prefix_.size()));
    return std::string(real_path);
}

std::vector<std::string> Root::glob(std::string_view machine_pattern) const {
    std::vector<std::string> out;
    glob_t g{};
    std::string pattern = prefix_ + std::string(machine_pattern);
    // Root-only directories on the live tree (debugfs) are listed with the read capability where
    // edgetop holds one (privilege.hpp); only names under /sys and /proc are seen through it.
    std::optional<ReadCapabilityScope> capability;
    if (is_live() && is_live_sensor_path(pattern.c_str())) capability.emplace();
    int found = ::glob(pattern.c_str(), 0, nullptr, &g);
    capability.reset();
    if (found == 0) {
        for (size_t i = 0; i < g.gl_pathc; ++i)
            out.push_back(machine_path(g.gl_pathv[i]));
    }
    globfree(&g);
    std::sort(out.begin(), out.end(), natural_less);
    if (layout_) layout_->add_glob(std::string(machine_pattern), out);
    return out;
}

bool natural_less(std::string_view a, std::string_view b) {
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (ascii::is_digit(a[i]) && ascii::is_digit(b[j])) {
            size_t ie = i, je = j;
            while (ie < a.size() && ascii::is_digit(a[ie]))
                ++ie;
            while (je < b.size() && ascii::is_digit(b[je]))
                ++je;
            std::string_view na = a.substr(i, ie - i), nb = b.substr(j, je - j);
            while (na.size() > 1 && na.front() == '0')
                na.remove_prefix(1);
            while (nb.size() > 1 && nb.front() == '0')
                nb.remove_prefix(1);
            if (na.size() != nb.size()) return na.size() < nb.size();
            if (na != nb) return na < nb;
            i = ie;
            j = je;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

}  // namespace edgetop
