// Large transfers: one bsp_put, bsp_hpput, bsp_get, bsp_hpget or bsp_send of a whole buffer
// (64 MiB to 1 GiB) between the processes of each pair (0 and 1, 2 and 3, ...; a last odd
// process only syncs), and the total exchange of that many bytes per pair by bsp_put and
// bsp_hpput. Each is printed beside a memcpy of the same bytes into memory already touched,
// measured in the same launch by every process of a pair at once (so the floor shares the
// memory bus as the transfer does): bsp_hpput and bsp_hpget need one copy, bsp_put, bsp_get and
// bsp_send two (the buffered transfer captures its source at the call, or the message is
// moved out of the queue). The first transfer of its kind and size in the launch, which finds
// the library's memory as a real program's first large transfer does, is printed apart from
// the steady state (the median of the next ones); the time in the call apart from the time
// from the call to delivery (the sync, and bsp_move for a message); and what each process's
// resident memory rose to above what it held before the transfer (/proc/self/status; shared
// pages count in every process that maps them). Every transfer's data is checked. Each size
// starts with what bounds a transfer on this machine (print_floors).
// Usage: bench_large [p] [sizes] [kinds] [samples]
//   sizes: comma-separated, with K, M or G (default 16M,64M); kinds: comma-separated of put,
//   hpput, get, hpget, send, xput, xhpput (total exchange; default all); samples: steady
//   transfers after the first (default 3).
#include <bsp.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "gather_on_pid0.hpp"
#include "resident_memory.hpp"

namespace {

enum class Kind { kPut, kHpput, kGet, kHpget, kSend, kExchangePut, kExchangeHpput };

struct KindName {
  Kind kind;
  const char* name;
  const char* call;
  int copies;  // the floor: memcpys of the same bytes
};
constexpr KindName kKinds[] = {
    {Kind::kPut, "put", "bsp_put", 2},
    {Kind::kHpput, "hpput", "bsp_hpput", 1},
    {Kind::kGet, "get", "bsp_get", 2},
    {Kind::kHpget, "hpget", "bsp_hpget", 1},
    {Kind::kSend, "send", "bsp_send", 2},
    {Kind::kExchangePut, "xput", "total exchange by bsp_put", 2},
    {Kind::kExchangeHpput, "xhpput", "total exchange by bsp_hpput", 1},
};

const KindName& about(Kind kind) {
  for (const KindName& k : kKinds)
    if (k.kind == kind) return k;
  return kKinds[0];
}

bool is_exchange(Kind kind) { return kind == Kind::kExchangePut || kind == Kind::kExchangeHpput; }

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr, "bench_large: %s\n", why);
  std::fprintf(stderr, "usage: bench_large [p] [sizes, e.g. 64M,256M,1G] [kinds] [samples]\n");
  std::exit(2);
}

// "64M" and the like; 0 where the text is not a size of 1 byte to 1 GiB.
std::uint64_t parse_size(const std::string& text) {
  char* end = nullptr;
  unsigned long long n = std::strtoull(text.c_str(), &end, 10);
  if (end == text.c_str()) return 0;
  std::string unit(end);
  int shift = unit.empty() ? 0 : unit == "K" ? 10 : unit == "M" ? 20 : unit == "G" ? 30 : -1;
  if (shift < 0 || n == 0 || n > (std::uint64_t{1} << 30) >> shift) return 0;
  return static_cast<std::uint64_t>(n) << shift;
}

std::vector<std::string> split(const char* text) {
  std::vector<std::string> parts;
  std::string s(text);
  for (std::size_t at = 0; at <= s.size();) {
    std::size_t comma = s.find(',', at);
    if (comma == std::string::npos) comma = s.size();
    parts.push_back(s.substr(at, comma - at));
    at = comma + 1;
  }
  return parts;
}

struct Options {
  int p = 2;
  std::vector<std::uint64_t> sizes{std::uint64_t{16} << 20, std::uint64_t{64} << 20};
  std::vector<Kind> kinds{Kind::kPut,  Kind::kHpput,       Kind::kGet,          Kind::kHpget,
                          Kind::kSend, Kind::kExchangePut, Kind::kExchangeHpput};
  int samples = 3;
};

