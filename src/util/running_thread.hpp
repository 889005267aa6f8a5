// Starting a thread is not yet its running. Between pthread_create and the
// first line of its function a new thread runs the C library's and any
// sanitizer's start-up, which take their locks (AddressSanitizer's allocator
// lock among them). A program that forks in that moment gives its child those
// locks, held forever by a thread the child does not have: the child hung at
// exit in AddressSanitizer's leak check, about once in a hundred runs.
// The library's own threads are therefore started with start_running_thread,
// which returns once the new thread is past its start-up, so that the
// program's forks (its children are its own) may come at any moment.
#pragma once

#include <future>
#include <thread>
#include <utility>

namespace superstep {

// A thread running `body`, returned once `body` has been entered.
template <class Body>
std::thread start_running_thread(Body body) {
  std::promise<void> entered;
  std::future<void> entered_seen = entered.get_future();
  std::thread thread([entered = std::move(entered), body = std::move(body)]() mutable {
    entered.set_value();
    body();
  });
  entered_seen.wait();
  return thread;
}

}  // namespace superstep
