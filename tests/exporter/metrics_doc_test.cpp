// The table under "## Metrics" in docs/metrics.md against the families serve builds: every family
// in exactly one row, in the order they are served, with its type and its labels (as the fixture
// boards' series carry them). A row may name several families of the same type and labels. A
// failure names each missing, extra or wrong row and prints the table as it should be.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "exporter/families.hpp"
#include "fixture_families.hpp"

namespace edgetop::exporter {
namespace {

struct Row {
    std::vector<std::string> names;
    std::string type;    // the type column's first word
    std::string labels;  // "`cpu`, `mode`", or empty
    std::string meaning;
    std::string text;
};

std::string trim(const std::string& text) {
    size_t first = text.find_first_not_of(' ');
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

std::vector<std::string> split_cells(const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    for (size_t i = 1; i < line.size(); ++i) {
        if (line[i] == '|') {
            cells.push_back(trim(cell));
            cell.clear();
        } else {
            cell += line[i];
        }
    }
    return cells;
}

// "`a`, `b`" as {"a", "b"}.
std::vector<std::string> code_spans(const std::string& cell) {
    std::vector<std::string> spans;
    for (size_t open = cell.find('`'); open != std::string::npos;) {
        size_t close = cell.find('`', open + 1);
        if (close == std::string::npos) break;
        spans.push_back(cell.substr(open + 1, close - open - 1));
        open = cell.find('`', close + 1);
    }
    return spans;
}

// The rows of the first table after "## Metrics" (each row starts with "| `").
std::vector<Row> documented_rows(const std::string& path) {
    std::ifstream in(path);
    std::vector<Row> rows;
    bool in_section = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("## ", 0) == 0) {
            if (in_section) break;
            in_section = line == "## Metrics";
            continue;
        }
        if (!in_section || line.rfind("| `", 0) != 0) continue;
        std::vector<std::string> cells = split_cells(line);
        cells.resize(4);
        Row row;
        row.names = code_spans(cells[0]);
        row.type = cells[1].substr(0, cells[1].find(' '));
        row.labels = cells[2];
        row.meaning = cells[3];
        row.text = line;
        rows.push_back(row);
    }
    return rows;
}

std::string type_text(MetricType type) {
    switch (type) {
        case MetricType::Counter:
            return "counter";
        case MetricType::Gauge:
            return "gauge";
        case MetricType::Untyped:
            return "untyped";
    }
    return "";
}

struct Expected {
    std::string name;
    std::string type;
    std::string labels;  // empty also when no fixture board has a series of it
    bool labels_known = false;
    std::string help;
};

// Every family in the order served, with the label names of its series on the fixture boards.
std::vector<Expected> expected_families() {
    Board board;
    Sample sample;
    std::vector<FlagCounter> flags;
    analysis::SessionEnergy energy;
    std::vector<Expected> expected;
    for (const auto& family : build_all_families({board, sample, flags, energy}))
        expected.push_back({family.name, type_text(family.type), "", false, family.help});
    for (const char* fixture :
         {"agx-orin", "agx-xavier", "nano", "orin-nano", "thor", "tx2", "x86-pc", "xavier-nx"}) {
        for (const auto& family : families_of(fixture)) {
            if (family.series.empty()) continue;
            std::string labels;
            for (const auto& label : family.series[0].labels)
                labels += (labels.empty() ? "`" : ", `") + label.name + "`";
            for (auto& e : expected)
                if (e.name == family.name && !e.labels_known) {
                    e.labels = labels;
                    e.labels_known = true;
                }
        }
    }
    return expected;
}

std::string row_text(const Expected& e, const std::string& meaning) {
    return "| `" + e.name + "` | " + e.type + " | " + e.labels + " | " + meaning + " |";
}

// What is wrong between the served families and the documented rows (empty: nothing).
std::vector<std::string> problems_of(const std::vector<Expected>& expected,
                                     const std::vector<Row>& rows) {
    std::vector<std::string> problems;
    std::map<std::string, const Row*> row_of;
    std::vector<std::string> documented_order;
    for (const Row& row : rows)
        for (const auto& name : row.names) {
            if (row_of.count(name)) problems.push_back("`" + name + "` is in two rows");
            row_of[name] = &row;
            documented_order.push_back(name);
        }
    std::set<std::string> served;
    std::vector<std::string> served_order;
    for (const Expected& e : expected) {
        served.insert(e.name);
        auto it = row_of.find(e.name);
        if (it == row_of.end()) {
            problems.push_back("missing row: " + row_text(e, e.help));
            continue;
        }
        served_order.push_back(e.name);
        const Row& row = *it->second;
        if (row.type != e.type)
            problems.push_back("wrong type of `" + e.name + "`: \"" + row.type + "\", should be " +
                               e.type + "\n  in: " + row.text);
        if (e.labels_known && row.labels != e.labels)
            problems.push_back("wrong labels of `" + e.name + "`: \"" + row.labels +
                               "\", should be \"" + e.labels + "\"\n  in: " + row.text);
    }
    for (const auto& name : documented_order)
        if (!served.count(name)) problems.push_back("extra: `" + name + "` is not served");
    if (problems.empty() && served_order != documented_order)
        problems.push_back("the rows are not in the order the families are served");
    return problems;
}

TEST(MetricsDoc, MetricsTableIsTheServedFamilies) {
    const std::string path = std::string(EDGETOP_SOURCE_DIR) + "/docs/metrics.md";
    std::vector<Row> rows = documented_rows(path);
    ASSERT_FALSE(rows.empty()) << path << " has no table under \"## Metrics\"";
    std::vector<Expected> expected = expected_families();
    std::vector<std::string> problems = problems_of(expected, rows);
    if (problems.empty()) return;
    std::map<std::string, std::string> meaning_of;
    for (const Row& row : rows)
        for (const auto& name : row.names)
            meaning_of[name] = row.meaning;
    std::ostringstream message;
    message << path << " disagrees with the families serve builds:\n";
    for (const auto& problem : problems)
        message << problem << "\n";
    message << "The table as the families have it (one row each):\n";
    for (const Expected& e : expected)
        message << row_text(e, meaning_of.count(e.name) ? meaning_of[e.name] : e.help) << "\n";
    ADD_FAILURE() << message.str();
}

// The check itself: a family missing, one extra, a wrong type or labels and the order are named.
TEST(MetricsDoc, ProblemsNameEachWrongRow) {
    std::string path = ::testing::TempDir() + "/metrics-doc.md";
    std::ofstream(path)
        << "## Endpoints\n\n| `edgetop_a` | gauge | | not this one |\n\n## Metrics\n\n"
        << "| Metric | Type | Labels | Meaning |\n|---|---|---|---|\n"
        << "| `edgetop_b_total`, `edgetop_a` | counter | `cpu` | two |\n"
        << "| `edgetop_c` | gauge (1) | | extra |\n\n## End\n\n| `edgetop_d` | x | | |\n";
    std::vector<Row> rows = documented_rows(path);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].names, (std::vector<std::string>{"edgetop_b_total", "edgetop_a"}));
    EXPECT_EQ(rows[0].type, "counter");
    EXPECT_EQ(rows[0].labels, "`cpu`");
    EXPECT_EQ(rows[1].type, "gauge");

    std::vector<Expected> expected{
        {"edgetop_a", "gauge", "`cpu`", true, "A."},
        {"edgetop_b_total", "counter", "`cpu`, `mode`", true, "B."},
        {"edgetop_e", "gauge", "", false, "E."},
    };
    std::vector<std::string> problems = problems_of(expected, rows);
    ASSERT_EQ(problems.size(), 4u);
    EXPECT_EQ(problems[0].substr(0, problems[0].find('\n')),
              "wrong type of `edgetop_a`: \"counter\", should be gauge");
    EXPECT_EQ(problems[1].substr(0, problems[1].find('\n')),
              "wrong labels of `edgetop_b_total`: \"`cpu`\", should be \"`cpu`, `mode`\"");
    EXPECT_EQ(problems[2], "missing row: | `edgetop_e` | gauge |  | E. |");
    EXPECT_EQ(problems[3], "extra: `edgetop_c` is not served");

    // Right rows in the wrong order.
    std::vector<Expected> in_order{expected[0], expected[1]};
    for (auto& e : in_order) {
        e.type = "counter";
        e.labels = "`cpu`";
    }
    EXPECT_EQ(problems_of(in_order, {rows[0]}),
              (std::vector<std::string>{"the rows are not in the order the families are served"}));
}

}  // namespace
}  // namespace edgetop::exporter
