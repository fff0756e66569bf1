#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include "sensors/processes/processes_status.hpp"

namespace edgetop {
namespace {

// The tail of /proc/<pid>/status of a Python inference process on a 6-core Orin Nano (kernel
// 5.15, JetPack 6): the layout the kernel has printed since 2.6.23.
constexpr const char* kStatus =
    "Name:\tpython3\n"
    "Umask:\t0022\n"
    "State:\tS (sleeping)\n"
    "Tgid:\t4711\n"
    "Pid:\t4711\n"
    "PPid:\t4650\n"
    "Uid:\t1000\t1000\t1000\t1000\n"
    "Gid:\t1000\t1000\t1000\t1000\n"
    "Groups:\t4 20 24 27 29 30 44 46 104 114 999 1000 \n"
    "VmRSS:\t  812344 kB\n"
    "Threads:\t27\n"
    "Cpus_allowed_list:\t0-5\n"
    "Mems_allowed_list:\t0\n"
    "voluntary_ctxt_switches:\t184467\n"
    "nonvoluntary_ctxt_switches:\t9132\n";

TEST(ParseCtxtSwitches, ReadsBothCounters) {
    auto ctxt = parse_ctxt_switches(kStatus);
    ASSERT_TRUE(ctxt);
    EXPECT_EQ(ctxt->voluntary, 184467u);
    EXPECT_EQ(ctxt->nonvoluntary, 9132u);
}

TEST(ParseStatus, ResidentMemoryInKilobytes) {
    auto fields = parse_status(kStatus);
    ASSERT_TRUE(fields);
    EXPECT_EQ(fields->vm_rss_kb, 812344);
    EXPECT_EQ(fields->ctxt.voluntary, 184467u);
}

TEST(ParseStatus, KernelThreadHasNoResidentMemory) {
    auto fields = parse_status(
        "Name:\tkworker/0:1\nState:\tI (idle)\nThreads:\t1\n"
        "voluntary_ctxt_switches:\t40213\nnonvoluntary_ctxt_switches:\t2\n");
    ASSERT_TRUE(fields);
    EXPECT_FALSE(fields->vm_rss_kb);
}

TEST(ParseStatus, GarbageResidentMemoryIsAbsent) {
    constexpr const char* kCtxt = "voluntary_ctxt_switches:\t1\nnonvoluntary_ctxt_switches:\t2\n";
    EXPECT_FALSE(parse_status(std::string("VmRSS:\t  12 MB\n") + kCtxt)->vm_rss_kb);
    EXPECT_FALSE(parse_status(std::string("VmRSS:\t  -12 kB\n") + kCtxt)->vm_rss_kb);
    EXPECT_FALSE(parse_status(std::string("VmRSS:\t kB\n") + kCtxt)->vm_rss_kb);
    EXPECT_FALSE(parse_status("VmRSS:\t  12 kB\n"));  // no context switches: nothing
}

TEST(ParseCtxtSwitches, WithoutTrailingNewlineOrWithCarriageReturn) {
    auto ctxt = parse_ctxt_switches("voluntary_ctxt_switches:\t5\nnonvoluntary_ctxt_switches:\t7");
    ASSERT_TRUE(ctxt);
    EXPECT_EQ(ctxt->voluntary, 5u);
    EXPECT_EQ(ctxt->nonvoluntary, 7u);
    ctxt = parse_ctxt_switches("voluntary_ctxt_switches: 5\r\nnonvoluntary_ctxt_switches: 7\r\n");
    ASSERT_TRUE(ctxt);
    EXPECT_EQ(ctxt->nonvoluntary, 7u);
}

TEST(ParseCtxtSwitches, LargestCounterFits) {
    auto ctxt = parse_ctxt_switches(
        "voluntary_ctxt_switches:\t18446744073709551615\nnonvoluntary_ctxt_switches:\t0\n");
    ASSERT_TRUE(ctxt);
    EXPECT_EQ(ctxt->voluntary, 18446744073709551615u);
}

TEST(ParseCtxtSwitches, BadInputIsAbsent) {
    EXPECT_FALSE(parse_ctxt_switches(""));
    EXPECT_FALSE(parse_ctxt_switches("\0\0\0"));
    EXPECT_FALSE(parse_ctxt_switches("Name:\tkworker/0:1\nState:\tI (idle)\n"));
    // Only one of the two lines (a truncated read).
    EXPECT_FALSE(parse_ctxt_switches("voluntary_ctxt_switches:\t12\n"));
    EXPECT_FALSE(parse_ctxt_switches("nonvoluntary_ctxt_switches:\t12\n"));
    EXPECT_FALSE(parse_ctxt_switches(
        "voluntary_ctxt_switches:\t-3\nnonvoluntary_ctxt_switches:\t1\n"));  // negative
    EXPECT_FALSE(parse_ctxt_switches(
        "voluntary_ctxt_switches:\t18446744073709551616\nnonvoluntary_ctxt_switches:\t1\n"));
    EXPECT_FALSE(parse_ctxt_switches(
        "voluntary_ctxt_switches:\t12abc\nnonvoluntary_ctxt_switches:\t1\n"));  // garbage
    EXPECT_FALSE(parse_ctxt_switches(
        "voluntary_ctxt_switches:\t\nnonvoluntary_ctxt_switches:\t1\n"));  // empty value
}

TEST(ParseCtxtSwitches, KeyMustMatchWholeName) {
    // A longer key that merely starts with the name is another field.
    EXPECT_FALSE(
        parse_ctxt_switches("voluntary_ctxt_switches_x:\t1\nnonvoluntary_ctxt_switches:\t1\n"));
}

TEST(StatusReader, ReadsOwnProcess) {
    StatusReader reader;
    auto first = reader.read(getpid());
    ASSERT_TRUE(first);
    usleep(2000);  // sleeping is a voluntary switch
    auto second = reader.read(getpid());
    ASSERT_TRUE(second);
    EXPECT_GT(second->ctxt.voluntary, first->ctxt.voluntary);
}

TEST(StatusReader, VanishedProcessIsAbsent) {
    pid_t child = fork();
    if (child == 0) _exit(0);
    ASSERT_GT(child, 0);
    ASSERT_EQ(waitpid(child, nullptr, 0), child);
    StatusReader reader;
    EXPECT_FALSE(reader.read(child));
    EXPECT_FALSE(reader.read(-1));
    EXPECT_FALSE(reader.read(0));
}

}  // namespace
}  // namespace edgetop
