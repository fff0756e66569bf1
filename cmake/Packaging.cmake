# The version comes from project() alone: the program prints it, the installed man page says it
# (man/edgetop.1 has @PROJECT_VERSION@ in its title) and the packages are named after it.
set_source_files_properties(${CMAKE_SOURCE_DIR}/cli/cli_help.cpp PROPERTIES
  COMPILE_DEFINITIONS "EDGETOP_VERSION=\"${PROJECT_VERSION}\"" SKIP_UNITY_BUILD_INCLUSION ON)
configure_file(${CMAKE_SOURCE_DIR}/man/edgetop.1 ${CMAKE_BINARY_DIR}/man/edgetop.1 @ONLY)

# The systemd unit, with ExecStart pointing where this installation puts the binary.
file(READ ${CMAKE_SOURCE_DIR}/packaging/edgetop-serve.service edgetop_unit)
string(REPLACE "/usr/local/bin/edgetop" "${CMAKE_INSTALL_FULL_BINDIR}/edgetop" edgetop_unit
               "${edgetop_unit}")
file(WRITE ${CMAKE_BINARY_DIR}/packaging/edgetop-serve.service "${edgetop_unit}")
set(EDGETOP_UNIT_DIR lib/systemd/system CACHE STRING "where the .deb puts edgetop-serve.service")
install(FILES ${CMAKE_BINARY_DIR}/packaging/edgetop-serve.service DESTINATION ${EDGETOP_UNIT_DIR})

# `cpack -G DEB` in a static build: edgetop_<version>_<arch>.deb that depends on nothing (the
# binary is static). The tarballs are made by scripts/dist/tarball.sh.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64)$")
  set(edgetop_deb_arch arm64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64)$")
  set(edgetop_deb_arch amd64)
else()
  set(edgetop_deb_arch ${CMAKE_SYSTEM_PROCESSOR})
endif()
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME edgetop)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "edgetop maintainers <edgetop@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "terminal monitor and performance analysis for NVIDIA Jetson boards and Linux")
# The .deb installs where this build installs (make dist configures CMAKE_INSTALL_PREFIX=/usr).
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE ${edgetop_deb_arch})
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
set(CPACK_DEBIAN_FILE_NAME "edgetop_${PROJECT_VERSION}_${edgetop_deb_arch}.deb")
set(CPACK_STRIP_FILES ON)
include(CPack)
