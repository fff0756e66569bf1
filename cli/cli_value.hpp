// An option's value once its kind has checked and converted it, and how a table entry stores it
// into its member of Args: store<&Args::record, &RecordArgs::count> assigns the converted value
// to args.record.count, whatever the member's type (a flag sets a bool, a repeatable option
// appends to a vector, an optional member is set).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "cli/cli_args.hpp"

namespace edgetop::cli {

// monostate for a flag; the alternative a kind produces is fixed by the kind (cli_parse.cpp), and
// a member of another type fails loudly (std::bad_variant_access) in the tests that set every
// option.
using Value = std::variant<std::monostate, int64_t, double, std::string, std::vector<std::string>>;

using StoreFn = void (*)(Args&, const Value&);

inline void assign(bool& member, const Value& value) {
    std::get<std::monostate>(value);
    member = true;
}
inline void assign(int64_t& member, const Value& value) {
    member = std::get<int64_t>(value);
}
inline void assign(int& member, const Value& value) {
    member = static_cast<int>(std::get<int64_t>(value));
}
inline void assign(double& member, const Value& value) {
    member = std::get<double>(value);
}
inline void assign(std::string& member, const Value& value) {
    member = std::get<std::string>(value);
}
// A list (ID,ID,...) replaces the member; a repeatable option appends every occurrence, in order.
inline void assign(std::vector<std::string>& member, const Value& value) {
    if (const auto* list = std::get_if<std::vector<std::string>>(&value)) {
        member = *list;
        return;
    }
    member.push_back(std::get<std::string>(value));
}
template <typename T>
void assign(std::optional<T>& member, const Value& value) {
    T inner{};
    assign(inner, value);
    member = std::move(inner);
}

template <auto Group, auto Member>
void store(Args& args, const Value& value) {
    assign(args.*Group.*Member, value);
}

}  // namespace edgetop::cli
