// Forked child processes for the live tests of the process table.
#pragma once

#include <fstream>
#include <string>

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>

namespace edgetop::testing {

// A forked child running `body`; killed and reaped when the object goes. The body calls
// ready(fd) once it is in the state the test looks at.
class Child {
  public:
    Child(const char* name, std::function<void(int ready_fd)> body) {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) return;
        pid_ = fork();
        if (pid_ == 0) {
            close(fds[0]);
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            prctl(PR_SET_NAME, name);
            body(fds[1]);
            _exit(0);
        }
        close(fds[1]);
        ready_fd_ = fds[0];
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;
    ~Child() {
        stop();
        if (ready_fd_ >= 0) close(ready_fd_);
    }
    int pid() const { return pid_; }
    bool wait_ready() const {
        char byte;
        return pid_ > 0 && read(ready_fd_, &byte, 1) == 1;
    }
    // Ready and then asleep in the kernel ('S' in /proc/PID/stat): a child that has just said it is
    // ready is still running on its way to pause() for a moment. False after 2 s.
    bool wait_asleep() const {
        if (!wait_ready()) return false;
        for (int tries = 0; tries < 200; ++tries) {
            std::ifstream stat("/proc/" + std::to_string(pid_) + "/stat");
            std::string line;
            std::getline(stat, line);
            size_t paren = line.rfind(')');
            if (paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] == 'S')
                return true;
            usleep(10000);
        }
        return false;
    }
    // Kills the child without reaping it: it stays a zombie until stop().
    void kill_only() const {
        if (pid_ > 0) kill(pid_, SIGKILL);
    }
    void stop() {
        if (pid_ <= 0) return;
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }

  private:
    pid_t pid_ = -1;
    int ready_fd_ = -1;
};

inline void ready(int fd) {
    char byte = 1;
    if (write(fd, &byte, 1) != 1) _exit(1);
}

[[noreturn]] inline void idle(int fd) {
    ready(fd);
    while (true)
        pause();
}

}  // namespace edgetop::testing
