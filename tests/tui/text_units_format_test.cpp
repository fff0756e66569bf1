#include "text/text_units.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace edgetop::text {
namespace {

TEST(Format, FrequenciesPickTheirUnit) {
    EXPECT_EQ(format_freq_hz(1300500000), "1.30 GHz");
    EXPECT_EQ(format_freq_hz(204000000), "204 MHz");
    EXPECT_EQ(format_freq_hz(32768), "33 kHz");
    EXPECT_EQ(format_freq_hz(0), "0 Hz");
    EXPECT_EQ(format_freq_khz(2201600), "2.20 GHz");
    EXPECT_EQ(format_freq_khz(729600), "730 MHz");
}

TEST(Format, ElectricalUnits) {
    EXPECT_EQ(format_voltage_mv(843), "843 mV");
    EXPECT_EQ(format_voltage_mv(4992), "4.99 V");
    EXPECT_EQ(format_current_ma(5182), "5182 mA");
    EXPECT_EQ(format_current_ma(12500), "12.5 A");
    EXPECT_EQ(format_power_mw(5200), "5.2 W");
    EXPECT_EQ(format_power_mw(403.2), "403 mW");
    EXPECT_EQ(format_energy_j(17.56), "17.6 J");
    EXPECT_EQ(format_energy_j(4560), "4.56 kJ");
}

TEST(Format, TemperatureUsesDegreeSignOnlyOutsideAscii) {
    EXPECT_EQ(format_temp_c(47.5, false), "47.5 \u00b0C");
    EXPECT_EQ(format_temp_c(47.5, true), "47.5 C");
    EXPECT_EQ(format_temp_c(-5.5, true), "-5.5 C");
}

TEST(Format, SizesDurationsRates) {
    EXPECT_EQ(format_kb(512), "512 KiB");
    EXPECT_EQ(format_kb(427008), "417.0 MiB");
    EXPECT_EQ(format_kb(31316356), "29.87 GiB");
    EXPECT_EQ(format_kb(0), "0 KiB");
    EXPECT_EQ(format_duration_s(266523), "3d 02:02");
    EXPECT_EQ(format_duration_s(3725), "01:02:05");
    EXPECT_EQ(format_rate(18342), "18.3k/s");
    EXPECT_EQ(format_rate(843), "843/s");
    EXPECT_EQ(format_rate(2.5), "2.5/s");
    EXPECT_EQ(format_percent(41.6), "42%");
    EXPECT_EQ(format_interval_ms(250), "250 ms");
    EXPECT_EQ(format_interval_ms(2000), "2 s");
    EXPECT_EQ(format_count(33), "33");
    EXPECT_EQ(format_number(12.345, 1), "12.3");
}

TEST(Format, ByteRatesPickTheirUnit) {
    EXPECT_EQ(format_bytes_per_s(0), "0 B/s");
    EXPECT_EQ(format_bytes_per_s(1000), "1000 B/s");
    EXPECT_EQ(format_bytes_per_s(1536), "1.5 KiB/s");
    EXPECT_EQ(format_bytes_per_s(500 * 1024), "500 KiB/s");
    EXPECT_EQ(format_bytes_per_s(5.3 * 1048576), "5.3 MiB/s");
    EXPECT_EQ(format_bytes_per_s(412876800), "394 MiB/s");
    EXPECT_EQ(format_bytes_per_s(3.5 * 1073741824), "3.50 GiB/s");
    EXPECT_EQ(format_bytes_per_s(std::nullopt), "n/a");
    EXPECT_EQ(format_bytes_per_s(-1), "n/a");
    EXPECT_EQ(format_bytes_per_s(std::nan("")), "n/a");
    EXPECT_EQ(bytes_per_s_as_mib(5.25 * 1048576), "5.25 MiB/s");
    EXPECT_EQ(bytes_per_s_as_mib(std::nullopt), "n/a");
}

TEST(Format, AbsentIsNotAvailableNeverZero) {
    EXPECT_EQ(format_freq_hz(std::nullopt), "n/a");
    EXPECT_EQ(format_freq_khz(std::nullopt), "n/a");
    EXPECT_EQ(format_percent(std::nullopt), "n/a");
    EXPECT_EQ(format_voltage_mv(std::nullopt), "n/a");
    EXPECT_EQ(format_current_ma(std::nullopt), "n/a");
    EXPECT_EQ(format_power_mw(std::nullopt), "n/a");
    EXPECT_EQ(format_temp_c(std::nullopt, false), "n/a");
    EXPECT_EQ(format_kb(std::nullopt), "n/a");
    EXPECT_EQ(format_energy_j(std::nullopt), "n/a");
    EXPECT_EQ(format_duration_s(std::nullopt), "n/a");
    EXPECT_EQ(format_rate(std::nullopt), "n/a");
    EXPECT_EQ(format_count(std::nullopt), "n/a");
    // Garbage that slipped through is not shown as a number either.
    EXPECT_EQ(format_percent(std::nan("")), "n/a");
    EXPECT_EQ(format_power_mw(INFINITY), "n/a");
    EXPECT_EQ(format_freq_hz(-1), "n/a");
    EXPECT_EQ(format_kb(-4), "n/a");
}

// 9.2e15 kHz overflowed int64_t as hertz (UB); 1.8e308 printed as a 309-digit number.
TEST(Format, ExtremeValuesStayShortAndDefined) {
    EXPECT_EQ(format_freq_khz(9223372036854775), "9223372036.85 GHz");
    EXPECT_EQ(format_freq_khz(std::numeric_limits<int64_t>::max()), "9223372036854.78 GHz");
    EXPECT_EQ(format_freq_hz(std::numeric_limits<int64_t>::max()), "9223372036.85 GHz");
    const double huge = std::numeric_limits<double>::max();  // 1.8e308
    for (const std::string& text :
         {format_power_mw(huge), format_power_mw(-huge), format_voltage_mv(huge),
          format_current_ma(huge), format_temp_c(huge, true), format_percent(huge),
          format_energy_j(huge), format_rate(huge), format_count(huge), format_number(huge, 2),
          format_session_time(huge), format_kb(std::numeric_limits<int64_t>::max())})
        EXPECT_LE(text.size(), 24u) << text;
    EXPECT_EQ(format_power_mw(huge), "1.8e+305 W");
    EXPECT_EQ(format_duration_s(huge), "n/a");
    EXPECT_EQ(format_duration_s(9.3e18), "n/a");
}

}  // namespace
}  // namespace edgetop::text