Options parse(int argc, char** argv) {
  Options o;
  if (argc > 5) usage("too many arguments");
  if (argc > 1 && (o.p = std::atoi(argv[1])) < 2) usage("p must be at least 2");
  if (argc > 2) {
    o.sizes.clear();
    for (const std::string& s : split(argv[2]))
      if (std::uint64_t n = parse_size(s))
        o.sizes.push_back(n);
      else
        usage("each size is a whole number of bytes, K, M or G, from 1 byte to 1G");
  }
  if (argc > 3) {
    o.kinds.clear();
    for (const std::string& s : split(argv[3])) {
      auto k = std::find_if(std::begin(kKinds), std::end(kKinds),
                            [&](const KindName& n) { return s == n.name; });
      if (k == std::end(kKinds)) usage("kinds are put, hpput, get, hpget, send, xput, xhpput");
      o.kinds.push_back(k->kind);
    }
  }
  if (argc > 4 && (o.samples = std::atoi(argv[4])) < 1) usage("samples must be at least 1");
  return o;
}

// Byte i of a source.
char pattern(std::size_t i) { return static_cast<char>(i * 7 + (i >> 12) + 1); }

// Memory of `bytes`, every page touched.
struct Touched {
  explicit Touched(std::size_t bytes) : data(bytes, 0) {}
  std::vector<char> data;
  char* at(std::size_t offset = 0) { return data.data() + offset; }
};

// Per process: the partner of its pair, or -1 (a last odd process).
int partner(int pid, int p) {
  int q = pid ^ 1;
  return q < p ? q : -1;
}

bool sender(int pid) { return pid % 2 == 0; }

// One sample of one process: seconds in the call, seconds to delivery, bytes added at the peak.
struct Sample {
  double call = 0, total = 0, peak = 0, floor = 0;
};

// The buffers of one kind at one size: `a` is registered (a pair's source on its sender,
// destination on its receiver; the whole exchange's source and destination for the total
// exchange, p blocks each), `spare` takes the floor's memcpy.
struct Buffers {
  std::size_t n;
  Touched a, b, spare;
};

// The floor: every process copies the bytes it would receive into touched memory, at once.
double time_memcpy(Buffers& buf, std::size_t bytes) {
  bsp_sync();
  double t0 = bsp_time();
  std::memcpy(buf.spare.at(), buf.a.at(), bytes);
  asm volatile("" : : "r"(buf.spare.at()) : "memory");
  double t = bsp_time() - t0;
  bsp_sync();
  return t;
}

void issue_pair(Kind kind, Buffers& buf, int pid, int q) {
  const int n = static_cast<int>(buf.n);
  if (sender(pid)) {
    if (kind == Kind::kPut) bsp_put(q, buf.a.at(), buf.a.at(), 0, n);
    if (kind == Kind::kHpput) bsp_hpput(q, buf.a.at(), buf.a.at(), 0, n);
    if (kind == Kind::kSend) bsp_send(q, nullptr, buf.a.at(), n);
  } else {
    if (kind == Kind::kGet) bsp_get(q, buf.a.at(), 0, buf.a.at(), n);
    if (kind == Kind::kHpget) bsp_hpget(q, buf.a.at(), 0, buf.a.at(), n);
  }
}

void issue_exchange(Kind kind, Buffers& buf, int pid, int p) {
  const std::size_t n = buf.n;
  for (int k = 1; k < p; ++k) {
    int q = (pid + k) % p;
    char* from = buf.a.at(q * n);
    int offset = static_cast<int>(pid * n);
    if (kind == Kind::kExchangePut)
      bsp_put(q, from, buf.b.at(), offset, static_cast<int>(n));
    else
      bsp_hpput(q, from, buf.b.at(), offset, static_cast<int>(n));
  }
}

// A message's payload, moved into place after the sync that delivered it.
void move_message(Buffers& buf) {
  int messages = 0, bytes = 0;
  bsp_qsize(&messages, &bytes);
  if (messages != 1 || bytes != static_cast<int>(buf.n))
    bsp_abort("bench_large: %d messages of %d bytes arrived, not one of %zu", messages, bytes,
              buf.n);
  bsp_move(buf.a.at(), bytes);
}

Sample transfer(Kind kind, Buffers& buf) {
  const int pid = bsp_pid(), p = bsp_nprocs(), q = partner(pid, p);
  Sample s;
  bsp_sync();
  bench::reset_peak_resident();
  const double before = static_cast<double>(bench::resident_bytes());
  const double t0 = bsp_time();
  if (is_exchange(kind))
    issue_exchange(kind, buf, pid, p);
  else if (q >= 0)
    issue_pair(kind, buf, pid, q);
  s.call = bsp_time() - t0;
  bsp_sync();
  if (kind == Kind::kSend && q >= 0 && !sender(pid)) move_message(buf);
  s.total = bsp_time() - t0;
  s.peak = static_cast<double>(bench::peak_resident_bytes()) - before;
  return s;
}

