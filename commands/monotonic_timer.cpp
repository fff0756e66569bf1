#include "commands/monotonic_timer.hpp"

#include <sys/timerfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

namespace edgetop {

MonotonicTimer::MonotonicTimer() {
    fd_ = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
    if (fd_ < 0) throw std::runtime_error(std::string("timerfd_create: ") + std::strerror(errno));
}

MonotonicTimer::~MonotonicTimer() {
    ::close(fd_);
}

void MonotonicTimer::arm_at(std::chrono::steady_clock::time_point deadline) {
    using namespace std::chrono;
    auto ns = duration_cast<nanoseconds>(deadline.time_since_epoch()).count();
    if (ns <= 0) ns = 1;  // zero would disarm the timer
    itimerspec spec{};
    spec.it_value.tv_sec = static_cast<time_t>(ns / 1'000'000'000);
    spec.it_value.tv_nsec = static_cast<long>(ns % 1'000'000'000);
    if (timerfd_settime(fd_, TFD_TIMER_ABSTIME, &spec, nullptr) != 0)
        throw std::runtime_error(std::string("timerfd_settime: ") + std::strerror(errno));
}

bool MonotonicTimer::consume() {
    uint64_t expirations = 0;
    ssize_t n = ::read(fd_, &expirations, sizeof expirations);
    return n == static_cast<ssize_t>(sizeof expirations) && expirations > 0;
}

}  // namespace edgetop
