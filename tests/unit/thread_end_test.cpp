// join_until_gone (engines/udp/thread_end.hpp): once it returns, the thread is
// gone from the process, not only joined: tgkill no longer finds it and
// /proc/self/task no longer lists it (what LeakSanitizer's check at exit
// reads). A plain join fails this within a few hundred rounds when the thread
// runs on another processor than the joiner.
#include "engines/udp/thread_end.hpp"

#include <gtest/gtest.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <vector>

namespace {

std::vector<int> allowed_processors() {
  cpu_set_t set;
  std::vector<int> cpus;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

void pin(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  sched_setaffinity(0, sizeof set, &set);
}

TEST(ThreadEnd, AJoinedThreadIsGoneFromTheProcess) {
  std::vector<int> cpus = allowed_processors();
  ASSERT_FALSE(cpus.empty());
  pin(cpus.front());
  for (int round = 0; round < 2000; ++round) {
    pid_t tid = 0;
    std::thread thread([&] {
      if (cpus.size() > 1) pin(cpus[1]);
      tid = superstep::udp::current_thread_id();
    });
    superstep::udp::join_until_gone(thread, tid);
    ASSERT_GT(tid, 0);
    errno = 0;
    ASSERT_EQ(syscall(SYS_tgkill, getpid(), tid, 0), -1) << "round " << round;
    ASSERT_EQ(errno, ESRCH) << "round " << round;
    std::string task = "/proc/self/task/" + std::to_string(tid);
    ASSERT_NE(access(task.c_str(), F_OK), 0) << task << " still listed in round " << round;
  }
}

}  // namespace
