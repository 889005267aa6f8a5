# Installs the build tree into a fresh prefix, then builds and runs three
# consumer projects out of tree against that prefix: with find_package, with
# pkg-config (make) and with bspcc/bspc++. Every program runs under the
# installed bsprun and must print the expected result.
# Variables: BUILD_DIR, CONSUMERS (source folder), WORK_DIR, GENERATOR,
# C_COMPILER, CXX_COMPILER, MAKE, CONFIG, HAVE_MPI (the MPI plugin was built).
cmake_minimum_required(VERSION 3.20)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n--- stdout:\n${out}--- stderr:\n${err}")
  endif()
  set(output "${out}" PARENT_SCOPE)
  set(errors "${err}" PARENT_SCOPE)
endfunction()

# Installed programs must start with nothing but the prefix: no LD_LIBRARY_PATH,
# no variables of the build, a plain PATH.
find_program(ENV_PROGRAM env REQUIRED)
set(clean_env ${ENV_PROGRAM} -i PATH=/usr/bin:/bin)

# Runs `program` with 3 processes under the installed bsprun; expects `line`.
function(expect_run program line)
  run(${clean_env} ${prefix}/bin/bsprun -n 3 ${program})
  if(NOT output STREQUAL "${line}\n")
    message(FATAL_ERROR "${program} printed:\n${output}\nexpected:\n${line}")
  endif()
  message(STATUS "ok: ${program}")
endfunction()

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# 1. Install, and check that everything the documentation promises is there.
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} --config ${CONFIG})
foreach(file bin/bsprun bin/bspcc bin/bspc++ bin/bspprobe include/bsp.h include/mcbsp.h
        include/superstep/mcbsp_interface.h lib/libbsp.so lib/libbsp.a
        lib/cmake/Superstep/SuperstepConfig.cmake lib/cmake/Superstep/SuperstepConfigVersion.cmake
        lib/pkgconfig/superstep.pc share/man/man3/bsp.h.3 share/man/man3/bsp_put.3
        share/man/man1/bsprun.1 share/man/man1/bspcc.1 share/man/man1/bspprobe.1)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "not installed: ${prefix}/${file}")
  endif()
endforeach()

# Every installed tool starts from the prefix and knows --help.
file(GLOB tools ${prefix}/bin/*)
foreach(tool ${tools})
  run(${clean_env} ${tool} --help)
  get_filename_component(name ${tool} NAME)
  string(TOLOWER "${output}" lowered)
  string(FIND "${lowered}" "usage: ${name} " at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${tool} --help printed no usage:\n${output}")
  endif()
  message(STATUS "ok: ${tool} --help")
endforeach()

# 2. CMake: find_package(Superstep), shared and static library.
set(build ${WORK_DIR}/cmake)
run(${CMAKE_COMMAND} -S ${CONSUMERS}/cmake -B ${build} -G ${GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${C_COMPILER}
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=${CONFIG} -DEXPECT_MPI=${HAVE_MPI})
run(${CMAKE_COMMAND} --build ${build} --config ${CONFIG})
foreach(program consumer consumer_static)
  file(GLOB_RECURSE found ${build}/${program} ${build}/*/${program})
  expect_run("${found}" "cmake consumer: sum of pids over 3 processes = 3")
endforeach()

# 3. pkg-config, from a Makefile, with nothing but the installed prefix to search.
set(build ${WORK_DIR}/pkgconfig)
file(MAKE_DIRECTORY ${build})
run(${CMAKE_COMMAND} -E env PKG_CONFIG_LIBDIR=${prefix}/lib/pkgconfig PKG_CONFIG_PATH=
    ${MAKE} -C ${build} -f ${CONSUMERS}/pkgconfig/Makefile SRC=${CONSUMERS}/pkgconfig
    CC=${C_COMPILER})
expect_run(${build}/consumer "pkg-config consumer: 3 messages, sum of pids = 3")

