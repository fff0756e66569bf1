// edgetop fleet against real serves on fixture boards and against boards that misbehave: each
// row equals what its serve says of itself at the same sample, each down board has its reason,
// and a hanging or flooding board costs the others nothing.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "e2e/edgetop_process.hpp"
#include "e2e/fleet_rows.hpp"
#include "e2e/tmux_session.hpp"
#include "exporter/bcrypt_hash.hpp"
#include "exporter/serve_process.hpp"
#include "exporter/test_certificates.hpp"
#include "support/sample_http_server.hpp"

namespace edgetop::testing::fleet_e2e {

using nlohmann::json;
using ::testing::HasSubstr;
using namespace std::chrono_literals;

// A loopback port nothing listens on: bound, then closed.
int closed_port() {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
    socklen_t size = sizeof address;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
    ::close(fd);
    return ntohs(address.sin_port);
}

std::string url_of(int port) {
    return "http://127.0.0.1:" + std::to_string(port);
}

// The sample with time t in the serve's own history.
json served_sample(ServeProcess& serve, double t) {
    auto history = json::parse(serve.get("/api/v1/samples?since=0")->body);
    for (const auto& sample : history)
        if (sample["t"] == t) return sample;
    return nullptr;
}

// What the row must say, computed here from the served sample.
void expect_row_is_the_sample(const json& row, const json& sample, const json& board) {
    EXPECT_EQ(row["state"], "up");
    EXPECT_EQ(row["power_mw"], sample["power_total_mw"]);
    EXPECT_EQ(row["gpu_load_pct"], sample["gpu"][0]["load"]);
    EXPECT_EQ(row["emc_util_pct"], sample["emc"]["util"]);
    EXPECT_EQ(row["cpu_util_pct"], sample["cpu"]["util"]);
    EXPECT_NEAR(
        row["mem_used_pct"].get<double>(),
        100.0 * sample["mem"]["used_kb"].get<double>() / sample["mem"]["total_kb"].get<double>(),
        0.005);
    json hottest;
    for (const auto& zone : sample["thermal"])
        if (zone["temp_c"].is_number() && (hottest.is_null() || zone["temp_c"] > hottest["temp_c"]))
            hottest = zone;
    EXPECT_EQ(row["hottest"]["zone"], hottest["name"]);
    EXPECT_EQ(row["hottest"]["temp_c"], hottest["temp_c"]);
    EXPECT_EQ(row["model"], board["board"]["model"]);
    EXPECT_EQ(row["power_mode"], board["board"]["power_mode"]["name"]);
    EXPECT_EQ(row["edgetop_version"], board["edgetop_version"]);
}

TEST(FleetCommand, EachRowIsItsServesSampleAndEachBrokenBoardSaysWhy) {
    TempDir dir_orin, dir_nano;
    ServeProcess orin(dir_orin, {"--root", fixture_root("agx-orin"), "--interval", "200"});
    ServeProcess nano(dir_nano, {"--root", fixture_root("nano"), "--interval", "200"});
    ASSERT_NE(orin.port(), 0) << orin.child().log();
    ASSERT_NE(nano.port(), 0) << nano.child().log();
    ASSERT_TRUE(wait_for_first_sample(orin)) << orin.child().log();
    ASSERT_TRUE(wait_for_first_sample(nano)) << nano.child().log();
    SampleHttpServer misbehaving("not json", true);
    SampleHttpServer other_json("{\"status\":\"ok\"}", true);
    if (!misbehaving.started() || !other_json.started())
        GTEST_SKIP() << "python3 could not start the test servers";
    TempDir dir;
    std::ofstream(dir.file("hosts")) << "# the lab\n"
                                     << "orin " << url_of(orin.port()) << " site=lab rack=2\n"
                                     << "nano " << url_of(nano.port()) << " site=gate\n"
                                     << "hangs " << misbehaving.url("/trickle") << "\n"
                                     << "floods " << misbehaving.url("/flood") << "\n"
                                     << "garbage " << misbehaving.url() << "\n"
                                     << "other " << other_json.url() << "\n"
                                     << "stopped " << url_of(closed_port()) << "\n";
    auto started = std::chrono::steady_clock::now();
    auto result =
        run_edgetop({"fleet", "--json", "--timeout", "1", "--hosts-file", dir.file("hosts")});
    auto took = std::chrono::steady_clock::now() - started;
    EXPECT_EQ(result.status, 1) << result.err;  // some boards are down
    EXPECT_EQ(result.err, "");
    auto rows = rows_by_name(result.out);
    ASSERT_EQ(rows.size(), 7u) << result.out;
    // The hanging board took its one second on its own worker, not one per board.
    EXPECT_LT(took, 8s);

    for (auto* serve : {&orin, &nano}) {
        const json& row = rows[serve == &orin ? "orin" : "nano"];
        json sample = served_sample(*serve, row["t"].get<double>());
        ASSERT_FALSE(sample.is_null()) << row;
        expect_row_is_the_sample(row, sample, json::parse(serve->get("/api/v1/board")->body));
    }
    EXPECT_EQ(rows["orin"]["labels"], json::parse(R"({"site":"lab","rack":"2"})"));
    EXPECT_EQ(rows["orin"]["hottest"]["trip_c"], 99);  // the CPU zone's passive trip

    auto reason = [&](const char* name) {
        EXPECT_EQ(rows[name]["state"], "down") << name;
        return rows[name]["reason"].get<std::string>();
    };
    EXPECT_EQ(reason("hangs"), "no complete answer within 1 s");
    EXPECT_EQ(reason("floods"), "answer larger than 4 MiB");
    EXPECT_EQ(reason("garbage"), "/api/v1/sample: not JSON");
    EXPECT_EQ(reason("other"), "/api/v1/sample: not a sample");
    EXPECT_THAT(reason("stopped"), HasSubstr("cannot connect: Connection refused"));

    // The text table: the totals, then one line per board in the file's order.
    auto text = run_edgetop({"fleet", "--timeout", "1", url_of(orin.port()), url_of(nano.port())});
    EXPECT_EQ(text.status, 0) << text.err;
    auto lines = split_lines(text.out);
    ASSERT_EQ(lines.size(), 4u) << text.out;
    EXPECT_THAT(lines[0], HasSubstr("2 boards: 2 up, 0 stale, 0 down;"));
    EXPECT_THAT(lines[2],
                HasSubstr("127.0.0.1:" + std::to_string(orin.port()) + "  up     Jetson AGX Orin"));

    // On a terminal, the fleet page: the same boards read again every 500 ms, narrowed by a
    // filter, a board opened and left, until q.
    if (!tmux_available()) GTEST_SKIP() << "tmux is not installed";
    TmuxSession page(
        {"fleet", "--timeout", "1", "--interval", "500", "--hosts-file", dir.file("hosts")});
    ASSERT_TRUE(page.started());
    page.wait_for_all({"7 boards  2 up  0 stale  5 down", "hangs    down   no complete answer",
                       "floods   down   answer larger than 4 MiB", "orin     up", "nano     up"});
    page.keys("/");
    page.keys("orin", true);
    page.keys("Enter");
    page.wait_until(
        [](const std::string& screen) {
            return screen.find("1 of 7 boards shown (filter: orin)") != std::string::npos &&
                   screen.find("nano") == std::string::npos;
        },
        "the filter to leave orin alone");
    // Enter: the board's own view over its serve, every page; Esc comes back to the page.
    page.keys("Enter");
    page.wait_for_all({kOrinHeader, "1 Overview", "total 6.4 W"});
    page.keys("7");
    page.wait_for("Active flags");
    // r records what the board's view shows, as the live view's r does.
    page.keys("r");
    page.wait_for("edgetop-");  // the proposed, dated name
    std::string erase;
    for (int i = 0; i < 64; ++i)
        erase += " BSpace";
    page.keys(erase);
    page.keys(shell_quote(dir.file("orin.jsonl")), true);
    page.keys("Enter");
    page.wait_for("recording to");
    std::this_thread::sleep_for(1500ms);
    page.keys("r");
    page.wait_until(
        [](const std::string& s) { return s.find("recording to") == std::string::npos; },
        "the recording to stop");
    auto recorded = parse_lines(read_lines(dir.file("orin.jsonl")));
    ASSERT_GE(recorded.size(), 3u);
    EXPECT_EQ(recorded.front()["host"], "orin");
    EXPECT_EQ(recorded.front()["root"], url_of(orin.port()));
    EXPECT_EQ(recorded.front()["board"]["model"], "Jetson AGX Orin");
    EXPECT_EQ(recorded[1]["power_total_mw"], rows["orin"]["power_mw"]);
    EXPECT_EQ(recorded.back()["type"], "end");
    EXPECT_EQ(recorded.back()["reason"], "stopped");
    page.keys("Escape");
    page.wait_for("1 of 7 boards shown (filter: orin)");
    page.keys("q");
    page.wait_for("edgetop exited 0");
}

TEST(FleetCommand, ASecuredServeIsReadWithItsTokenAndRefusedWithout) {
    TempDir dir;
    std::ofstream(dir.file("token")) << "s3cret-token\n";
    std::ofstream(dir.file("wrong")) << "other-token\n";
    ServeProcess serve(dir, {"--root", fixture_root("orin-nano"), "--interval", "200",
                             "--bearer-token-file", dir.file("token")});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    ASSERT_TRUE(wait_for_first_sample(serve, "Authorization: Bearer s3cret-token\r\n"))
        << serve.child().log();
    auto with = run_edgetop(
        {"fleet", "--json", "--bearer-token-file", dir.file("token"), url_of(serve.port())});
    EXPECT_EQ(with.status, 0) << with.err;
    EXPECT_EQ(json::parse(with.out)["state"], "up");
    auto wrong = run_edgetop(
        {"fleet", "--json", "--bearer-token-file", dir.file("wrong"), url_of(serve.port())});
    EXPECT_EQ(wrong.status, 1);
    EXPECT_EQ(json::parse(wrong.out)["reason"], "/api/v1/sample: 401: credentials refused");
}

// A serve over TLS that asks for a client certificate of its CA and a password, as a fleet
// secures it: read with the CA, the certificate and the password; each one missing or wrong is
// the board down with the reason.
TEST(FleetCommand, ATlsServeWithClientCertificatesAndBasicAuthIsReadWithAllThree) {
    if (access("/usr/bin/openssl", X_OK) != 0)
        GTEST_SKIP() << "/usr/bin/openssl is missing (package openssl)";
    TempDir dir;
    auto made = ChildProcess(
                    {"bash", "-c",
                     std::string(kMakeCertificates) + "cd '" + dir.path() + "' && base && clients"})
                    .collect(30s);
    ASSERT_EQ(made.status, 0) << made.err;
    std::ofstream(dir.file("web.yml"))
        << "tls_server_config:\n  cert_file: server.pem\n  key_file: server.key\n"
        << "  client_auth_type: RequireAndVerifyClientCert\n  client_ca_file: ca.pem\n"
        << "basic_auth_users:\n  fleet: " << bcrypt_hash("fleet-pw") << "\n";
    std::ofstream(dir.file("password")) << "fleet-pw\n";
    std::ofstream(dir.file("wrong")) << "not the password\n";
    ServeProcess serve(dir, {"--root", fixture_root("xavier-nx"), "--interval", "200",
                             "--web-config", dir.file("web.yml")});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    std::string url = "https://127.0.0.1:" + std::to_string(serve.port());
    std::vector<std::string> ca{"--ca", dir.file("ca.pem")};
    std::vector<std::string> certificate{"--cert", dir.file("client.pem"), "--key",
                                         dir.file("client.key")};
    auto fleet = [&](std::vector<std::vector<std::string>> parts, const std::string& password) {
        std::vector<std::string> args{"fleet", "--json",          "--user",
                                      "fleet", "--password-file", dir.file(password)};
        for (const auto& part : parts)
            args.insert(args.end(), part.begin(), part.end());
        args.push_back(url);
        auto result = run_edgetop(args);
        EXPECT_EQ(result.err, "");
        return json::parse(result.out);
    };
    // Until its first sample the serve answers 503: "no sample yet".
    auto all = fleet({ca, certificate}, "password");
    for (int i = 0; i < 100 && all["reason"] == "/api/v1/sample: answered 503: no sample yet";
         ++i) {
        std::this_thread::sleep_for(100ms);
        all = fleet({ca, certificate}, "password");
    }
    EXPECT_EQ(all["state"], "up") << all;
    EXPECT_EQ(all["model"], "NVIDIA Jetson Xavier NX Developer Kit");
    EXPECT_EQ(fleet({ca, certificate}, "wrong")["reason"],
              "/api/v1/sample: 401: credentials refused");
    EXPECT_THAT(fleet({certificate}, "password")["reason"].get<std::string>(),
                HasSubstr("certificate verify failed"));
    EXPECT_EQ(fleet({ca}, "password")["state"], "down");  // the handshake needs a certificate
}

TEST(FleetCommand, BadHostsFilesAndFlagsAreOneLineAndExitTwoBeforeAnyBoardIsRead) {
    TempDir dir;
    std::ofstream(dir.file("bad")) << "orin ftp://10.0.0.7\nnano http://10.0.0.8 rack\n";
    std::ofstream(dir.file("empty-token")) << "\n";
    struct Case {
        std::vector<std::string> args;
        std::string err;
    };
    std::vector<Case> cases{
        {{"fleet"},
         "edgetop: fleet: expected at least one HOST (http://HOST:PORT), or "
         "--hosts-file\n"},
        {{"fleet", "--hosts-file", dir.file("missing")},
         "edgetop: --hosts-file " + dir.file("missing") + ": no such file\n"},
        {{"fleet", "--hosts-file", dir.file("bad")},
         "edgetop: fleet: " + dir.file("bad") +
             ":1: ftp://10.0.0.7: expected http(s)://HOST:PORT, unix:PATH, "
             "prometheus+http(s)://HOST:PORT[?match=MATCHERS] or ssh://[USER@]HOST[:PORT]\n"
             "edgetop: fleet: " +
             dir.file("bad") +
             ":2: rack: expected a label KEY=VALUE (KEY of letters, digits and _)\n"
             "edgetop: fleet: no board to read\n"},
        {{"fleet", "--cert", dir.file("bad"), "http://127.0.0.1:9"},
         "edgetop: fleet: --cert and --key go together\n"},
        {{"fleet", "--user", "a:b", "--password-file", dir.file("bad"), "http://127.0.0.1:9"},
         "edgetop: --user: expected a user name without ':' or control characters, got 'a:b'\n"},
        {{"fleet", "--once", "--json", "http://127.0.0.1:9"},
         "edgetop: fleet: --once prints text, --json JSON: one of them\n"},
        {{"fleet", "--bearer-token-file", dir.file("empty-token"), "http://127.0.0.1:9"},
         "edgetop: --bearer-token-file " + dir.file("empty-token") + ": empty\n"},
    };
    for (const auto& c : cases) {
        auto result = run_edgetop(c.args);
        EXPECT_EQ(result.status, 2) << c.args.back();
        EXPECT_EQ(result.err, c.err) << c.args.back();
        EXPECT_EQ(result.out, "") << c.args.back();
    }
}

}  // namespace edgetop::testing::fleet_e2e
