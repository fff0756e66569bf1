#include "exporter/families.hpp"
#include "exporter/schema_metrics.hpp"

namespace edgetop::exporter {

void append_thermal_families(const FamilyInput& in, Families& out) {
    append_schema_families(in.sample.thermal, out);
    append_schema_families(in.sample.fans, out);
    append_schema_families(in.sample.cooling, out);
}

}  // namespace edgetop::exporter
