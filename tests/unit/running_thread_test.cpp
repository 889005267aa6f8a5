// start_running_thread (util/running_thread.hpp): the body runs once, on its own
// thread, and the start returns while the body still runs. That the start waits
// for the thread's start-up is what ordinary.child_exit checks under the
// sanitizers (a helper forked the moment bsp_begin returns); a fork here, with
// no library loaded by dlopen, never met a held lock even without the wait.
#include "util/running_thread.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace {

using superstep::start_running_thread;

TEST(RunningThread, ReturnsWhileTheBodyRunsAndTheBodyRunsOnceOnItsOwnThread) {
  std::atomic<int> runs{0};
  std::atomic<bool> release{false};
  std::thread::id body_thread;
  int error = -1;
  std::thread t = start_running_thread(
      [&] {
        body_thread = std::this_thread::get_id();
        ++runs;
        while (!release) std::this_thread::yield();
      },
      &error);
  EXPECT_EQ(error, 0);
  // Returned although the body cannot finish yet.
  release = true;
  t.join();
  EXPECT_EQ(runs.load(), 1);
  EXPECT_NE(body_thread, std::this_thread::get_id());
}

}  // namespace
