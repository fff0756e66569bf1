// Where a session goes: a file created (or truncated) before sampling starts, or standard output.
// Every file edgetop writes is opened here (or by write_file_replacing, which shares the rules):
// a symbolic link at the name is never followed to a file, so a link planted where an output
// will be written cannot make edgetop clobber the file it points at; new files get 0666 less the
// umask.
#pragma once

#include <stdexcept>
#include <string>

namespace edgetop {

// "cannot write 'PATH': reason"; reason() alone for messages that name the path already.
class OutputError : public std::runtime_error {
  public:
    OutputError(const std::string& path, const std::string& reason);
    const std::string& reason() const { return reason_; }

  private:
    std::string reason_;
};

enum class OutputOpen {
    truncate,    // an existing file is emptied and written over
    create_new,  // the file must not exist yet (a part that continues a set after a restart)
};

class OutputFile {
  public:
    // "-" is standard output. Throws OutputError.
    explicit OutputFile(const std::string& path, OutputOpen how = OutputOpen::truncate);
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

// Opens path for writing with the rules above and returns the descriptor (close-on-exec).
// A symbolic link is followed only to something that is not a regular file (/dev/stdout, a
// pipe): those are written in place. Throws OutputError.
int open_output(const std::string& path, OutputOpen how);

// Before the work that makes an output: throws as open_output would for a symbolic link at path
// that it would refuse. Creates nothing.
void check_output_path(const std::string& path);

}  // namespace edgetop
