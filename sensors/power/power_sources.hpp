// The power family's sources, one factory each (the sampler lists them all in
// sensors/sampler/source_list.cpp, in the order it polls them).
#pragma once

#include "sensors/core/source.hpp"

namespace edgetop {

SourcePtr make_power_source();      // INA3221 (hwmon and IIO), RAPL
SourcePtr make_oc_events_source();  // soctherm_oc: over-current and under-voltage throttle counts

}  // namespace edgetop
