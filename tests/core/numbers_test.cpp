// Conversions between doubles and text: the strtod_l/snprintf fallback (the only one on GCC 10)
// against std::from_chars/std::to_chars over many values where the library has them, and known
// spellings everywhere.
#include "edgetop/numbers.hpp"

#include <gtest/gtest.h>

#include <charconv>
#include <clocale>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <version>

namespace edgetop::numbers {
namespace {

std::string shortest(double value) {
    char buffer[40];
    return std::string(buffer, fallback::to_chars(buffer, buffer + sizeof buffer, value));
}

struct Parsed {
    double value = -1;
    std::size_t used = 0;
    std::errc ec{};
    bool operator==(const Parsed& o) const {
        bool same_value = (std::isnan(value) && std::isnan(o.value)) ||
                          (value == o.value && std::signbit(value) == std::signbit(o.value));
        return same_value && used == o.used && ec == o.ec;
    }
};

Parsed parse_fallback(const std::string& text, Format format = Format::general) {
    Parsed p;
    auto r = fallback::from_chars(text.data(), text.data() + text.size(), p.value, format);
    p.used = static_cast<std::size_t>(r.ptr - text.data());
    p.ec = r.ec;
    return p;
}

std::ostream& operator<<(std::ostream& out, const Parsed& p) {
    return out << "{value " << p.value << ", used " << p.used << ", ec " << static_cast<int>(p.ec)
               << "}";
}

TEST(Numbers, ShortestSpellings) {
    EXPECT_EQ(shortest(0.1), "0.1");
    EXPECT_EQ(shortest(0.0), "0");
    EXPECT_EQ(shortest(-0.0), "-0");
    EXPECT_EQ(shortest(1e21), "1e+21");
    EXPECT_EQ(shortest(1e-5), "1e-05");
    EXPECT_EQ(shortest(2566.15), "2566.15");
    EXPECT_EQ(shortest(123456789012345678.0), "123456789012345680");
    EXPECT_EQ(shortest(100), "100");
    EXPECT_EQ(shortest(1e16), "1e+16");
    EXPECT_EQ(shortest(0.3), "0.3");
    EXPECT_EQ(shortest(0.1 + 0.2), "0.30000000000000004");
    EXPECT_EQ(shortest(5e-324), "5e-324");
    EXPECT_EQ(shortest(std::numeric_limits<double>::infinity()), "inf");
    EXPECT_EQ(shortest(-std::numeric_limits<double>::infinity()), "-inf");
    EXPECT_EQ(shortest(std::numeric_limits<double>::quiet_NaN()), "nan");
}

TEST(Numbers, ParsesWhatFromCharsParses) {
    EXPECT_EQ(parse_fallback("52.625"), (Parsed{52.625, 6, {}}));
    EXPECT_EQ(parse_fallback("-256"), (Parsed{-256, 4, {}}));
    EXPECT_EQ(parse_fallback("1e3x"), (Parsed{1000, 3, {}}));
    EXPECT_EQ(parse_fallback("1e"), (Parsed{1, 1, {}}));
    EXPECT_EQ(parse_fallback(".5"), (Parsed{0.5, 2, {}}));
    EXPECT_EQ(parse_fallback("5."), (Parsed{5, 2, {}}));
    EXPECT_EQ(parse_fallback("0x10"), (Parsed{0, 1, {}}));
    EXPECT_EQ(parse_fallback("inf"), (Parsed{std::numeric_limits<double>::infinity(), 3, {}}));
    EXPECT_EQ(parse_fallback("-infinity"),
              (Parsed{-std::numeric_limits<double>::infinity(), 9, {}}));
    EXPECT_EQ(parse_fallback("1e999"), (Parsed{-1, 5, std::errc::result_out_of_range}));
    EXPECT_EQ(parse_fallback("1e-400"), (Parsed{-1, 6, std::errc::result_out_of_range}));
    EXPECT_EQ(parse_fallback("1e-310").ec, std::errc());  // subnormal: a value
    EXPECT_EQ(parse_fallback("+1").ec, std::errc::invalid_argument);
    EXPECT_EQ(parse_fallback(" 1").ec, std::errc::invalid_argument);
    EXPECT_EQ(parse_fallback("").ec, std::errc::invalid_argument);
    EXPECT_EQ(parse_fallback(".").ec, std::errc::invalid_argument);
    EXPECT_EQ(parse_fallback("-").ec, std::errc::invalid_argument);
    EXPECT_EQ(parse_fallback("1.5e3", Format::fixed), (Parsed{1.5, 3, {}}));
}

TEST(Numbers, IgnoresTheProcessLocale) {
    // The view calls setlocale(LC_ALL, ""); a decimal-comma locale must not change a file's
    // meaning. Tried only where such a locale is installed.
    const char* previous = std::setlocale(LC_NUMERIC, nullptr);
    std::string saved = previous ? previous : "C";
    bool comma = false;
    for (const char* name : {"de_DE.UTF-8", "fr_FR.UTF-8", "de_DE.utf8", "fr_FR.utf8"})
        if (std::setlocale(LC_NUMERIC, name)) {
            comma = true;
            break;
        }
    if (!comma) GTEST_SKIP() << "no decimal-comma locale installed";
    EXPECT_EQ(parse_fallback("52.625"), (Parsed{52.625, 6, {}}));
    EXPECT_EQ(shortest(2566.15), "2566.15");
    std::string general;
    append_general(general, 0.5, 16);
    EXPECT_EQ(general, "0.5");
    std::setlocale(LC_NUMERIC, saved.c_str());
}

TEST(Numbers, GeneralIsPrintfG) {
    std::string out;
    append_general(out, 1.0 / 3, 16);
    EXPECT_EQ(out, "0.3333333333333333");
    out.clear();
    append_general(out, 1e20, 16);
    EXPECT_EQ(out, "1e+20");
}

#if defined(__cpp_lib_to_chars)
// Doubles of every magnitude: random bit patterns (all 2,046 exponents, some thirty times each)
// and random short decimals.
std::vector<double> many_values() {
    std::mt19937_64 random(20261123);
    std::vector<double> values;
    for (int i = 0; i < 60000; ++i) {
        uint64_t bits = random();
        double value;
        std::memcpy(&value, &bits, sizeof value);
        if (std::isfinite(value)) values.push_back(value);
    }
    std::uniform_int_distribution<int> digits(0, 999999), exponent(-30, 30);
    for (int i = 0; i < 30000; ++i)
        values.push_back(digits(random) * std::pow(10.0, exponent(random)));
    for (double v : {0.0, -0.0, 1.0, 0.1, 1e15, 1e16, 1e21, 1e22, 5e-324, 2.2250738585072014e-308,
                     1.7976931348623157e308, 9007199254740993.0})
        values.push_back(v);
    return values;
}

TEST(Numbers, FallbackWritesWhatStdToCharsWrites) {
    for (double value : many_values()) {
        char want[40], got[40];
        std::string a(want, std::to_chars(want, want + sizeof want, value).ptr);
        std::string b(got, fallback::to_chars(got, got + sizeof got, value));
        ASSERT_EQ(a, b) << "bits of " << a;
    }
}

TEST(Numbers, FallbackReadsWhatStdFromCharsReads) {
    std::vector<std::string> texts = {"0",    "-0",   "1e308", "1e309", "1e-320", "1e-330", "inf",
                                      "-inf", "nan",  "NaN",   "0x1p3", "+5",     " 5",     "5e+",
                                      "5e-1", "5.e2", ".e2",   "1.5e3", "--1",    "1..2",   "12ab"};
    for (double value : many_values()) {
        char buffer[40];
        texts.emplace_back(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
        texts.emplace_back(buffer, std::to_chars(buffer, buffer + sizeof buffer, value,
                                                 std::chars_format::scientific, 20)
                                       .ptr);
    }
    for (const auto& text : texts) {
        for (Format format : {Format::general, Format::fixed}) {
            Parsed want;
            auto r = std::from_chars(
                text.data(), text.data() + text.size(), want.value,
                format == Format::fixed ? std::chars_format::fixed : std::chars_format::general);
            want.used = static_cast<std::size_t>(r.ptr - text.data());
            want.ec = r.ec;
            ASSERT_EQ(parse_fallback(text, format), want) << text;
        }
    }
}
#else
TEST(Numbers, FallbackWritesWhatStdToCharsWrites) {
    GTEST_SKIP() << "this standard library has no floating-point to_chars to compare with";
}
#endif

}  // namespace
}  // namespace edgetop::numbers
