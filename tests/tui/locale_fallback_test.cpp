// The view draws Unicode whenever the locale the user asks for is UTF-8: from the system's locale
// files, or (static builds) from the built-in C.UTF-8 where there are none.
#include "tui/locale_fallback.hpp"

#include <gtest/gtest.h>
#include <langinfo.h>
#include <stdlib.h>

#include <clocale>
#include <cstring>
#include <cwchar>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "support/fixture_tree.hpp"

namespace edgetop::tui {
namespace {

TEST(LocaleFallback, TheFirstSetVariableNamesTheLocaleAsSetlocaleReadsThem) {
    EXPECT_TRUE(environment_wants_utf8(nullptr, nullptr, "en_US.UTF-8"));
    EXPECT_TRUE(environment_wants_utf8(nullptr, nullptr, "C.utf8"));
    EXPECT_TRUE(environment_wants_utf8("", "", "de_DE.UTF-8@euro"));
    EXPECT_TRUE(environment_wants_utf8(nullptr, "sv_SE.utf-8", "C"));
    EXPECT_FALSE(environment_wants_utf8("C", nullptr, "en_US.UTF-8"));
    EXPECT_FALSE(environment_wants_utf8("POSIX", "en_US.UTF-8", "en_US.UTF-8"));
    EXPECT_FALSE(environment_wants_utf8(nullptr, nullptr, "en_US"));
    EXPECT_FALSE(environment_wants_utf8(nullptr, nullptr, "en_US.ISO-8859-1"));
    EXPECT_FALSE(environment_wants_utf8(nullptr, nullptr, nullptr));
    EXPECT_FALSE(environment_wants_utf8("", "", ""));
}

// A UTF-8 locale that no system has files for (as en_US.UTF-8 where it was never generated, or
// any locale for a static binary on a system without files of its glibc), LOCPATH set to an
// empty directory (glibc still searches its own directory after it), and the environment and
// LC_CTYPE put back afterwards.
class UnknownUtf8Locale : public ::testing::Test {
  protected:
    void SetUp() override {
        for (const char* name : {"LOCPATH", "LC_ALL", "LC_CTYPE", "LANG"})
            if (const char* value = std::getenv(name)) saved_env_[name] = value;
        setenv("LOCPATH", empty_.root().c_str(), 1);
        unsetenv("LC_ALL");
        unsetenv("LC_CTYPE");
        setenv("LANG", "xx_XX.UTF-8", 1);
        saved_ctype_ = std::setlocale(LC_CTYPE, nullptr);
        std::setlocale(LC_CTYPE, "C");
    }
    void TearDown() override {
        std::setlocale(LC_CTYPE, saved_ctype_.c_str());
        for (const char* name : {"LOCPATH", "LC_ALL", "LC_CTYPE", "LANG"}) {
            auto it = saved_env_.find(name);
            if (it == saved_env_.end())
                unsetenv(name);
            else
                setenv(name, it->second.c_str(), 1);
        }
    }

    edgetop::testing::FixtureTree empty_;
    std::map<std::string, std::string> saved_env_;
    std::string saved_ctype_;
};

// Whether LC_CTYPE now decodes UTF-8: a lower-eighth block and a braille cell, as the view draws.
bool decodes_view_glyphs() {
    if (std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0) return false;
    for (auto [bytes, code] :
         {std::pair{"\xe2\x96\x81", wchar_t{0x2581}}, std::pair{"\xe2\xa3\xbf", wchar_t{0x28ff}}}) {
        std::mbstate_t state{};
        wchar_t wide = 0;
        if (std::mbrtowc(&wide, bytes, 3, &state) != 3 || wide != code || wcwidth(wide) != 1)
            return false;
    }
    return true;
}

TEST_F(UnknownUtf8Locale, TheSystemCannotLoadTheLocale) {
    EXPECT_EQ(std::setlocale(LC_CTYPE, ""), nullptr);
    EXPECT_FALSE(decodes_view_glyphs());
}

#ifdef EDGETOP_STATIC

// The private directories the built-in table is loaded from.
int locale_directories() {
    int count = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::filesystem::temp_directory_path()))
        count += entry.path().filename().string().rfind("edgetop-locale-", 0) == 0;
    return count;
}

TEST_F(UnknownUtf8Locale, TheBuiltInUtf8CharacterTypesDecodeTheViewGlyphs) {
    int directories_before = locale_directories();
    ASSERT_TRUE(set_ctype_from_environment());
    EXPECT_TRUE(decodes_view_glyphs());
    EXPECT_EQ(std::string(std::getenv("LOCPATH")), empty_.root());  // put back
    EXPECT_EQ(locale_directories(), directories_before);            // removed
}

TEST_F(UnknownUtf8Locale, ANonUtf8LocaleGetsNoBuiltInTable) {
    setenv("LANG", "en_US.ISO-8859-1", 1);
    EXPECT_FALSE(set_ctype_from_environment());
    EXPECT_STREQ(std::setlocale(LC_CTYPE, nullptr), "C");
}

#else

TEST_F(UnknownUtf8Locale, ADynamicBuildHasNoBuiltInTable) {
    EXPECT_FALSE(set_ctype_from_environment());
    EXPECT_STREQ(std::setlocale(LC_CTYPE, nullptr), "C");
    EXPECT_FALSE(decodes_view_glyphs());
}

#endif

}  // namespace
}  // namespace edgetop::tui
