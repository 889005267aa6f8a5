// engines/shm/barrier, both ways (by arrivals, by counting): no process
// leaves a generation before all arrived, everyone gets the OR of all flags,
// and the stop word ends a wait. Threads stand in for processes (the barrier
// lives in ordinary memory here).
#include "engines/shm/barrier.hpp"

#include <gtest/gtest.h>
#include <pthread.h>

#include <atomic>
#include <thread>
#include <vector>

namespace superstep::shm {
namespace {

std::atomic<std::uint32_t> no_stop{0};
void never_called() { std::abort(); }

void run_rounds(int nprocs, int processes_per_cpu, int rounds, bool by_arrivals) {
  SharedBarrier shared{};
  std::vector<ArrivalLine> lines(static_cast<std::size_t>(nprocs));
  std::atomic<int> arrivals{0};
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < nprocs; ++t)
    threads.emplace_back([&, t] {
      Barrier barrier(&shared, lines.data(), nprocs, t, by_arrivals,
                      Waiting(processes_per_cpu, &no_stop, never_called));
      for (int round = 0; round < rounds; ++round) {
        arrivals.fetch_add(1);
        // Each process sets its own bit in even rounds, none in odd rounds.
        std::uint32_t flags = round % 2 == 0 ? 1u << t : 0u;
        std::uint32_t all = barrier.arrive_and_wait(flags);
        std::uint32_t expected = round % 2 == 0 ? (1u << nprocs) - 1 : 0u;
        if (all != expected) failures.fetch_add(1);
        // Everyone of this round arrived before anyone left it.
        if (arrivals.load() < (round + 1) * nprocs) failures.fetch_add(1);
        barrier.arrive_and_wait(0);  // nobody starts the next round early
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(arrivals.load(), rounds * nprocs);
}

TEST(Barrier, EveryoneArrivesBeforeAnyoneLeavesAndFlagsAreOred) { run_rounds(4, 1, 2000, false); }

TEST(Barrier, OversubscribedWaitersSleep) { run_rounds(8, 4, 300, false); }

TEST(Barrier, ByArrivalsEveryoneArrivesBeforeAnyoneLeavesAndFlagsAreOred) {
  run_rounds(4, 1, 2000, true);
}

// Works by arrivals all the same, waiters asleep on each other's lines.
TEST(Barrier, ByArrivalsSleepersWake) { run_rounds(5, 1 << 20, 300, true); }

TEST(Barrier, ArrivalsOnlyWhileEveryProcessHasAProcessorAndTheyAreFew) {
  EXPECT_TRUE(Barrier::by_arrivals(2, 1));
  EXPECT_TRUE(Barrier::by_arrivals(Barrier::kMostByArrivals, 1));
  EXPECT_FALSE(Barrier::by_arrivals(Barrier::kMostByArrivals + 1, 1));
  EXPECT_FALSE(Barrier::by_arrivals(4, 2));
}

std::atomic<bool> stopped{false};
void leave_thread() {
  stopped = true;
  pthread_exit(nullptr);
}

void stop_ends_a_wait(bool by_arrivals) {
  SharedBarrier shared{};
  ArrivalLine lines[2]{};
  std::atomic<std::uint32_t> stop{0};
  std::atomic<std::uintptr_t> asleep_on{0};
  stopped = false;
  std::thread waiter([&] {
    Barrier barrier(&shared, lines, 2, 0, by_arrivals, Waiting(1, &stop, leave_thread, &asleep_on));
    barrier.arrive_and_wait(0);  // the other process never comes
    ADD_FAILURE() << "arrive_and_wait returned without the other process";
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  stop = 1;
  Waiting::wake_all_at(asleep_on.load());  // as the supervisor does
  waiter.join();
  EXPECT_TRUE(stopped.load());
}

TEST(Barrier, StopWordEndsAWait) { stop_ends_a_wait(false); }

TEST(Barrier, StopWordEndsAWaitByArrivals) { stop_ends_a_wait(true); }

}  // namespace
}  // namespace superstep::shm
