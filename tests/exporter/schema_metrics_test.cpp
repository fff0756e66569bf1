// The families shown from schema fields (exporter/schema_metrics.hpp): each metric's name carries
// the base unit its schema field's unit converts to, with the factor that conversion needs, so a
// unit changed in the schema cannot silently mis-scale a metric; the values come out in those
// base units for every element, labelled by it.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "exporter/families.hpp"
#include "exporter/schema_metrics.hpp"
#include "metric_names.hpp"

namespace edgetop::exporter {
namespace {

using schema::Unit;

struct BaseUnit {
    std::string suffix;  // empty: a plain number, whose name carries no unit
    double factor;
};

// What a metric may show of each schema unit, written here independently of base_unit_factor().
const std::map<Unit, BaseUnit>& base_units() {
    static const std::map<Unit, BaseUnit> units{
        {Unit::kib, {"_bytes", 1024}},
        {Unit::khz, {"_hertz", 1000}},
        {Unit::hz, {"_hertz", 1}},
        {Unit::millivolt, {"_volts", 0.001}},
        {Unit::milliamp, {"_amperes", 0.001}},
        {Unit::milliwatt, {"_watts", 0.001}},
        {Unit::percent, {"_ratio", 0.01}},
        {Unit::celsius, {"_celsius", 1}},
        {Unit::seconds, {"_seconds", 1}},
        {Unit::per_minute, {"_rpm", 1}},
        {Unit::count, {"", 1}},
        {Unit::run_queue, {"", 1}},
        {Unit::boolean, {"", 1}},
        {Unit::integer, {"", 1}},  // a level (cooling state), not a quantity with a unit
    };
    return units;
}

bool ends_with_a_unit(const std::string& name) {
    for (const auto& [unit, base] : base_units())
        if (!base.suffix.empty() && name.ends_with(base.suffix)) return true;
    return false;
}

// What is wrong with a metric of that name showing a value of that unit (empty: nothing).
std::string unit_problem(const std::string& name, Unit unit) {
    auto it = base_units().find(unit);
    std::string unit_text(schema::unit_text(unit));
    if (it == base_units().end()) return name + ": no metric shows a value in " + unit_text;
    const BaseUnit& base = it->second;
    if (base.suffix.empty() ? ends_with_a_unit(name) : !name.ends_with(base.suffix))
        return name + ": a value in " + unit_text + " is a metric named " +
               (base.suffix.empty() ? "without a unit" : "*" + base.suffix);
    if (base_unit_factor(unit) != base.factor)
        return name + ": " + unit_text + " to " + (base.suffix.empty() ? "a number" : base.suffix) +
               " is a factor of " + std::to_string(base.factor) + ", not " +
               std::to_string(base_unit_factor(unit));
    return "";
}

const MetricFamily* find(const Families& families, const std::string& name) {
    for (const auto& family : families)
        if (family.name == name) return &family;
    return nullptr;
}

struct Entry {
    std::string name;
    std::string key;
    Unit unit;
};

template <class T>
void append_entries(std::vector<Entry>& entries) {
    std::apply(
        [&](const auto&... metric) {
            (entries.push_back(
                 {std::string(metric.name), std::string(metric.field.key), metric.field.unit}),
             ...);
        },
        SchemaMetrics<T>::metrics);
}

std::vector<Entry> all_entries() {
    std::vector<Entry> entries;
    append_entries<CoreSample>(entries);
    append_entries<SystemSample>(entries);
    append_entries<GpuSample>(entries);
    append_entries<EmcSample>(entries);
    append_entries<EngineSample>(entries);
    append_entries<RailSample>(entries);
    append_entries<OcEventSample>(entries);
    append_entries<Sample>(entries);
    append_entries<ThermalSample>(entries);
    append_entries<FanSample>(entries);
    append_entries<MemSample>(entries);
    append_entries<PsiSample>(entries);
    append_entries<CoolingSample>(entries);
    return entries;
}

TEST(SchemaMetrics, EveryNameCarriesTheBaseUnitOfItsSchemaUnit) {
    std::vector<Entry> entries = all_entries();
    ASSERT_FALSE(entries.empty());
    for (const Entry& entry : entries) {
        EXPECT_TRUE(testing::is_metric_name(entry.name)) << entry.name;
        EXPECT_TRUE(entry.name.starts_with("edgetop_")) << entry.name;
        EXPECT_FALSE(entry.name.ends_with("_total")) << entry.name << " is no counter";
        EXPECT_EQ(unit_problem(entry.name, entry.unit), "") << "schema key " << entry.key;
    }
}

TEST(SchemaMetrics, EveryTableEntryIsServedOnce) {
    Board board;
    Sample sample;
    std::vector<FlagCounter> flags;
    analysis::SessionEnergy energy;
    Families all = build_all_families({board, sample, flags, energy});
    for (const Entry& entry : all_entries()) {
        int served = 0;
        for (const auto& family : all)
            served += family.name == entry.name ? 1 : 0;
        EXPECT_EQ(served, 1) << entry.name;
    }
}

// The check itself: a unit changed under a metric is named.
TEST(SchemaMetrics, UnitCheckNamesAMetricWhoseUnitNoLongerFits) {
    EXPECT_EQ(unit_problem("edgetop_memory_total_bytes", Unit::kib), "");
    EXPECT_EQ(unit_problem("edgetop_memory_total_bytes", Unit::khz),
              "edgetop_memory_total_bytes: a value in kHz is a metric named *_hertz");
    EXPECT_EQ(unit_problem("edgetop_load1", Unit::run_queue), "");
    EXPECT_EQ(unit_problem("edgetop_load1", Unit::percent),
              "edgetop_load1: a value in % is a metric named *_ratio");
    EXPECT_EQ(unit_problem("edgetop_procs_running_seconds", Unit::count),
              "edgetop_procs_running_seconds: a value in count is a metric named without a unit");
    EXPECT_EQ(unit_problem("edgetop_cpu_governor", Unit::text),
              "edgetop_cpu_governor: no metric shows a value in string");
}

TEST(SchemaMetrics, LabelsNameTheElement) {
    EXPECT_EQ(SchemaMetrics<CoreSample>::label.name, "cpu");
    EXPECT_EQ(SchemaMetrics<CoreSample>::label.field.key, "id");
    for (std::string_view name :
         {SchemaMetrics<GpuSample>::label.name, SchemaMetrics<EngineSample>::label.name,
          SchemaMetrics<RailSample>::label.name, SchemaMetrics<ThermalSample>::label.name,
          SchemaMetrics<FanSample>::label.name})
        EXPECT_TRUE(testing::is_label_name(std::string(name))) << name;
    CoreSample core;
    core.id = 11;
    Labels labels = SchemaMetrics<CoreSample>::label.of(core);
    ASSERT_EQ(labels.size(), 1u);
    EXPECT_EQ(labels[0].first, "cpu");
    EXPECT_EQ(labels[0].second, "11");
}

TEST(SchemaMetrics, ValuesAreInBaseUnitsPerElementAndAbsentValuesHaveNoSeries) {
    std::vector<CoreSample> cores(2);
    cores[0].id = 0;
    cores[0].freq_khz = 1728000;
    cores[0].min_khz = 115200;
    cores[1].id = 4;
    cores[1].online = false;
    Families out;
    append_schema_families(cores, out);
    ASSERT_EQ(out.size(), 4u);
    EXPECT_EQ(out[0].name, "edgetop_cpu_online");
    ASSERT_EQ(out[0].series.size(), 2u);
    EXPECT_EQ(out[0].series[0].value, 1);
    EXPECT_EQ(out[0].series[1].value, 0);
    EXPECT_EQ(out[0].series[1].labels[0].value, "4");
    const MetricFamily* freq = find(out, "edgetop_cpu_frequency_hertz");
    ASSERT_NE(freq, nullptr);
    ASSERT_EQ(freq->series.size(), 1u);  // the offline core has no clock
    EXPECT_EQ(freq->series[0].value, 1728000000.0);
    EXPECT_EQ(freq->series[0].labels[0].name, "cpu");
    EXPECT_EQ(freq->series[0].labels[0].value, "0");
    EXPECT_EQ(find(out, "edgetop_cpu_frequency_max_hertz")->series.size(), 0u);

    MemSample mem;
    mem.total_kb = 7620000;
    mem.lfb_blocks = 3;
    out.clear();
    append_schema_families(&mem, out);
    EXPECT_EQ(find(out, "edgetop_memory_total_bytes")->series[0].value, 7620000.0 * 1024);
    EXPECT_EQ(find(out, "edgetop_memory_largest_free_blocks")->series[0].value, 3);
    EXPECT_TRUE(find(out, "edgetop_swap_used_bytes")->series.empty());

    RailSample rail;
    rail.name = "VDD_IN";
    rail.voltage_mv = 5080;
    rail.current_ma = 1234;
    out.clear();
    append_schema_families(std::vector<RailSample>{rail}, out);
    EXPECT_DOUBLE_EQ(find(out, "edgetop_rail_voltage_volts")->series[0].value, 5.08);
    EXPECT_DOUBLE_EQ(find(out, "edgetop_rail_current_amperes")->series[0].value, 1.234);
    EXPECT_EQ(find(out, "edgetop_rail_current_amperes")->series[0].labels[0].value, "VDD_IN");

    const EmcSample* no_emc = nullptr;
    out.clear();
    append_schema_families(no_emc, out);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_TRUE(out[0].series.empty());
    EXPECT_TRUE(out[1].series.empty());
}

}  // namespace
}  // namespace edgetop::exporter
