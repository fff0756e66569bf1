# Finds every library edgetop builds against and decides, at configure time, which implementation
# of each optional part is compiled. The result is a set of EDGETOP_* variables and imported
# targets that CMakeLists.txt links; nothing here downloads anything.
#
# Steering (all cache variables, so a toolchain or a packaging file can preset them):
#   EDGETOP_BUILD_TESTS      the GoogleTest suite (ON when GoogleTest is found)
#   EDGETOP_SIMDJSON         AUTO|ON|OFF: session sample lines read with simdjson, or nlohmann
#   EDGETOP_PROCPS           AUTO|libproc2|libprocps: the library behind the process table
#   EDGETOP_FMT_TARGET       the fmt target to link (fmt::fmt, or fmt::fmt-header-only)
#
# CMake 3.16 only: no find_package(... GLOBAL), no cmake_path, no if(... IN_LIST) surprises.

include(CMakeDependentOption)
find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)
find_package(ZLIB REQUIRED)
# Compressed sessions (.jsonl.zst): Debian and Ubuntu package libzstd for every target.
pkg_check_modules(ZSTD REQUIRED IMPORTED_TARGET libzstd>=1.4.0)
# serve --web-config: the YAML file read with libyaml (libyaml-dev), the basic-auth passwords
# checked against their bcrypt hashes with libxcrypt's crypt_rn (libcrypt-dev; glibc's own
# libcrypt has neither bcrypt nor crypt_rn). Both ship static archives on every target.
pkg_check_modules(YAML REQUIRED IMPORTED_TARGET yaml-0.1)
pkg_check_modules(XCRYPT QUIET IMPORTED_TARGET libxcrypt)
if(NOT XCRYPT_FOUND)  # an older libcrypt-dev without its .pc file: the library by name
  find_library(EDGETOP_CRYPT_LIBRARY crypt)
  include(CheckSymbolExists)
  set(CMAKE_REQUIRED_LIBRARIES ${EDGETOP_CRYPT_LIBRARY})
  check_symbol_exists(crypt_rn crypt.h EDGETOP_HAVE_CRYPT_RN)
  unset(CMAKE_REQUIRED_LIBRARIES)
  if(NOT EDGETOP_CRYPT_LIBRARY OR NOT EDGETOP_HAVE_CRYPT_RN)
    message(FATAL_ERROR "libxcrypt (libcrypt-dev) not found: serve's basic authentication needs "
                        "its crypt_rn and bcrypt")
  endif()
  add_library(PkgConfig::XCRYPT INTERFACE IMPORTED)
  set_target_properties(PkgConfig::XCRYPT PROPERTIES INTERFACE_LINK_LIBRARIES ${EDGETOP_CRYPT_LIBRARY})
endif()
# TLS of `serve` (1.2 and 1.3): OpenSSL 1.1.1 or newer, packaged with its static archives
# (libssl-dev) by every target release.
find_package(OpenSSL 1.1.1 REQUIRED)

find_package(fmt REQUIRED)
set(EDGETOP_FMT_TARGET fmt::fmt CACHE STRING "fmt target to link (fmt::fmt or fmt::fmt-header-only)")
find_package(nlohmann_json 3.7 REQUIRED)

set(CURSES_NEED_WIDE TRUE)
find_package(Curses REQUIRED)

# One AUTO|ON|OFF choice: sets <var>_ENABLED to ON or OFF, failing when ON cannot be honoured.
function(edgetop_choose var found why_not)
  if(${var} STREQUAL "OFF")
    set(${var}_ENABLED OFF PARENT_SCOPE)
  elseif(found)
    set(${var}_ENABLED ON PARENT_SCOPE)
  elseif(${var} STREQUAL "ON")
    message(FATAL_ERROR "${var}=ON but ${why_not}")
  else()
    set(${var}_ENABLED OFF PARENT_SCOPE)
  endif()
endfunction()

# --- procps: libproc2 (procps 4) or libprocps (procps 3.3) ---------------------------------------
set(EDGETOP_PROCPS AUTO CACHE STRING "Process table library: AUTO, libproc2 or libprocps")
set_property(CACHE EDGETOP_PROCPS PROPERTY STRINGS AUTO libproc2 libprocps)
if(EDGETOP_PROCPS STREQUAL "AUTO" OR EDGETOP_PROCPS STREQUAL "libproc2")
  pkg_check_modules(PROC2 QUIET IMPORTED_TARGET libproc2)
endif()
if(NOT PROC2_FOUND AND (EDGETOP_PROCPS STREQUAL "AUTO" OR EDGETOP_PROCPS STREQUAL "libprocps"))
  pkg_check_modules(PROCPS QUIET IMPORTED_TARGET libprocps)
endif()
if(PROC2_FOUND)
  set(EDGETOP_PROCPS_BACKEND libproc2)
  set(EDGETOP_PROCPS_TARGET PkgConfig::PROC2)
  set(EDGETOP_PROCPS_VERSION ${PROC2_VERSION})
