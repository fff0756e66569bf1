// The thermal family's sources, one factory each (the sampler lists them all in
// sensors/sampler/source_list.cpp, in the order it polls them).
#pragma once

#include "sensors/core/source.hpp"

namespace edgetop {

SourcePtr make_thermal_source();  // thermal zones and hwmon temperatures
SourcePtr make_fan_source();      // PWM fans and tachometers
SourcePtr make_cooling_source();  // thermal cooling devices: state and max state

}  // namespace edgetop
