# Valgrind memcheck on a representative subset of the conformance programs at p = 2 (labels
# "valgrind;slow"), registered only when valgrind is found. Included from
# tests/conformance/CMakeLists.txt, after the programs exist.
#
# Worker processes are forked without exec, so valgrind follows them without
# --trace-children. A worker's memcheck error turns its exit status into 1, which the library
# reports ("process 1 exited with status 1 ... after bsp_end") and passes on as exit status 1:
# the test valgrind.catches_worker_errors checks exactly that, so the others cannot pass by
# overlooking workers. No suppressions are needed. (Valgrind versions that do not know
# pidfd_open print a warning about syscall 434; the library then watches its workers by polling.)
find_program(SUPERSTEP_VALGRIND valgrind)
if(NOT SUPERSTEP_VALGRIND)
  return()
endif()

set(memcheck ${SUPERSTEP_VALGRIND} --error-exitcode=1 --leak-check=no --trace-children=no)

foreach(name put_reads_source_at_call get_reads_source_at_sync hp_complete_after_sync
             write_order_gets_and_puts reg_newest_slot reg_null_and_zero bsmp_queue_operations
             bsmp_queue_order bsmp_tagsize)
  add_test(NAME valgrind.conformance.${name}
           COMMAND expect_run --nprocs 2 --timeout 120 --exit zero --stdout-regex "^PASS\\n$"
                   -- ${memcheck} $<TARGET_FILE:test_conformance_${name}>)
  set_tests_properties(valgrind.conformance.${name} PROPERTIES LABELS "valgrind;slow" TIMEOUT 150)
endforeach()

add_executable(valgrind_worker_error ${CMAKE_CURRENT_LIST_DIR}/valgrind_worker_error.c)
target_link_libraries(valgrind_worker_error PRIVATE bsp)
add_test(NAME valgrind.catches_worker_errors
         COMMAND expect_run --nprocs 2 --timeout 120 --exit 1
                 --stderr-regex "Conditional jump or move depends on uninitialised value"
                 --stderr-regex "process 1 exited with status 1"
                 -- ${memcheck} $<TARGET_FILE:valgrind_worker_error>)
set_tests_properties(valgrind.catches_worker_errors PROPERTIES LABELS "valgrind;slow" TIMEOUT 150)

# valgrind with its default options, as a user runs it: the leak check at each process's exit
# reads every readable mapping. The shared-memory engine's hundreds of GiB of reserved staging
# and mailbox space must be gone by then (ShmEngine::release_reserved_space), or the scan reads
# them into existence: before, a worker's exit grew shared memory by about 250 MB a second
# until the timeout (hence its short one) or the machine's memory ended it. bsp_abort's way out
# as well as bsp_end's.
foreach(p 2 4)
  add_test(NAME valgrind.default_options.p${p}
           COMMAND expect_run --nprocs ${p} --timeout 30 --exit zero --stdout-regex "^PASS\\n$"
                   -- ${SUPERSTEP_VALGRIND} $<TARGET_FILE:test_conformance_put_reads_source_at_call>)
  set_tests_properties(valgrind.default_options.p${p} PROPERTIES LABELS "valgrind;slow" TIMEOUT 60)
endforeach()
add_test(NAME valgrind.default_options.abort.p2
         COMMAND expect_run --nprocs 2 --timeout 30 --exit 1
                 --stderr-regex "abort test: value 42 from process 1 of 2\\n"
                 -- ${SUPERSTEP_VALGRIND} $<TARGET_FILE:test_conformance_abort_stops_all>)
set_tests_properties(valgrind.default_options.abort.p2 PROPERTIES LABELS "valgrind;slow" TIMEOUT 60)
