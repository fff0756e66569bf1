# The session-line reader, the nvpmodel.conf parser and the rule config under libFuzzer +
# ASan/UBSan for a bounded time each, like import_fuzz (skipped without clang++). `make fuzz` runs
# every target longer. The timeout leaves room for compiling on a loaded machine.
foreach(target session_lines nvpmodel_conf rule_config)
  add_test(NAME ${target}_fuzz COMMAND ${CMAKE_SOURCE_DIR}/tests/fuzz/run_fuzz.sh ${target})
  set_tests_properties(${target}_fuzz PROPERTIES
    ENVIRONMENT "FUZZ_SECONDS=10;FUZZ_ARTIFACTS=${CMAKE_BINARY_DIR}/fuzz-artifacts"
    TIMEOUT 600 SKIP_REGULAR_EXPRESSION "^skipped:")
endforeach()
