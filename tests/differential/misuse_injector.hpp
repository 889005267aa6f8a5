// Turns a random legal program into one with exactly one illegal or fatal
// operation, at a random superstep and process. The reference model confirms
// each candidate: it must stop exactly there, for exactly that reason.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "bsp_program.hpp"
#include "program_generator.hpp"

namespace superstep::differential {

enum class MisuseKind {
  kPutUnregistered,
  kPutOutOfBounds,
  kPutBadPid,
  kPutNegativeSize,
  kPutNullTarget,
  kHpputOutOfBounds,
  kGetUnregistered,
  kGetOutOfBounds,
  kGetBadPid,
  kHpgetUnregistered,
  kPushNegativeSize,
  kPopUnregistered,
  kPushCountMismatch,
  kPopMismatch,
  kTagsizeMismatch,
  kTagsizeNegative,
  kSendBadPid,
  kSendNegativeSize,
  kMoveEmpty,
  kEndWhileOthersSync,
  kPutNullSource,
  kGetNullDestination,
  kSendNullTag,
  kSendNullPayload,
  kGetTagNullTag,
  kMoveNullPayload,
  kPopCountMismatch,
  kAbort,
  // Faults: the process dies.
  kKill,
  kSegv,
  kExitWithoutEnd,
  kQuickExitWorker,  // _exit in a process other than 0
};
inline constexpr int kFirstFault = static_cast<int>(MisuseKind::kKill);
inline constexpr int kKindCount = static_cast<int>(MisuseKind::kQuickExitWorker) + 1;

const char* kind_name(MisuseKind kind);
// Collective mismatches are detected at the sync and name no single process.
bool is_collective(MisuseKind kind);

struct Injected {
  model::Program program;
  MisuseKind kind;
  int superstep = 0;
  int pid = 0;
  std::string primitive;  // what the error message must name
};

// nullopt when no program tried from this seed admits the misuse.
std::optional<Injected> inject(std::uint64_t seed, MisuseKind kind, GeneratorOptions options);

}  // namespace superstep::differential