elseif(PROCPS_FOUND)
  set(EDGETOP_PROCPS_BACKEND libprocps)
  set(EDGETOP_PROCPS_TARGET PkgConfig::PROCPS)
  set(EDGETOP_PROCPS_VERSION ${PROCPS_VERSION})
else()
  message(FATAL_ERROR "EDGETOP_PROCPS=${EDGETOP_PROCPS}: neither libproc2 (libproc2-dev) nor "
                      "libprocps (libprocps-dev) found through pkg-config")
endif()
message(STATUS "edgetop: process table through ${EDGETOP_PROCPS_BACKEND} ${EDGETOP_PROCPS_VERSION}")

# --- simdjson: On-Demand as the current reader uses it needs 1.0 ---------------------------------
# The sample reader calls ondemand::value::get_number_type(), get_number() and
# document::current_location(), which simdjson 1.0.0 introduced (0.7, Debian 11's, has a partial
# On-Demand without them; 0.2, Ubuntu 20.04's, has none).
set(EDGETOP_SIMDJSON_MIN_VERSION 1.0)
set(EDGETOP_SIMDJSON AUTO CACHE STRING "Read session samples with simdjson: AUTO, ON or OFF")
set_property(CACHE EDGETOP_SIMDJSON PROPERTY STRINGS AUTO ON OFF)
if(NOT EDGETOP_SIMDJSON STREQUAL "OFF")
  find_package(simdjson QUIET)
endif()
set(simdjson_usable OFF)
if(simdjson_FOUND AND NOT simdjson_VERSION VERSION_LESS EDGETOP_SIMDJSON_MIN_VERSION)
  set(simdjson_usable ON)
endif()
edgetop_choose(EDGETOP_SIMDJSON "${simdjson_usable}"
               "simdjson >= ${EDGETOP_SIMDJSON_MIN_VERSION} was not found (found: '${simdjson_VERSION}')")
if(EDGETOP_SIMDJSON_ENABLED)
  message(STATUS "edgetop: session samples read with simdjson ${simdjson_VERSION} (On-Demand)")
else()
  if(EDGETOP_SIMDJSON STREQUAL "OFF")
    set(simdjson_found_text "EDGETOP_SIMDJSON=OFF")
  elseif(NOT simdjson_FOUND)
    set(simdjson_found_text "not found")
  elseif(simdjson_VERSION)
    set(simdjson_found_text "found ${simdjson_VERSION}")
  else()
    set(simdjson_found_text "found one without a version number: older than 1.0")
  endif()
  message(STATUS "edgetop: session samples read with nlohmann-json (simdjson >= "
                 "${EDGETOP_SIMDJSON_MIN_VERSION} not used; ${simdjson_found_text})")
endif()

# --- tests and benchmarks ------------------------------------------------------------------------
# GoogleTest's own config package (1.10+ ships one) gives GTest::gtest/gmock; CMake's FindGTest
# (3.18 and older) gives only GTest::GTest and GTest::Main and no gmock at all.
find_package(GTest QUIET CONFIG)
if(NOT GTest_FOUND)
  find_package(GTest QUIET MODULE)
endif()
set(gtest_found OFF)
if(TARGET GTest::gtest OR TARGET GTest::GTest)
  set(gtest_found ON)
endif()
option(EDGETOP_BUILD_TESTS "Build the GoogleTest suite" ${gtest_found})
if(EDGETOP_BUILD_TESTS)
  if(NOT gtest_found)
    message(FATAL_ERROR "EDGETOP_BUILD_TESTS=ON but GoogleTest (libgtest-dev, libgmock-dev) not found")
  endif()
  if(TARGET GTest::gtest AND TARGET GTest::gmock)
    set(EDGETOP_GTEST_TARGETS GTest::gtest GTest::gmock)
    set(EDGETOP_GTEST_MAIN GTest::gtest_main)
  else()
    find_library(GMOCK_LIBRARY gmock)
    if(NOT GMOCK_LIBRARY)
      message(FATAL_ERROR "GoogleMock (libgmock-dev) not found")
    endif()
    set(EDGETOP_GTEST_TARGETS GTest::GTest ${GMOCK_LIBRARY})
    set(EDGETOP_GTEST_MAIN GTest::Main)
  endif()
  message(STATUS "edgetop: tests on (GoogleTest: ${EDGETOP_GTEST_TARGETS})")
else()
  message(STATUS "edgetop: tests off")
endif()

# The benches use Benchmark::Name() and benchmark::CreateDenseRange(), which 1.5.2 (Debian 11)
# lacks; Ubuntu 22.04 has 1.6.1.
find_package(benchmark QUIET)
set(EDGETOP_BENCH OFF)
if(benchmark_FOUND AND NOT benchmark_VERSION VERSION_LESS 1.6)
  set(EDGETOP_BENCH ON)
  message(STATUS "edgetop: benchmarks on (Google Benchmark ${benchmark_VERSION})")
elseif(benchmark_FOUND)
  message(STATUS "edgetop: benchmarks off (Google Benchmark ${benchmark_VERSION} is older than 1.6)")
else()
  message(STATUS "edgetop: benchmarks off (Google Benchmark not found)")
endif()
