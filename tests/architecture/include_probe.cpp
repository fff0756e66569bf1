// Compiled by ctest (architecture.*_include, CMakeLists.txt) with the include path of the
// tegrastats library: with EDGETOP_PROBE_ALLOWED it includes a header of a library that library
// may use and compiles; with EDGETOP_PROBE_FORBIDDEN, a CPU reader's header, which
// cmake/libraries.txt forbids and the include path does not hold.
#ifdef EDGETOP_PROBE_ALLOWED
#include "sensors/power/power_total.hpp"
#endif
#ifdef EDGETOP_PROBE_FORBIDDEN
#include "sensors/cpu/cpu_list.hpp"
#endif
