# cmake -DBSPPROBE=path -DOUTPUT=file -P measure_params.cmake: runs bspprobe --quick at p = 1, 2, 4
# and 8 and puts its JSON result at OUTPUT (written aside first, so that a failed probe leaves no
# half file). Every p is measured whatever the processor count, so that a run of up to 8 processes
# finds its own p (bspprof, the collectives); the result marks each p beyond the processors
# "oversubscribed". About 8 s on a loaded two-core machine.
get_filename_component(dir ${OUTPUT} DIRECTORY)
file(MAKE_DIRECTORY ${dir})
execute_process(COMMAND ${BSPPROBE} --quick --quiet --procs 1,2,4,8 --output ${OUTPUT}.part
                        --plot ""
                RESULT_VARIABLE status OUTPUT_QUIET)
if(status EQUAL 0 AND EXISTS ${OUTPUT}.part)
  file(RENAME ${OUTPUT}.part ${OUTPUT})
else()
  file(REMOVE ${OUTPUT}.part)
  message(WARNING "bspprobe --quick failed (${status}): the collectives will use their built-in "
                  "defaults; run it again by building the target superstep_params")
endif()
