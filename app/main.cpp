#include <cstdio>

#include "sensors/sampler.hpp"

int main() {
    edgetop::Sampler sampler(edgetop::Root("/"));
    const auto& s = sampler.sample();
    std::printf("cores: %zu\n", s.cpu.cores.size());
    return 0;
}
