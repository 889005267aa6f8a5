# Superstep's warning flags live in one INTERFACE target, superstep_warnings, that every target
# of this project links privately, instead of in directory-wide compile options: a project that
# adds Superstep with add_subdirectory or FetchContent compiles its own code with its own flags,
# and nothing of ours reaches an installed package (the link is build-tree only).
add_library(superstep_warnings INTERFACE)
target_compile_options(superstep_warnings INTERFACE -Wall -Wextra
                       $<$<BOOL:${SUPERSTEP_WERROR}>:-Werror>)

# superstep_code_targets(dir var): every target that compiles code in dir and the folders below
# it, into var.
function(superstep_code_targets dir var)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  set(found)
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    if(type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
      list(APPEND found ${target})
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir ${subdirs})
    superstep_code_targets(${subdir} below)
    list(APPEND found ${below})
  endforeach()
  set(${var} ${found} PARENT_SCOPE)
endfunction()

# superstep_link_warnings(targets...): links superstep_warnings into each. Called once, after
# every folder is added, with every code target, so that no target can forget it (a new target
# gets the warnings without a line of its own).
function(superstep_link_warnings)
  foreach(target ${ARGN})
    target_link_libraries(${target} PRIVATE $<BUILD_INTERFACE:superstep_warnings>)
  endforeach()
endfunction()
