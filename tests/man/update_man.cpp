// `make man`: rewrites the generated sections of the man page given as the one argument (COMMANDS
// and OPTIONS from the option tables, RULES from the rule catalog), leaving the rest as written.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "cli/cli_man.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s MAN_PAGE\n", argv[0]);
        return 2;
    }
    const std::filesystem::path path = argv[1];
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "%s: cannot read\n", path.c_str());
        return 1;
    }
    std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto updated = edgetop::cli::with_generated_sections(page);
    if (!updated) {
        std::fprintf(stderr, "%s: lacks a COMMANDS, OPTIONS or RULES section\n", path.c_str());
        return 1;
    }
    if (*updated == page) {
        std::printf("%s: generated sections up to date\n", path.c_str());
        return 0;
    }
    std::filesystem::path temporary = path.string() + ".new";
    std::ofstream(temporary) << *updated;
    std::filesystem::rename(temporary, path);
    std::printf("%s: generated sections rewritten\n", path.c_str());
    return 0;
}
