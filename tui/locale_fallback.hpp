// The view's character type: the user's locale, or a built-in C.UTF-8 where the user asks for
// UTF-8 and the C library cannot load it (a static build on a system whose locale files are
// missing or belong to another glibc).
#pragma once

namespace edgetop::tui {

// Sets LC_CTYPE from the environment (LC_ALL, LC_CTYPE, LANG). Where that fails and the
// environment names a UTF-8 locale, loads the built-in C.UTF-8 character types (static builds
// only). Returns false when neither worked; LC_CTYPE is then unchanged.
bool set_ctype_from_environment();

// Whether the locale the environment selects for LC_CTYPE (the first non-empty of LC_ALL,
// LC_CTYPE and LANG, as setlocale reads them) has a UTF-8 codeset.
bool environment_wants_utf8(const char* lc_all, const char* lc_ctype, const char* lang);

// Loads the built-in C.UTF-8 character types into LC_CTYPE; false in a build without them.
bool load_builtin_utf8_ctype();

}  // namespace edgetop::tui
