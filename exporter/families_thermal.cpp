#include <map>
#include <utility>

#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"
#include "exporter/schema_metrics.hpp"

namespace edgetop::exporter {
namespace {

// The board's trip points: the lowest of each type per zone, as the thermal_throttle rule takes
// the lowest passive one (a zone may list several of a type; one series each would collide).
void append_trips(const Board& board, Families& out) {
    std::map<std::pair<std::string, std::string>, double> lowest;
    for (const auto& zone : board.thermal_zones)
        for (const auto& trip : zone.trips) {
            auto [it, added] = lowest.try_emplace({zone.name, trip.type}, trip.temp_c);
            if (!added && trip.temp_c < it->second) it->second = trip.temp_c;
        }
    auto trips = make_family("edgetop_temperature_trip_celsius",
                             "The thermal zone's lowest trip point of each type (passive, active, "
                             "hot, critical).",
                             MetricType::Gauge);
    for (const auto& [key, temp_c] : lowest)
        add_value(trips, temp_c, {{"zone", key.first}, {"type", key.second}});
    out.push_back(std::move(trips));
}

}  // namespace

void append_thermal_families(const FamilyInput& in, Families& out) {
    append_schema_families(in.sample.thermal, out);
    append_trips(in.board, out);
    append_schema_families(in.sample.fans, out);
    append_schema_families(in.sample.cooling, out);
}

}  // namespace edgetop::exporter
