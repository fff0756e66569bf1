// Where a session goes: a file created (or truncated) before sampling starts, or standard output.
#pragma once

#include <string>

namespace edgetop {

class OutputFile {
  public:
    // "-" is standard output. Throws std::runtime_error("cannot write 'PATH': reason").
    explicit OutputFile(const std::string& path);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    int fd() const { return fd_; }
    // "'out.jsonl'" or "standard output", for messages.
    const std::string& display_name() const { return display_name_; }

  private:
    int fd_ = -1;
    bool owned_ = false;
    std::string display_name_;
};

}  // namespace edgetop
