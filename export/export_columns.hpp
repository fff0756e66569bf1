// The scalar values of a session's samples as named columns, found by walking the sample schema
// (include/edgetop/sample_schema.hpp): one column per scalar field of the sample, of each object
// it holds and of each element of its lists (each core, GPU, engine, rail, zone, fan). The
// elements are those of the session's first sample, matched in later samples by their id or
// name (an element of the first sample whose id is not unique: by its id and how many came
// before it with that id). The process list is left out: its entries change from one sample to the
// next.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "edgetop/sample.hpp"
#include "edgetop/sample_schema.hpp"

namespace edgetop::session_export {

// Where a column's value lives: the sample itself (the first object), a member of another object
// (a CpuSample in the Sample, an EmcSample that may be absent), or one element of a list (found
// by its id and occurrence).
struct ColumnObject {
    std::optional<std::size_t> owner;  // a member: the object holding it (index into objects)
    // The member in its owner, nullptr where the owner lacks it.
    const void* (*member)(const void* owner) = nullptr;
    std::optional<std::size_t> list;  // the list it is an element of (index into lists)
    std::string id;                   // the element's id or name
    std::size_t occurrence = 0;       // how many elements before it in the first sample had its id
    std::size_t position = 0;         // where it was in the first sample
    bool unique = true;               // no other element of the first sample had its id
};

// A list of the sample (cores, rails...), held by one of the objects.
struct ColumnList {
    std::string name;       // "rails", "cores"
    std::size_t owner = 0;  // index into objects
    std::size_t (*size)(const void* owner) = nullptr;
    const void* (*at)(const void* owner, std::size_t i) = nullptr;
    std::string (*identity)(const void* element) = nullptr;
    bool (*matches)(const void* element, const std::string& id) = nullptr;
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

// The objects of one sample, found once for all its columns, in time linear in its elements.
struct Located {
    std::vector<const void*> objects;  // nullptr: the sample lacks it (its cells are empty)
    std::vector<std::size_t> found;    // per list: its elements that have columns
    // The first list in which the sample has an element that has no columns, if any.
    std::optional<std::size_t> list_with_new_element;
    // Per list, built when an element is not where it was in the first sample: the positions
    // of the elements of each id, in order.
    std::vector<std::unordered_map<std::string, std::vector<std::size_t>>> positions;
    std::vector<bool> indexed;
};

void locate(const Columns& columns, const Sample& sample, Located& located);

}  // namespace edgetop::session_export