// Where the data of the last transfer should be, its bytes by pattern, checked; the receiving
// side's copy is cleared first by clear_received.
bool receives(Kind kind, int pid, int p) {
  return is_exchange(kind) || (partner(pid, p) >= 0 && !sender(pid));
}
void clear_received(Kind kind, Buffers& buf) {
  if (!receives(kind, bsp_pid(), bsp_nprocs())) return;
  if (is_exchange(kind))
    std::memset(buf.b.at(), 0, buf.b.data.size());
  else
    std::memset(buf.a.at(), 0, buf.n);
}
void check_received(Kind kind, Buffers& buf) {
  const int pid = bsp_pid(), p = bsp_nprocs();
  if (!receives(kind, pid, p)) return;
  for (int from = 0; from < p; ++from) {
    if (is_exchange(kind) && from == pid) continue;
    if (!is_exchange(kind) && from != partner(pid, p)) continue;
    const char* got = is_exchange(kind) ? buf.b.at(from * buf.n) : buf.a.at();
    // In the exchange, process `from` sent the block pid of its source.
    const std::size_t origin = is_exchange(kind) ? pid * buf.n : 0;
    for (std::size_t i = 0; i < buf.n; ++i)
      if (got[i] != pattern(origin + i))
        bsp_abort("bench_large: %s delivered a wrong byte %zu from %d", about(kind).call, i,
                  from);
  }
}

// The buffers, with every source filled by pattern.
Buffers make_buffers(Kind kind, std::size_t n) {
  const int p = bsp_nprocs();
  const std::size_t blocks = is_exchange(kind) ? static_cast<std::size_t>(p) : 1;
  const std::size_t floor_bytes = is_exchange(kind) ? (p - 1) * n : n;
  Buffers buf{n, Touched(blocks * n), Touched(is_exchange(kind) ? blocks * n : 0),
              Touched(floor_bytes)};
  const bool source = is_exchange(kind) || sender(bsp_pid());
  if (source)
    for (std::size_t i = 0; i < buf.a.data.size(); ++i) buf.a.data[i] = pattern(i);
  return buf;
}

// The first sample, then `samples` more, each after a floor of its own.
std::vector<Sample> run_kind(Kind kind, std::size_t n, int samples) {
  Buffers buf = make_buffers(kind, n);
  char* registered = is_exchange(kind) ? buf.b.at() : buf.a.at();
  bsp_push_reg(registered, static_cast<int>(is_exchange(kind) ? buf.b.data.size() : n));
  bsp_sync();
  const std::size_t floor_bytes = buf.spare.data.size();
  std::vector<Sample> out;
  for (int i = 0; i <= samples; ++i) {
    const bool last = i == samples;
    if (last) clear_received(kind, buf);
    const double floor = time_memcpy(buf, floor_bytes);
    out.push_back(transfer(kind, buf));
    out.back().floor = floor;
    if (i == 0 || last) check_received(kind, buf);
  }
  bsp_pop_reg(registered);
  bsp_sync();
  return out;
}

double mib(double bytes) { return bytes / (1 << 20); }

std::string size_name(std::uint64_t n) {
  char text[32];
  if (n % (1 << 30) == 0)
    std::snprintf(text, sizeof text, "%llu GiB", static_cast<unsigned long long>(n >> 30));
  else if (n % (1 << 20) == 0)
    std::snprintf(text, sizeof text, "%llu MiB", static_cast<unsigned long long>(n >> 20));
  else if (n % (1 << 10) == 0)
    std::snprintf(text, sizeof text, "%llu KiB", static_cast<unsigned long long>(n >> 10));
  else
    std::snprintf(text, sizeof text, "%llu bytes", static_cast<unsigned long long>(n));
  return text;
}

// The slowest process's figures per sample, and each process's peaks.
struct Gathered {
  std::vector<double> call, total, floor;
  std::vector<double> first_peak, steady_peak;  // per process, bytes
};

Gathered gather_samples(const std::vector<Sample>& mine) {
  const std::size_t n = mine.size(), p = static_cast<std::size_t>(bsp_nprocs());
  std::vector<double> flat;
  for (const Sample& s : mine) flat.insert(flat.end(), {s.call, s.total, s.peak, s.floor});
  std::vector<double> all = bench::gather_on_pid0(flat);
  Gathered g;
  g.call.assign(n, 0);
  g.total.assign(n, 0);
  g.floor.assign(n, 0);
  for (std::size_t q = 0; q < p; ++q) {
    double steady_peak = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double* s = &all[(q * n + i) * 4];
      g.call[i] = std::max(g.call[i], s[0]);
      g.total[i] = std::max(g.total[i], s[1]);
      g.floor[i] = std::max(g.floor[i], s[3]);
      if (i > 0) steady_peak = std::max(steady_peak, s[2]);
    }
    g.first_peak.push_back(all[q * n * 4 + 2]);
    g.steady_peak.push_back(steady_peak);
  }
  return g;
}

