#include "exporter/families.hpp"
#include "exporter/schema_metrics.hpp"

namespace edgetop::exporter {

void append_memory_families(const FamilyInput& in, Families& out) {
    append_schema_families(&in.sample.mem, out);
}

}  // namespace edgetop::exporter
