// The fields of a sample line that a report summarises (SampleFields::summary), selected from the
// schema (edgetop/sample_schema.hpp) by key: CPU utilisation (total and per core), GPU load, EMC
// utilisation, engine load, rail power, total power, zone temperatures, the flags, the pressure
// stall values (PSI), and disk and network throughput. A key the struct's table lacks does not
// compile. Both summary readers (session_read_summary.cpp for simdjson, summary_of() in
// session_read_sample_dom.cpp) follow this list; every other field is left absent or empty.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "edgetop/sample_schema.hpp"

namespace edgetop::session_read {

// SummaryFields<T>::at: the positions in Schema<T>::fields of the fields summarised, in the order
// they are read.
template <class T>
struct SummaryFields;

template <class T, class = void>
struct HasSummary : std::false_type {};
template <class T>
struct HasSummary<T, std::void_t<decltype(SummaryFields<T>::at)>> : std::true_type {};
template <class T>
inline constexpr bool has_summary = HasSummary<T>::value;

template <class T>
constexpr std::size_t summary_key(std::string_view key) {
    return schema::index_of<T>(key);
}

template <>
struct SummaryFields<Sample> {
    using S = Sample;
    static constexpr std::array<std::size_t, 12> at{summary_key<S>("t"),
                                                    summary_key<S>("cpu"),
                                                    summary_key<S>("gpu"),
                                                    summary_key<S>("emc"),
                                                    summary_key<S>("engines"),
                                                    summary_key<S>("rails"),
                                                    summary_key<S>("power_total_mw"),
                                                    summary_key<S>("thermal"),
                                                    summary_key<S>("flags"),
                                                    summary_key<S>("psi"),
                                                    summary_key<S>("disks"),
                                                    summary_key<S>("net")};
};

template <>
struct SummaryFields<PsiSample> {
    using S = PsiSample;
    static constexpr std::array<std::size_t, 5> at{
        summary_key<S>("cpu_some"), summary_key<S>("memory_some"), summary_key<S>("memory_full"),
        summary_key<S>("io_some"), summary_key<S>("io_full")};
};

template <>
struct SummaryFields<CpuSample> {
    using S = CpuSample;
    static constexpr std::array<std::size_t, 2> at{summary_key<S>("util"), summary_key<S>("cores")};
};

template <>
struct SummaryFields<CoreSample> {
    using S = CoreSample;
    static constexpr std::array<std::size_t, 3> at{summary_key<S>("id"), summary_key<S>("online"),
                                                   summary_key<S>("util")};
};

template <>
struct SummaryFields<GpuSample> {
    using S = GpuSample;
    static constexpr std::array<std::size_t, 2> at{summary_key<S>("name"), summary_key<S>("load")};
};

template <>
struct SummaryFields<EmcSample> {
    using S = EmcSample;
    static constexpr std::array<std::size_t, 1> at{summary_key<S>("util")};
};

template <>
struct SummaryFields<EngineSample> {
    using S = EngineSample;
    static constexpr std::array<std::size_t, 2> at{summary_key<S>("name"), summary_key<S>("load")};
};

template <>
struct SummaryFields<RailSample> {
    using S = RailSample;
    static constexpr std::array<std::size_t, 3> at{
        summary_key<S>("name"), summary_key<S>("power_mw"), summary_key<S>("is_total")};
};

template <>
struct SummaryFields<ThermalSample> {
    using S = ThermalSample;
    static constexpr std::array<std::size_t, 2> at{summary_key<S>("name"),
                                                   summary_key<S>("temp_c")};
};

template <>
struct SummaryFields<DiskSample> {
    using S = DiskSample;
    static constexpr std::array<std::size_t, 3> at{summary_key<S>("name"),
                                                   summary_key<S>("read_bytes_per_s"),
                                                   summary_key<S>("write_bytes_per_s")};
};

template <>
struct SummaryFields<NetSample> {
    using S = NetSample;
    static constexpr std::array<std::size_t, 3> at{
        summary_key<S>("name"), summary_key<S>("rx_bytes_per_s"), summary_key<S>("tx_bytes_per_s")};
};

// Calls f(field) for each summarised field of T, in order, while it returns true.
template <class T, class F, std::size_t... J>
bool for_each_summary_field(F&& f, std::index_sequence<J...>) {
    constexpr auto& at = SummaryFields<T>::at;
    static_assert(((at[J] < schema::field_count<T>()) && ...), "no such key in the schema");
    return (f(std::get<at[J]>(schema::Schema<T>::fields)) && ...);
}

template <class T, class F>
bool for_each_summary_field(F&& f) {
    return for_each_summary_field<T>(std::forward<F>(f),
                                     std::make_index_sequence<SummaryFields<T>::at.size()>{});
}

}  // namespace edgetop::session_read