std::string peaks(const std::vector<double>& bytes) {
  std::string text;
  char one[32];
  for (double b : bytes) {
    std::snprintf(one, sizeof one, "%s%.0f", text.empty() ? "" : " ", mib(std::max(0.0, b)));
    text += one;
  }
  return text;
}

void print(Kind kind, std::uint64_t n, const Gathered& g) {
  const KindName& k = about(kind);
  const double floor = bench::median(g.floor);
  std::vector<double> call(g.call.begin() + 1, g.call.end()),
      total(g.total.begin() + 1, g.total.end());
  const double steady_call = bench::median(call), steady_total = bench::median(total);
  const char* floor_name = k.copies == 2 ? "two memcpys" : "one memcpy";
  std::printf("%s %s%s, p=%d: memcpy %.2f ms\n", k.call, size_name(n).c_str(),
              is_exchange(kind) ? " per pair" : "", bsp_nprocs(), floor * 1e3);
  std::printf("  first:  call %.2f ms, to delivery %.2f ms, %.2f x %s\n", g.call[0] * 1e3,
              (g.total[0] - g.call[0]) * 1e3, g.total[0] / (k.copies * floor), floor_name);
  std::printf("  steady: call %.2f ms, to delivery %.2f ms, %.2f x %s (median of %zu)\n",
              steady_call * 1e3, (steady_total - steady_call) * 1e3,
              steady_total / (k.copies * floor), floor_name, total.size());
  // The slowest transfer, the first included: a change of path (an area's pages becoming
  // shared) can make a later one the slowest, which the median of the rest would hide.
  const bench::Series all = bench::series_of(g.total);
  const auto slowest = static_cast<std::size_t>(
      std::max_element(g.total.begin(), g.total.end()) - g.total.begin());
  std::printf("  slowest: transfer %zu of %zu, to delivery %.2f ms, %.2f x %s; steady from %d\n",
              slowest + 1, g.total.size(), all.slowest * 1e3, all.slowest / (k.copies * floor),
              floor_name, all.steady_from);
  if (is_exchange(kind)) {
    const double bytes = static_cast<double>(n) * (bsp_nprocs() - 1);
    std::printf("  per byte each process sends: first %.3f ns, steady %.3f ns, memcpy %.3f ns\n",
                g.total[0] / bytes * 1e9, steady_total / bytes * 1e9, floor / bytes * 1e9);
  }
  std::printf("  resident memory added at the peak, MiB per process: first %s; steady %s\n",
              peaks(g.first_peak).c_str(), peaks(g.steady_peak).c_str());
}

// What bounds a first transfer and a read across processes on this machine: a memcpy of n bytes
// into memory never touched before (every page faulted in, as a first transfer's staging is),
// and process_vm_readv of n bytes within this process (the kernel's copy between two processes,
// which pins every page), each beside a memcpy into touched memory; by process 0 alone.
void print_floors(std::uint64_t n) {
  bsp_sync();
  if (bsp_pid() != 0) return;
  Touched from(n), to(n);
  std::memset(from.at(), 1, n);
  auto timed = [](auto work) {
    double t0 = bsp_time();
    work();
    return bsp_time() - t0;
  };
  const double touched = timed([&] { std::memcpy(to.at(), from.at(), n); });
  void* fresh = mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  double into_fresh = 0;
  if (fresh != MAP_FAILED) {
    into_fresh = timed([&] { std::memcpy(fresh, from.at(), n); });
    munmap(fresh, n);
  }
  iovec local{to.at(), n}, remote{from.at(), n};
  const double read = timed([&] { process_vm_readv(getpid(), &local, 1, &remote, 1, 0); });
  std::printf("%s: memcpy into touched memory %.2f ms; into fresh memory %.2f ms = %.2f x; "
              "process_vm_readv %.2f ms = %.2f x\n",
              size_name(n).c_str(), touched * 1e3, into_fresh * 1e3, into_fresh / touched,
              read * 1e3, read / touched);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  bsp_begin(o.p);
  for (std::uint64_t n : o.sizes) {
    print_floors(n);
    for (Kind kind : o.kinds) {
      Gathered g = gather_samples(run_kind(kind, n, o.samples));
      if (bsp_pid() == 0) {
        print(kind, n, g);
        std::fflush(stdout);
      }
    }
  }
  bsp_end();
  return 0;
}
