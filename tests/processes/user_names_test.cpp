// User names from /etc/passwd files as distributions and admins write them.
#include "sensors/processes/processes_user_names.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace edgetop {
namespace {

// Debian 12's /etc/passwd head, a Jetson's user, and what admins leave in the file.
constexpr const char* kPasswd =
    "root:x:0:0:root:/root:/bin/bash\n"
    "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
    "# a comment line\n"
    "\n"
    "nvidia:x:1000:1000:NVIDIA,,,:/home/nvidia:/bin/bash\n"
    "short:x\n"
    "noname::42:42::/:/bin/sh\n"
    ":x:43:43::/:/bin/sh\n"
    "baduid:x:12ab:1::/:/bin/sh\n"
    "toobig:x:99999999999:1::/:/bin/sh\n"
    "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
    "maxuid:x:4294967294:1::/:/bin/sh\n"
    "root2:x:0:0:second root:/root:/bin/bash\n"
    "+nisuser::::::\n"
    "crlf:x:1001:1001::/home/crlf:/bin/sh\r\n"
    "last:x:1002:1002::/home/last:/bin/sh";

TEST(UserNames, ParsesRealLayoutsAndSkipsWhatNamesNobody) {
    auto names = UserNames::parse(kPasswd);
    EXPECT_EQ(names.at(0), "root");  // the first entry of a uid wins
    EXPECT_EQ(names.at(1), "daemon");
    EXPECT_EQ(names.at(1000), "nvidia");
    EXPECT_EQ(names.at(42), "noname");
    EXPECT_EQ(names.at(65534), "nobody");
    EXPECT_EQ(names.at(4294967294u), "maxuid");
    EXPECT_EQ(names.at(1001), "crlf");
    EXPECT_EQ(names.at(1002), "last");
    EXPECT_EQ(names.count(43), 0u);  // empty name
    EXPECT_EQ(names.size(), 8u);
}

TEST(UserNames, UnknownUidsAndAMissingFileReadAsNumbers) {
    UserNames names("/nonexistent/passwd");
    names.refresh();
    EXPECT_EQ(names.name(0), "0");
    EXPECT_EQ(names.name(4294967294u), "4294967294");
}

TEST(UserNames, ReReadsTheFileWhenItChanges) {
    std::string path = ::testing::TempDir() + "edgetop-passwd-" + std::to_string(getpid());
    std::ofstream(path) << kPasswd;
    UserNames names(path);
    names.refresh();
    EXPECT_EQ(names.name(1000), "nvidia");
    EXPECT_EQ(names.name(2000), "2000");

    std::ofstream(path, std::ios::app) << "\nnew:x:2000:2000::/home/new:/bin/sh\n";
    names.refresh();
    EXPECT_EQ(names.name(2000), "new");

    std::filesystem::remove(path);
    names.refresh();
    EXPECT_EQ(names.name(1000), "1000");
}

TEST(UserNames, ThisMachinesPasswdNamesRoot) {
    UserNames names;
    names.refresh();
    EXPECT_EQ(names.name(0), "root");
}

}  // namespace
}  // namespace edgetop
