// What a run tells the launcher that started it: bsprun creates an empty file
// and names it in BSP_RUN_NOTES; every call of bsp_begin appends "begin", and
// check mode appends "finding" for every line it reports, from any
// process. Lines are appended with one write each (O_APPEND), so processes of
// this host never mix them; a process on another host, where the file does not
// exist, notes nothing. bsprun reads the file when the program has ended: it
// says when a program never called bsp_begin, and bsprun --check exits with its
// own status when check mode found something.
#pragma once

#include <optional>

namespace superstep {

inline constexpr const char* kRunNotesVariable = "BSP_RUN_NOTES";

// True when a launcher asked for notes (BSP_RUN_NOTES is set): the program runs under bsprun.
bool run_notes_asked();

// Appends `line` (ending in a newline) to the notes, when asked for.
void note_run(const char* line);

}  // namespace superstep
