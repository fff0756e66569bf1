# The input readers under libFuzzer + ASan/UBSan for a bounded time each (skipped without
# clang++). fuzz_build compiles every target once, with clang, in ${CMAKE_BINARY_DIR}/fuzz
# (tests/fuzz/CMakeLists.txt); each <target>_fuzz entry needs it and only runs its target. It
# costs the most, so ctest starts it first and the other tests fill the second core meanwhile.
# `make fuzz` runs every target for 60 s; here a few seconds each catch what a change broke.
# Off by default: the clang build costs `make test` a core for two minutes; .ci/run fuzzes with
# `make fuzz` as a stage of its own.
option(EDGETOP_FUZZ_TESTS "Build and run the libFuzzer targets as ctest entries (needs clang++)" OFF)
if(NOT EDGETOP_FUZZ_TESTS)
  return()
endif()
set(EDGETOP_FUZZ_SECONDS 5 CACHE STRING "seconds each libFuzzer target runs in ctest")
add_test(NAME fuzz_build COMMAND ${CMAKE_SOURCE_DIR}/tests/fuzz/build_fuzz.sh ${CMAKE_BINARY_DIR}/fuzz)
set_tests_properties(fuzz_build PROPERTIES
  ENVIRONMENT "CMAKE=${CMAKE_COMMAND};JOBS=2"
  FIXTURES_SETUP fuzz_targets COST 10000 TIMEOUT 900 SKIP_REGULAR_EXPRESSION "^skipped:")
# tests/fuzz/targets.txt names every target, one a line (make fuzz reads it too).
file(STRINGS ${CMAKE_SOURCE_DIR}/tests/fuzz/targets.txt fuzz_targets)
foreach(target IN LISTS fuzz_targets)
  add_test(NAME ${target}_fuzz COMMAND ${CMAKE_SOURCE_DIR}/tests/fuzz/run_fuzz.sh ${target})
  set_tests_properties(${target}_fuzz PROPERTIES
    ENVIRONMENT "FUZZ_SECONDS=${EDGETOP_FUZZ_SECONDS};FUZZ_NO_BUILD=1;FUZZ_BUILD=${CMAKE_BINARY_DIR}/fuzz;FUZZ_ARTIFACTS=${CMAKE_BINARY_DIR}/fuzz-artifacts"
    FIXTURES_REQUIRED fuzz_targets TIMEOUT 120 SKIP_REGULAR_EXPRESSION "^skipped:")
endforeach()
