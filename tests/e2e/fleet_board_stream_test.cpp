// The board view's feed (Enter on the fleet page) over a real serve's /api/v1/stream, through a
// loopback proxy that cuts the first stream after a second: the view gets each of the board's
// samples once, in order, equal in t to the serve's own history (the ones taken while the stream
// was down read back from /api/v1/samples), and the board's raised flags.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands/remote_feed.hpp"
#include "e2e/edgetop_process.hpp"
#include "exporter/serve_process.hpp"
#include "fleet/fleet_hosts.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// argv: the serve's port, seconds after which the first stream is cut. Prints its own port, then
// "cut" when it has cut the first stream.
constexpr const char* kCuttingProxy = R"py(
import socket, sys, threading
upstream, cut_after = int(sys.argv[1]), float(sys.argv[2])
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print(listener.getsockname()[1], flush=True)
streams = []

def close(*sockets):
    for s in sockets:
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

def pipe(source, sink):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            sink.sendall(data)
    except OSError:
        pass
    close(source, sink)

def handle(client):
    up = socket.create_connection(("127.0.0.1", upstream))
    request = b""
    while b"\r\n\r\n" not in request:
        data = client.recv(65536)
        if not data:
            return close(client, up)
        request += data
    up.sendall(request)
    if b" /api/v1/stream " in request:
        streams.append(client)
        if len(streams) == 1:
            def cut():
                close(client, up)
                print("cut", flush=True)
            threading.Timer(cut_after, cut).start()
    threading.Thread(target=pipe, args=(client, up), daemon=True).start()
    pipe(up, client)

while True:
    connection, _ = listener.accept()
    threading.Thread(target=handle, args=(connection,), daemon=True).start()
)py";

std::vector<std::string> flag_ids(const std::vector<tui::FlagDetail>& flags) {
    std::vector<std::string> ids;
    for (const auto& flag : flags)
        ids.push_back(flag.id);
    return ids;
}

TEST(FleetBoardStream, EverySampleOnceInOrderAcrossABrokenStreamWithTheBoardsFlags) {
    if (::access("/usr/bin/python3", X_OK) != 0)
        GTEST_SKIP() << "/usr/bin/python3 is not installed (scripts/install-deps.sh test): the "
                        "proxy that cuts the stream is a Python script";
    TempDir dir;
    ServeProcess serve(dir, {"--root", fixture_root("agx-orin"), "--interval", "100"});
    ASSERT_GT(serve.port(), 0) << serve.child().log();
    ChildProcess proxy(
        {"/usr/bin/python3", "-c", kCuttingProxy, std::to_string(serve.port()), "1.0"},
        {.log_path = dir.file("proxy.log")});
    auto port = proxy.wait_for_log(std::regex(R"(^(\d+)\n)"), 10s);
    ASSERT_TRUE(port) << proxy.log();

    fleet::HostList list;
    fleet::add_url(list, "http://127.0.0.1:" + *port);
    ASSERT_EQ(list.hosts.size(), 1u);
    fleet::FetchOptions options;
    options.limits.total = 5s;
    std::vector<double> taken;
    std::vector<std::string> shown_flags;
    {
        RemoteFeed feed(list.hosts[0], options);
        auto board = json::parse(serve.get("/api/v1/board")->body);
        EXPECT_EQ(feed.board().model.value_or(""), board["board"]["model"].get<std::string>());
        // As the view takes them: at each of its ticks, what arrived since the last one.
        auto until = std::chrono::steady_clock::now() + 30s;
        while (taken.size() < 40 && std::chrono::steady_clock::now() < until) {
            for (auto n = feed.ready(); n > 0; --n)
                taken.push_back(feed.next()->t_s);
            std::this_thread::sleep_for(250ms);
        }
        EXPECT_TRUE(feed.streaming());
        shown_flags = flag_ids(feed.flag_details());
    }
    ASSERT_GE(taken.size(), 40u) << proxy.log();
    EXPECT_TRUE(proxy.wait_for_log(std::regex("(cut)"), 1s)) << proxy.log();

    auto history = json::parse(serve.get("/api/v1/samples?since=0")->body);
    std::vector<double> served;
    for (const auto& line : history)
        if (line["t"].get<double>() >= taken.front() && line["t"].get<double>() <= taken.back())
            served.push_back(line["t"].get<double>());
    EXPECT_EQ(taken, served);

    std::vector<std::string> raised;
    for (const auto& event : json::parse(serve.get("/api/v1/flags")->body))
        raised.push_back(event["flag"].get<std::string>());
    EXPECT_EQ(std::set<std::string>(shown_flags.begin(), shown_flags.end()),
              std::set<std::string>(raised.begin(), raised.end()));
}

}  // namespace
}  // namespace edgetop::testing