# 4. bspcc and bspc++ as installed (they find the prefix from their own location).
set(build ${WORK_DIR}/bspcc)
file(MAKE_DIRECTORY ${build})
run(${clean_env} ${prefix}/bin/bspcc --show -c x.c)
if(NOT output MATCHES "-I${prefix}/include -c x.c")
  message(FATAL_ERROR "installed bspcc does not use the prefix: ${output}")
endif()
run(${clean_env} ${prefix}/bin/bspcc -O2 ${CONSUMERS}/bspcc/consumer.c -o ${build}/consumer)
expect_run(${build}/consumer "bspcc consumer: sum of pids over 3 processes = 3")
run(${clean_env} ${prefix}/bin/bspc++ --mcbsp -O2 ${CONSUMERS}/bspcc/consumer.cpp -o ${build}/consumer_cxx)
expect_run(${build}/consumer_cxx "bspc++ consumer: sum of pids = 3")

# 4b. Fortran, where Superstep was built with it: bspfc as installed, and find_package in a
# project that enables Fortran.
if(HAVE_FORTRAN)
  foreach(file bin/bspfc lib/libbsp_fortran.so include/bsp_f77.h include/superstep/fortran/bsp.mod
          lib/pkgconfig/superstep-fortran.pc)
    if(NOT EXISTS ${prefix}/${file})
      message(FATAL_ERROR "not installed: ${prefix}/${file}")
    endif()
  endforeach()
  set(build ${WORK_DIR}/bspfc)
  file(MAKE_DIRECTORY ${build})
  run(${clean_env} ${prefix}/bin/bspfc -O2 ${CONSUMERS}/fortran/consumer.f90 -o ${build}/consumer)
  expect_run(${build}/consumer "fortran consumer: sum of pids over 3 processes = 3")
  run(${clean_env} ${prefix}/bin/bspfc -O2 ${CONSUMERS}/fortran/consumer.f -o ${build}/consumer_f77)
  expect_run(${build}/consumer_f77 "f77 consumer: sum of pids = 3")
  set(build ${WORK_DIR}/cmake_fortran)
  run(${CMAKE_COMMAND} -S ${CONSUMERS}/fortran -B ${build} -G ${GENERATOR}
      -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${C_COMPILER}
      -DCMAKE_Fortran_COMPILER=${Fortran_COMPILER} -DCMAKE_BUILD_TYPE=${CONFIG})
  run(${CMAKE_COMMAND} --build ${build} --config ${CONFIG})
  file(GLOB_RECURSE found ${build}/consumer ${build}/*/consumer)
  expect_run("${found}" "fortran consumer: sum of pids over 3 processes = 3")
endif()

# 5. The machine parameters the build measured are installed, and an installed program's
# collectives find them beside its libbsp (BSP_COLLECTIVE_TRACE names the file).
if(EXISTS ${BUILD_DIR}/share/superstep/bspprobe.json)
  if(NOT EXISTS ${prefix}/share/superstep/bspprobe.json)
    message(FATAL_ERROR "not installed: ${prefix}/share/superstep/bspprobe.json")
  endif()
  run(${clean_env} ${prefix}/bin/bspcc -O2 ${CONSUMERS}/bspcc/collective.c -o ${build}/collective)
  run(${clean_env} BSP_COLLECTIVE_TRACE=1 ${prefix}/bin/bsprun -n 3 ${build}/collective)
  if(NOT output STREQUAL "collective consumer: sum of pids over 3 processes = 3\n")
    message(FATAL_ERROR "the collective consumer printed:\n${output}")
  endif()
  file(REAL_PATH ${prefix}/share/superstep/bspprobe.json installed)
  string(FIND "${errors}" "from ${installed} (measured at build" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the installed collectives did not use ${installed}:\n${errors}")
  endif()
  message(STATUS "ok: ${build}/collective uses ${installed}")
endif()
