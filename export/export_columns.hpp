// The scalar values of a session's samples as named columns, found by walking the sample schema
// (include/edgetop/sample_schema.hpp): one column per scalar field of the sample, of each object
// it holds and of each element of its lists (each core, GPU, engine, rail, zone, fan). The
// elements are those of the session's first sample, matched in later samples by their id or
// name. The process list is left out: its entries change from one sample to the next.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "edgetop/sample.hpp"
#include "edgetop/sample_schema.hpp"

namespace edgetop::session_export {

// Where a column's value lives: the sample itself, one of its objects, or one element of a list.
// locate() returns the object (a Sample, CpuSample, RailSample...) or nullptr when the sample
// lacks it.
struct ColumnObject {
    std::function<const void*(const Sample&)> locate;
    std::optional<std::size_t> list;  // the list it is an element of (index into lists)
};

// A list of the sample (cores, rails...): how many elements a sample has in it.
struct ColumnList {
    std::string name;  // "rails", "cores"
    std::function<std::size_t(const Sample&)> size;
};

struct Column {
    std::string name;      // "cpu0_util_pct": the object's prefix, the key, the unit
    std::string family;    // the object's kind: "sample", "cpu", "core", "rail", "thermal"...
    std::string element;   // the element's id or name ("0", "VDD_IN"); "" outside lists
    std::string_view key;  // the schema's key: "util"
    schema::Unit unit;
    std::size_t object = 0;  // index into objects
    // Appends the value as text (nothing when it is absent): numbers in their shortest exact
    // form, booleans as true/false, a list of strings joined by ';'. Not quoted.
    void (*text)(const void* object, std::string& out) = nullptr;
    // The value as a number, absent when it is not a number or is absent.
    std::optional<double> (*number)(const void* object) = nullptr;
};

struct Columns {
    std::vector<ColumnObject> objects;
    std::vector<ColumnList> lists;
    std::vector<Column> columns;
};

// The columns of a session whose first sample is `first`.
Columns columns_of(const Sample& first);

// The columns' names, in order.
std::vector<std::string> column_names(const Columns& columns);

// The objects of one sample, found once for all its columns.
struct Located {
    std::vector<const void*> objects;  // nullptr: the sample lacks it (its cells are empty)
    std::vector<std::size_t> found;    // per list: its elements that have columns
    // The first list in which the sample has an element that has no columns, if any.
    std::optional<std::size_t> list_with_new_element;
};

void locate(const Columns& columns, const Sample& sample, Located& located);

}  // namespace edgetop::session_export
