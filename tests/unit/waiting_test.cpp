// engines/shm/waiting: a signal wait returns only once the value waited for is
// raised, sees what the raiser wrote before, whether the waiter spun or slept;
// a sleeper names the word it sleeps on, and the stop word ends a wait.
// Threads stand in for processes.
#include "engines/shm/waiting.hpp"

#include <gtest/gtest.h>
#include <pthread.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace superstep::shm {
namespace {

std::atomic<std::uint32_t> no_stop{0};
void never_called() { std::abort(); }

// Two threads pass a token: the first raises its signal with the round's
// number, the second waits for it and answers on its own, which the first
// waits for before the next round (nobody raises again before the waiter saw
// it, as the signal asks). Each checks the number the other wrote before.
void ping_pong(int processes_per_cpu, std::uint32_t rounds) {
  SharedSignal signal[2]{};
  std::atomic<std::uint32_t> written[2] = {0, 0};
  std::atomic<int> failures{0};
  auto side = [&](int me) {
    Waiting waiting(processes_per_cpu, &no_stop, never_called);
    for (std::uint32_t round = 1; round <= rounds; ++round) {
      if (me == 1) wait_for_signal(waiting, signal[0], round);
      written[me] = round;
      raise_signal(signal[me], round);
      if (me == 0) wait_for_signal(waiting, signal[1], round);
      if (written[1 - me] < round) failures.fetch_add(1);
    }
  };
  std::thread other(side, 1);
  side(0);
  other.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(Waiting, SignalsPairUpRoundByRound) { ping_pong(1, 20000); }

// Waiters sleep after a short spin here (no yields): were they not woken, each round
// would wait for the futex's timeout, and the test would run past its limit.
TEST(Waiting, OversubscribedSignalWaitersSleepAndWake) { ping_pong(1 << 20, 2000); }

TEST(Waiting, SignalWaitIgnoresOtherValuesUntilItsOwn) {
  SharedSignal signal{};
  std::atomic<bool> returned{false};
  std::thread waiter([&] {
    Waiting waiting(256, &no_stop, never_called);  // asleep after a few yields
    wait_for_signal(waiting, signal, 3);
    returned = true;
  });
  for (std::uint32_t value : {1u, 2u}) {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    raise_signal(signal, value);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_FALSE(returned.load()) << "the wait ended at a value other than its own";
  raise_signal(signal, 3);
  waiter.join();
  EXPECT_TRUE(returned.load());
}

// Whoever stops a run wakes each process on the word its record names.
TEST(Waiting, ASleeperNamesTheWordItSleepsOnUntilItWakes) {
  SharedSignal signal{};
  std::atomic<std::uintptr_t> asleep_on{0};
  std::thread waiter([&] {
    Waiting waiting(1 << 20, &no_stop, never_called, &asleep_on);  // sleeps after a short spin
    wait_for_signal(waiting, signal, 1);
  });
  auto word = reinterpret_cast<std::uintptr_t>(&signal.value);
  for (int i = 0; i < 5000 && asleep_on.load() != word; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(asleep_on.load(), word) << "the sleeping waiter did not name its word";
  raise_signal(signal, 1);
  waiter.join();
  EXPECT_EQ(asleep_on.load(), 0u) << "the word stayed named after the wait";
}

TEST(Waiting, SignalValuesAreNeverZeroAndDifferForConsecutiveSyncs) {
  for (std::uint64_t n : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0xfffffffe},
                          std::uint64_t{0xffffffff}, std::uint64_t{0x100000000}}) {
    EXPECT_NE(signal_value_of(n), 0u) << n;
    EXPECT_NE(signal_value_of(n), signal_value_of(n + 1)) << n;
  }
}

std::atomic<bool> stopped{false};
void leave_thread() {
  stopped = true;
  pthread_exit(nullptr);
}

TEST(Waiting, StopWordEndsASignalWait) {
  SharedSignal signal{};
  std::atomic<std::uint32_t> stop{0};
  std::atomic<std::uintptr_t> asleep_on{0};
  std::thread waiter([&] {
    Waiting waiting(1, &stop, leave_thread, &asleep_on);
    wait_for_signal(waiting, signal, 1);  // never raised
    ADD_FAILURE() << "wait_for_signal returned without the signal";
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  stop = 1;
  Waiting::wake_all_at(asleep_on.load());  // as the supervisor does
  waiter.join();
  EXPECT_TRUE(stopped.load());
}

}  // namespace
}  // namespace superstep::shm
