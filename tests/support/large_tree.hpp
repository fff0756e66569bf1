// A generated machine with thousands of sensors sharing names, for the tests of what must stay
// linear in the number of sources (discovery, naming, the header, the rules) and of what serve
// answers while its first sample of such a machine is taken.
#pragma once

#include "support/fixture_tree.hpp"

namespace edgetop::testing {

// `each` PWM fans (one "pwmfan" chip each), `each` thermal zones of one type with a passive trip,
// and `each` INA3221 rails (three channels per chip, the same three names on every chip).
void write_large_tree(const FixtureTree& tree, int each);

}  // namespace edgetop::testing
