// The sample table of docs/session-format.md against the schema (edgetop/sample_schema.hpp):
// one row per described field, in the order the line has them, with the schema's unit and
// meaning. A failure names each missing, extra or wrong row and prints the table as it should be.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "edgetop/sample_schema.hpp"

namespace edgetop {
namespace {

struct Row {
    std::string key;   // `cpu.cores[].util`
    std::string text;  // the whole row
};

template <class T>
void append_rows(const std::string& prefix, std::vector<Row>& rows);

template <class Field>
void append_row(const Field& field, const std::string& prefix, std::vector<Row>& rows) {
    using M = typename Field::Type;
    std::string key = prefix + std::string(field.key);
    std::string unit(schema::unit_text(field.unit));
    if constexpr (schema::IsVector<M>::value) {
        if constexpr (schema::has_schema<typename schema::IsVector<M>::Element>) key += "[]";
    }
    if constexpr (schema::is_optional_object<M>) unit += " or null";
    rows.push_back({key, "| `" + key + "` | " + unit + " | " + std::string(field.meaning) + " |"});
    if constexpr (schema::has_schema<M>) {
        append_rows<M>(key + ".", rows);
    } else if constexpr (schema::is_optional_object<M>) {
        append_rows<typename M::value_type>(key + ".", rows);
    } else if constexpr (schema::IsVector<M>::value) {
        if constexpr (schema::has_schema<typename schema::IsVector<M>::Element>)
            append_rows<typename schema::IsVector<M>::Element>(key + ".", rows);
    }
}

template <class T>
void append_rows(const std::string& prefix, std::vector<Row>& rows) {
    std::apply([&](const auto&... field) { (append_row(field, prefix, rows), ...); },
               schema::Schema<T>::fields);
}

std::vector<Row> schema_rows() {
    std::vector<Row> rows;
    append_rows<Sample>("", rows);
    return rows;
}

// The rows of the first table after "## Sample" (each row starts with "| `").
std::vector<Row> documented_rows(const std::string& path) {
    std::ifstream in(path);
    std::vector<Row> rows;
    bool in_section = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("## ", 0) == 0) {
            if (in_section) break;
            in_section = line == "## Sample";
            continue;
        }
        if (!in_section || line.rfind("| `", 0) != 0) continue;
        size_t end = line.find('`', 3);
        rows.push_back({line.substr(3, end == std::string::npos ? 0 : end - 3), line});
    }
    return rows;
}

TEST(SessionFormatDoc, SampleTableIsTheSchema) {
    const std::string path = std::string(EDGETOP_SOURCE_DIR) + "/docs/session-format.md";
    std::vector<Row> expected = schema_rows();
    std::vector<Row> documented = documented_rows(path);
    ASSERT_FALSE(documented.empty()) << path << " has no table under \"## Sample\"";

    std::map<std::string, std::string> documented_by_key, expected_by_key;
    for (const Row& row : documented)
        documented_by_key[row.key] = row.text;
    for (const Row& row : expected)
        expected_by_key[row.key] = row.text;
    std::vector<std::string> problems;
    for (const Row& row : expected) {
        auto it = documented_by_key.find(row.key);
        if (it == documented_by_key.end())
            problems.push_back("missing row: " + row.text);
        else if (it->second != row.text)
            problems.push_back("wrong row: " + it->second + "\n  should be: " + row.text);
    }
    for (const Row& row : documented)
        if (!expected_by_key.count(row.key)) problems.push_back("extra row: " + row.text);
    if (problems.empty()) {
        std::vector<std::string> expected_keys, documented_keys;
        for (const Row& row : expected)
            expected_keys.push_back(row.key);
        for (const Row& row : documented)
            documented_keys.push_back(row.key);
        if (expected_keys != documented_keys)
            problems.push_back("the rows are not in the order of the line");
    }
    if (problems.empty()) return;
    std::ostringstream message;
    message << path << " disagrees with edgetop/sample_schema.hpp:\n";
    for (const auto& problem : problems)
        message << problem << "\n";
    message << "The table as the schema has it:\n";
    for (const Row& row : expected)
        message << row.text << "\n";
    ADD_FAILURE() << message.str();
}

// The check itself: a row the schema does not have, one it lacks and one that differs are named.
TEST(SessionFormatDoc, DocumentedRowsAreReadFromTheSampleSectionOnly) {
    std::string path = ::testing::TempDir() + "/session-format-sample.md";
    std::ofstream(path) << "## Header\n\n| `t` | s | not this one |\n\n## Sample\n\n"
                        << "| key | unit | meaning |\n|---|---|---|\n"
                        << "| `t` | s | seconds |\n| `cpu.cores[].id` | integer | CPU number |\n\n"
                        << "## End\n\n| `t` | s | neither |\n";
    std::vector<Row> rows = documented_rows(path);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].key, "t");
    EXPECT_EQ(rows[0].text, "| `t` | s | seconds |");
    EXPECT_EQ(rows[1].key, "cpu.cores[].id");
}

TEST(SessionFormatDoc, SchemaRowsCoverNestedObjectsAndLists) {
    std::vector<Row> rows = schema_rows();
    auto has = [&](const std::string& key) {
        for (const Row& row : rows)
            if (row.key == key) return true;
        return false;
    };
    EXPECT_TRUE(has("cpu.cores[].freq_khz"));
    EXPECT_TRUE(has("procs.top[].state"));
    EXPECT_TRUE(has("mem.swap_cached_kb"));
    EXPECT_TRUE(has("ctxt_per_s"));
    EXPECT_TRUE(has("flags"));
    EXPECT_FALSE(has("cpu.ticks"));  // raw counters are not written
}

}  // namespace
}  // namespace edgetop
