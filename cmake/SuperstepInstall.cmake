# What `cmake --install <build> --prefix <dir>` puts under <dir>:
#   lib/libbsp.so, lib/libbsp.a                the library, shared and static
#   include/bsp.h, mcbsp.h (and bsp.hpp)       the headers
#   bin/bspcc, bin/bspc++, bin/bsprun          the tools (installed by tools/*/; bsproute by route/)
#   lib/libbsp_mpi.so                          the MPI engine plugin (where MPI was found)
#   lib/cmake/Superstep/                       find_package(Superstep): Superstep::bsp,
#                                              Superstep::bsp_static, Superstep::bsp_mpi
#   share/man/man1, man3, man7                 the manual (man/)
#   share/doc/Superstep/api                    the manual as HTML (where mandoc renders it)
#   lib/pkgconfig/superstep.pc                 pkg-config --cflags --libs superstep
#   lib/libbsp_fortran.so, bin/bspfc,          Fortran, where it is built (fortran/): the library,
#   include/bsp_f77.h,                         the driver, the Oxford routines' declarations, the
#   include/superstep/fortran/bsp.mod,         module, Superstep::bsp_fortran (when the project
#   lib/pkgconfig/superstep-fortran.pc         enables Fortran) and pkg-config
# Every installed file finds the others relative to its own location, so the prefix
# chosen at install time (not the one known at configure time) is the one that counts.
include(CMakePackageConfigHelpers)

set(SUPERSTEP_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Superstep)

set_target_properties(bsp_static PROPERTIES EXPORT_NAME bsp_static)
install(TARGETS bsp bsp_static EXPORT SuperstepTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.hpp")

install(EXPORT SuperstepTargets NAMESPACE Superstep:: DESTINATION ${SUPERSTEP_CMAKE_DIR})
# The MPI plugin in an export set of its own: SuperstepConfig.cmake loads it only where MPI is
# found, so that find_package(Superstep) works without MPI too.
if(TARGET bsp_mpi)
  install(TARGETS bsp_mpi EXPORT SuperstepMpiTargets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT SuperstepMpiTargets NAMESPACE Superstep:: DESTINATION ${SUPERSTEP_CMAKE_DIR})
endif()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/SuperstepConfig.cmake.in
  ${PROJECT_BINARY_DIR}/SuperstepConfig.cmake INSTALL_DESTINATION ${SUPERSTEP_CMAKE_DIR})
# 0.x releases may change the interface between minor versions.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/SuperstepConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/SuperstepConfig.cmake
  ${PROJECT_BINARY_DIR}/SuperstepConfigVersion.cmake DESTINATION ${SUPERSTEP_CMAKE_DIR})

# pkg-config: paths relative to ${pcfiledir}, the folder the .pc file is found in.
set(SUPERSTEP_PKGCONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH SUPERSTEP_PC_TO_PREFIX /root/${SUPERSTEP_PKGCONFIG_DIR} /root)
string(REGEX REPLACE "/$" "" SUPERSTEP_PC_TO_PREFIX "${SUPERSTEP_PC_TO_PREFIX}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/superstep.pc.in ${PROJECT_BINARY_DIR}/superstep.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/superstep.pc DESTINATION ${SUPERSTEP_PKGCONFIG_DIR})
