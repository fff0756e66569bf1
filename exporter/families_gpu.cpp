#include "exporter/families.hpp"
#include "exporter/schema_metrics.hpp"

namespace edgetop::exporter {

void append_gpu_families(const FamilyInput& in, Families& out) {
    append_schema_families(in.sample.gpu, out);
    append_schema_families(in.sample.emc ? &*in.sample.emc : nullptr, out);
    append_schema_families(in.sample.engines, out);
}

}  // namespace edgetop::exporter
