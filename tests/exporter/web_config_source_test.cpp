// The web configuration file: refused at start when it cannot be read as one, read again when it
// changes, and kept as it was when the change does not read.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "exporter/web_config_source.hpp"
#include "tests/exporter/bcrypt_hash.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/unprivileged.hpp"

namespace edgetop::testing::web_config_source {
namespace {

using exporter::WebConfigSource;

// Written beside and renamed over, as an editor or a configuration manager replaces a file.
void replace(const std::string& path, const std::string& text) {
    std::ofstream(path + ".new") << text;
    std::filesystem::rename(path + ".new", path);
}

std::string open_error(const std::string& path) {
    try {
        WebConfigSource source(path);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

TEST(WebConfigSource, FilesThatCannotBeReadAreRefusedByName) {
    TempDir dir;
    std::string fifo = dir.file("fifo.yml");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_EQ(open_error(fifo), "--web-config " + fifo + ": not a regular file");
    EXPECT_EQ(open_error(dir.file("none.yml")),
              "--web-config " + dir.file("none.yml") + ": no such file");
    EXPECT_EQ(open_error(dir.path()), "--web-config " + dir.path() + ": not a regular file");
    std::string large = dir.file("large.yml");
    std::ofstream(large) << "# " << std::string(exporter::kMaxWebConfigBytes, 'x') << "\n";
    EXPECT_EQ(open_error(large), "--web-config " + large + ": larger than 1048576 bytes");
    std::string bad = dir.file("bad.yml");
    std::ofstream(bad) << "basic_auth_users:\n  alice: plain\n";
    EXPECT_EQ(open_error(bad), "--web-config " + bad +
                                   ": line 2: basic_auth_users.alice: not a bcrypt hash ($2y$, "
                                   "$2b$ or $2a$, as htpasswd -B makes)");

    std::string secret = dir.file("secret.yml");
    std::ofstream(secret) << "basic_auth_users: {}\n";
    std::filesystem::permissions(secret, std::filesystem::perms::owner_read);
    auto unreadable = run_unprivileged(dir.path(), [&] { return open_error(secret); });
    if (!unreadable) GTEST_SKIP() << "no unprivileged user to switch to";
    EXPECT_EQ(*unreadable, "--web-config " + secret + ": permission denied");
}

TEST(WebConfigSource, RelativeNamesAreResolvedAgainstTheFilesFolder) {
    TempDir dir;
    std::filesystem::create_directory(dir.file("conf"));
    std::ofstream(dir.file("conf/web.yml"))
        << "tls_server_config:\n  cert_file: tls/server.crt\n  key_file: /keys/server.key\n";
    auto cwd = std::filesystem::current_path();
    std::filesystem::current_path(dir.path());
    std::optional<WebConfigSource> source;
    source.emplace("conf/web.yml");  // relative to the working directory
    std::filesystem::current_path(cwd);
    auto config = source->current();
    ASSERT_TRUE(config->tls);
    EXPECT_EQ(config->tls->cert_file, dir.file("conf/tls/server.crt"));
    EXPECT_EQ(config->tls->key_file, "/keys/server.key");
    // Read again from where it is, whatever the working directory now is.
    replace(dir.file("conf/web.yml"), "tls_server_config:\n  cert_file: new.crt\n  key_file: k\n");
    EXPECT_EQ(source->current()->tls->cert_file, dir.file("conf/new.crt"));
}

TEST(WebConfigSource, AChangedFileIsReadAgainAndABadChangeKeepsThePrevious) {
    TempDir dir;
    std::string path = dir.file("web.yml");
    std::string alice = bcrypt_hash("a");
    std::ofstream(path) << "basic_auth_users:\n  alice: " << alice << "\n";
    WebConfigSource source(path);
    auto first = source.current();
    EXPECT_EQ(first->basic_auth_users.count("alice"), 1u);
    EXPECT_EQ(source.current(), first) << "unchanged: the same configuration, not read again";

    std::string bob = bcrypt_hash("b");
    replace(path, "basic_auth_users:\n  bob: " + bob + "\n");
    auto second = source.current();
    EXPECT_EQ(second->basic_auth_users, (std::map<std::string, std::string>{{"bob", bob}}));

    // Rewritten in place (same inode), with a key it refuses: the previous one stays.
    std::ofstream(path, std::ios::trunc)
        << "basic_auth_users:\n  bob: " << bob << "\nrate_limit: {interval: 1s}\n";
    EXPECT_EQ(source.current(), second);
    std::filesystem::remove(path);
    EXPECT_EQ(source.current(), second) << "a removed file keeps the last configuration";
    replace(path, "");
    EXPECT_TRUE(source.current()->basic_auth_users.empty()) << "back, and read again";
}

}  // namespace
}  // namespace edgetop::testing::web_config_source
