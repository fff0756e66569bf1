#include "tui/locale_fallback.hpp"

#include <clocale>
#include <cstdlib>
#include <string>

#include "tui/terminal.hpp"

#ifdef EDGETOP_UTF8_CTYPE_GZ
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <vector>

// glibc's C.UTF-8 LC_CTYPE file, made with localedef at build time and gzipped
// (cmake/Static.cmake). glibc loads a locale only from files, so the table goes back into a file
// when it is needed.
// The labels are global: aarch64 code reached local ones at the wrong place.
__asm__(
    ".section .rodata\n"
    ".global edgetop_utf8_ctype_gz\n"
    ".global edgetop_utf8_ctype_gz_end\n"
    ".balign 16\n"
    "edgetop_utf8_ctype_gz:\n"
    ".incbin \"" EDGETOP_UTF8_CTYPE_GZ
    "\"\n"
    "edgetop_utf8_ctype_gz_end:\n"
    ".previous\n");
extern "C" const unsigned char edgetop_utf8_ctype_gz[];
extern "C" const unsigned char edgetop_utf8_ctype_gz_end[];
#endif

namespace edgetop::tui {

bool environment_wants_utf8(const char* lc_all, const char* lc_ctype, const char* lang) {
    const char* name = nullptr;
    for (const char* candidate : {lc_all, lc_ctype, lang})
        if (candidate && *candidate) {
            name = candidate;
            break;
        }
    if (!name) return false;
    std::string locale = name;
    auto dot = locale.find('.');
    if (dot == std::string::npos) return false;
    std::string codeset = locale.substr(dot + 1, locale.find('@', dot) - dot - 1);
    return is_utf8_codeset(codeset.c_str());
}

#ifndef EDGETOP_UTF8_CTYPE_GZ

bool load_builtin_utf8_ctype() {
    return false;
}

#else

namespace {

std::vector<unsigned char> inflate_gzip(const unsigned char* data, size_t size) {
    std::vector<unsigned char> out;
    z_stream stream{};
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) return out;
    stream.next_in = const_cast<unsigned char*>(data);
    stream.avail_in = static_cast<uInt>(size);
    unsigned char buffer[65536];
    int status = Z_OK;
    while (status == Z_OK) {
        stream.next_out = buffer;
        stream.avail_out = sizeof buffer;
        status = inflate(&stream, Z_NO_FLUSH);
        out.insert(out.end(), buffer, buffer + (sizeof buffer - stream.avail_out));
    }
    inflateEnd(&stream);
    if (status != Z_STREAM_END) out.clear();
    return out;
}

bool write_file(const std::string& path, const std::vector<unsigned char>& bytes) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return false;
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n <= 0) break;
        done += static_cast<size_t>(n);
    }
    return ::close(fd) == 0 && done == bytes.size();
}

}  // namespace

// The table is written to a private temporary directory, loaded through LOCPATH (which glibc
// searches before its own locale directory) and deleted at once: glibc keeps its own mapping
// of the file. With no writable place at all the view stays ASCII.
bool load_builtin_utf8_ctype() {
    auto table = inflate_gzip(edgetop_utf8_ctype_gz, static_cast<size_t>(edgetop_utf8_ctype_gz_end -
                                                                         edgetop_utf8_ctype_gz));
    if (table.empty()) return false;
    // Any place a private directory can be made: where TMPDIR says, or the usual ones.
    std::string dir;
    const char* tmpdir = std::getenv("TMPDIR");
    for (const char* base : {tmpdir, "/tmp", "/dev/shm", "/var/tmp"}) {
        if (!base || !*base) continue;
        dir = std::string(base) + "/edgetop-locale-XXXXXX";
        if (mkdtemp(dir.data())) break;
        dir.clear();
    }
    if (dir.empty()) return false;
    std::string locale_dir = dir + "/C.UTF-8";
    bool loaded = false;
    if (mkdir(locale_dir.c_str(), 0700) == 0 && write_file(locale_dir + "/LC_CTYPE", table)) {
        const char* previous = std::getenv("LOCPATH");
        std::string saved = previous ? previous : "";
        setenv("LOCPATH", dir.c_str(), 1);
        loaded = std::setlocale(LC_CTYPE, "C.UTF-8") != nullptr;
        if (previous)
            setenv("LOCPATH", saved.c_str(), 1);
        else
            unsetenv("LOCPATH");
    }
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
    return loaded;
}

#endif

bool set_ctype_from_environment() {
    if (std::setlocale(LC_CTYPE, "")) return true;
    if (!environment_wants_utf8(std::getenv("LC_ALL"), std::getenv("LC_CTYPE"),
                                std::getenv("LANG")))
        return false;
    return load_builtin_utf8_ctype();
}

}  // namespace edgetop::tui
