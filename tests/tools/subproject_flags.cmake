# Configures consumers/subproject, which adds Superstep with add_subdirectory and links
# Superstep::bsp, with SUPERSTEP_WERROR=ON, and reads the compile commands: Superstep's own
# sources get its warning flags, the consumer's source gets none of them.
# Variables: SOURCE_DIR (Superstep), CONSUMER (the subproject folder), WORK_DIR, GENERATOR,
# C_COMPILER, CXX_COMPILER.
cmake_minimum_required(VERSION 3.20)

file(REMOVE_RECURSE ${WORK_DIR})
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${CONSUMER} -B ${WORK_DIR} -G ${GENERATOR}
          -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
          -DSUPERSTEP_SOURCE_DIR=${SOURCE_DIR} -DSUPERSTEP_WERROR=ON
          -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the subproject failed (${rc}):\n${out}\n${err}")
endif()

file(READ ${WORK_DIR}/compile_commands.json commands)
string(JSON count LENGTH "${commands}")
math(EXPR last "${count} - 1")
set(consumer_seen FALSE)
set(library_seen FALSE)
foreach(i RANGE ${last})
  string(JSON file GET "${commands}" ${i} file)
  string(JSON command GET "${commands}" ${i} command)
  if(file MATCHES "consumer\\.c$")
    set(consumer_seen TRUE)
    foreach(flag -Wall -Wextra -Werror)
      if(command MATCHES "(^| )${flag}( |$)")
        message(FATAL_ERROR "the consumer's source is compiled with Superstep's ${flag}:\n${command}")
      endif()
    endforeach()
  elseif(file MATCHES "/src/core/sync\\.cpp$")
    set(library_seen TRUE)
    foreach(flag -Wall -Wextra -Werror)
      if(NOT command MATCHES "(^| )${flag}( |$)")
        message(FATAL_ERROR "Superstep's own source is compiled without ${flag}:\n${command}")
      endif()
    endforeach()
  endif()
endforeach()
if(NOT consumer_seen OR NOT library_seen)
  message(FATAL_ERROR "compile commands lack consumer.c or src/core/sync.cpp")
endif()
message(STATUS "ok: Superstep's targets carry its warnings, the consumer's do not")
