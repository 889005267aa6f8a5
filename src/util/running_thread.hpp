// Starting a thread is not yet its running. Between pthread_create and the
// first line of its function a new thread runs the C library's and any
// sanitizer's start-up, which take their locks (AddressSanitizer's allocator
// lock among them). A program that forks in that moment gives its child those
// locks, held forever by a thread the child does not have: the child hung at
// exit in AddressSanitizer's leak check, about once in a hundred runs.
// The library's own threads are therefore started with start_running_thread,
// which returns once the new thread is past its start-up, so that the
// program's forks (its children are its own) may come at any moment.
//
// A thread may also not start at all: with the processes and threads of the
// user at RLIMIT_NPROC (ulimit -u), or the system's at threads-max, the
// system refuses it (EAGAIN). std::thread then throws, and an exception that
// nobody catches aborts the program; the library instead reports the refusal
// with its own message and ends the run, so the start returns the error.
#pragma once

#include <cerrno>
#include <future>
#include <new>
#include <system_error>
#include <thread>
#include <utility>

namespace superstep {

// A thread running `body`, returned once `body` has been entered, with
// *error 0. Where the system refuses a thread: no thread (not joinable), and
// the reason (an errno value) in *error.
template <class Body>
std::thread start_running_thread(Body body, int* error) {
  std::promise<void> entered;
  std::future<void> entered_seen = entered.get_future();
  std::thread thread;
  try {
    thread = std::thread([entered = std::move(entered), body = std::move(body)]() mutable {
      entered.set_value();
      body();
    });
  } catch (const std::system_error& refused) {
    *error = refused.code().value();
    return thread;
  } catch (const std::bad_alloc&) {
    *error = ENOMEM;
    return thread;
  }
  entered_seen.wait();
  *error = 0;
  return thread;
}

}  // namespace superstep
