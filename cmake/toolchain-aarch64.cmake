# Cross-compiling for aarch64 (Jetson) with Debian's cross toolchain (crossbuild-essential-arm64)
# against a sysroot of Debian's arm64 packages unpacked by scripts/dist/arm64-sysroot.sh.
# The sysroot is EDGETOP_AARCH64_SYSROOT from the environment, else build-dist/sysroot-aarch64.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

if(DEFINED ENV{EDGETOP_AARCH64_SYSROOT})
  set(CMAKE_SYSROOT $ENV{EDGETOP_AARCH64_SYSROOT})
else()
  get_filename_component(CMAKE_SYSROOT ${CMAKE_CURRENT_LIST_DIR}/../build-dist/sysroot-aarch64 ABSOLUTE)
endif()
if(NOT EXISTS ${CMAKE_SYSROOT}/usr/include)
  message(FATAL_ERROR "no aarch64 sysroot at ${CMAKE_SYSROOT} (scripts/dist/arm64-sysroot.sh makes one)")
endif()

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config reads only the sysroot's .pc files and prefixes their paths with it.
set(ENV{PKG_CONFIG_SYSROOT_DIR} ${CMAKE_SYSROOT})
set(ENV{PKG_CONFIG_LIBDIR}
    ${CMAKE_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig:${CMAKE_SYSROOT}/usr/share/pkgconfig)
unset(ENV{PKG_CONFIG_PATH})
