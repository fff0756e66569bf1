# EDGETOP_STATIC=ON: every executable fully static (no shared library, no program interpreter),
# so the one edgetop file runs on any Linux of its architecture: JetPack 4's glibc 2.27 as well
# as JetPack 7's. Included before the dependencies are looked for: it makes them resolve to
# static archives or to header-only forms.
option(EDGETOP_STATIC "Link fully static executables (needs static archives of every library)" OFF)
if(NOT EDGETOP_STATIC)
  return()
endif()

# Every library found through pkg-config (zstd, libyaml, libxcrypt, procps) then resolves to
# its .a, with the libraries it needs in turn; Debian and Ubuntu ship libyaml.a (libyaml-dev) and
# libcrypt.a (libcrypt-dev) on every target release.
set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
set(PKG_CONFIG_USE_STATIC_LIBS ON)
# FindOpenSSL's own switch: libssl.a and libcrypto.a, with the threads and dl they need.
set(OPENSSL_USE_STATIC_LIBS TRUE)
string(APPEND CMAKE_EXE_LINKER_FLAGS " -static")
add_compile_definitions(EDGETOP_STATIC)

# Static ncursesw needs tinfo named on the link line (the shared one brings it itself), and
# FindCurses looks for a "tinfow" that Debian does not have.
find_library(CURSES_EXTRA_LIBRARY tinfo)

# The choices cmake/Dependencies.cmake offers, set for a static link: fmt header-only (Debian
# ships no libfmt.a) and no
# Google Benchmark (no libbenchmark.a; the benches are for the dynamic build).
set(EDGETOP_FMT_TARGET fmt::fmt-header-only CACHE STRING "" FORCE)
set(CMAKE_DISABLE_FIND_PACKAGE_benchmark ON)

# simdjson ships no static archive either: its single-file form from the Debian source package
# (`make dist` unpacks it with apt-get source; nothing of it is kept in this repository). The
# target exists before Dependencies.cmake looks for simdjson, whose package file then keeps it.
if(NOT EDGETOP_SIMDJSON STREQUAL "OFF")
  set(EDGETOP_SIMDJSON_SOURCE "" CACHE PATH
      "simdjson's singleheader directory (simdjson.h, simdjson.cpp) for static builds")
  if(NOT EXISTS "${EDGETOP_SIMDJSON_SOURCE}/simdjson.cpp")
    message(FATAL_ERROR "EDGETOP_STATIC needs EDGETOP_SIMDJSON_SOURCE: the singleheader directory of "
                        "Debian's simdjson source package (scripts/dist/debian-source.sh simdjson), "
                        "or -DEDGETOP_SIMDJSON=OFF")
  endif()
  add_library(edgetop_simdjson STATIC ${EDGETOP_SIMDJSON_SOURCE}/simdjson.cpp)
  target_include_directories(edgetop_simdjson SYSTEM PUBLIC ${EDGETOP_SIMDJSON_SOURCE})
  set_target_properties(edgetop_simdjson PROPERTIES UNITY_BUILD OFF)
  target_compile_options(edgetop_simdjson PRIVATE -w)
  add_library(simdjson::simdjson ALIAS edgetop_simdjson)
endif()

# Definitions that only a static link needs (see static/*.cpp), placed after every library on
# each link line so that the archives that refer to them (libproc2.a) find them.
add_library(edgetop_static_support STATIC ${CMAKE_CURRENT_LIST_DIR}/../static/systemd_stand_ins.cpp)
set_target_properties(edgetop_static_support PROPERTIES
  ARCHIVE_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/static UNITY_BUILD OFF)
link_libraries(edgetop_static_support)
find_package(ZLIB REQUIRED)  # the built-in locale below is gzipped
string(APPEND CMAKE_CXX_STANDARD_LIBRARIES
       " ${CMAKE_BINARY_DIR}/static/libedgetop_static_support.a ${ZLIB_LIBRARIES}")

# glibc has no built-in C.UTF-8: a static program finds no locale at all where the target's
# locale files are missing or of another glibc. The character-type table of C.UTF-8, made here
# with localedef for this glibc and gzipped, is embedded in the view (tui/locale_fallback.cpp)
# and used only when setlocale fails for a UTF-8 locale.
find_program(EDGETOP_LOCALEDEF localedef REQUIRED)
find_program(EDGETOP_GZIP gzip REQUIRED)
if(NOT EXISTS /usr/share/i18n/charmaps/UTF-8.gz)
  message(FATAL_ERROR "EDGETOP_STATIC needs the locale sources of glibc (Debian package locales)")
endif()
set(edgetop_ctype_dir ${CMAKE_BINARY_DIR}/locale)
set(edgetop_ctype_gz ${edgetop_ctype_dir}/C.UTF-8.LC_CTYPE.gz)
add_custom_command(
  OUTPUT ${edgetop_ctype_gz}
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${edgetop_ctype_dir}/C.UTF-8
  COMMAND ${CMAKE_COMMAND} -E make_directory ${edgetop_ctype_dir}
  COMMAND ${EDGETOP_LOCALEDEF} --no-archive --little-endian -i C -f UTF-8 ${edgetop_ctype_dir}/C.UTF-8
  COMMAND ${EDGETOP_GZIP} -9 -n -c ${edgetop_ctype_dir}/C.UTF-8/LC_CTYPE > ${edgetop_ctype_gz}
  COMMENT "C.UTF-8 character types for the static view"
  VERBATIM)
add_custom_target(edgetop_utf8_ctype DEPENDS ${edgetop_ctype_gz})
set_source_files_properties(${CMAKE_SOURCE_DIR}/tui/locale_fallback.cpp PROPERTIES
  OBJECT_DEPENDS ${edgetop_ctype_gz} SKIP_UNITY_BUILD_INCLUSION ON
  COMPILE_DEFINITIONS "EDGETOP_UTF8_CTYPE_GZ=\"${edgetop_ctype_gz}\"")
add_dependencies(edgetop_static_support edgetop_utf8_ctype)
