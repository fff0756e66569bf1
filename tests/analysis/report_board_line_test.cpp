// The board line of a report: L4T and JetPack as the board gave them, "JetPack unknown" for an
// L4T that neither the nvidia-jetpack package nor the table names.
#include <gtest/gtest.h>

#include "report/report_text.hpp"
#include "text/text_software.hpp"

namespace edgetop::testing::report_board_line {
namespace {

Board jetson(std::optional<std::string> l4t, std::optional<std::string> jetpack) {
    Board board;
    board.model = "NVIDIA Jetson AGX Thor Developer Kit";
    board.soc = "tegra264";
    board.l4t = std::move(l4t);
    board.jetpack = std::move(jetpack);
    return board;
}

TEST(ReportBoardLine, JetPackKnownUnknownOrNotAJetson) {
    EXPECT_EQ(board_line(jetson("39.2.1", "7.2.1")),
              "NVIDIA Jetson AGX Thor Developer Kit (tegra264), L4T 39.2.1, JetPack 7.2.1");
    EXPECT_EQ(board_line(jetson("39.3.0", std::nullopt)),
              "NVIDIA Jetson AGX Thor Developer Kit (tegra264), L4T 39.3.0, JetPack unknown");
    Board pc;
    pc.model = "Dell Inc. OptiPlex 7070";
    EXPECT_EQ(board_line(pc), "Dell Inc. OptiPlex 7070");
}

TEST(ReportBoardLine, InfoRowsSayUnknownBesideAnL4t) {
    SoftwareInfo software;
    software.l4t = "39.3.0";
    EXPECT_EQ(text::software_rows(software)[1], (text::LabelledValue{"JetPack", "unknown"}));
    EXPECT_EQ(text::software_rows(SoftwareInfo{})[1], (text::LabelledValue{"JetPack", "n/a"}));
}

}  // namespace
}  // namespace edgetop::testing::report_board_line
