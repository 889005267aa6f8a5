// The Oxford BSP toolset's level-1 names on top of Superstep's collectives.
// Oxford operators compute result = left (+) right on whole values;
// Superstep's combine elementwise in place, so an adapter goes between.
#include <bsp_level1.h>

#include <algorithm>
#include <vector>

namespace {

struct FoldAdapter {
  bsp_fold_fn op;
  int nbytes;
  std::vector<char> result;
};

// count values of nbytes each: acc = acc (+) in, through the Oxford operator.
void fold_combine(void* acc, const void* in, int count, void* arg) {
  auto* a = static_cast<FoldAdapter*>(arg);
  char* left = static_cast<char*>(acc);
  char* right = const_cast<char*>(static_cast<const char*>(in));  // Oxford's op takes void*
  for (int i = 0; i < count; ++i, left += a->nbytes, right += a->nbytes) {
    int n = a->nbytes;
    a->op(a->result.data(), left, right, &n);
    std::copy(a->result.begin(), a->result.end(), left);
  }
}

template <class T, class Combine>
T all(T x, Combine combine) {
  T result{};
  bsp_allreduce(
      &x, &result, 1, sizeof(T),
      [](void* acc, const void* in, int count, void*) {
        T* a = static_cast<T*>(acc);
        const T* b = static_cast<const T*>(in);
        for (int i = 0; i < count; ++i) a[i] = Combine{}(a[i], b[i]);
      },
      nullptr);
  (void)combine;
  return result;
}

struct Sum {
  template <class T>
  T operator()(T a, T b) const {
    return a + b;
  }
};
struct Prod {
  template <class T>
  T operator()(T a, T b) const {
    return a * b;
  }
};
struct Max {
  template <class T>
  T operator()(T a, T b) const {
    return std::max(a, b);
  }
};
struct Min {
  template <class T>
  T operator()(T a, T b) const {
    return std::min(a, b);
  }
};
struct And {
  int operator()(int a, int b) const { return a && b; }
};
struct Or {
  int operator()(int a, int b) const { return a || b; }
};

}  // namespace

extern "C" {

void bsp_bcast(int pid, void* src, void* dst, int nbytes) { bsp_broadcast(pid, src, dst, nbytes); }

void bsp_fold(bsp_fold_fn op, void* src, void* dst, int nbytes) {
  FoldAdapter a{op, nbytes, std::vector<char>(static_cast<std::size_t>(std::max(nbytes, 0)))};
  bsp_allreduce(src, dst, nbytes > 0 ? 1 : 0, nbytes, fold_combine, &a);
}

void bsp_scan(bsp_fold_fn op, void* src, void* dst, int nbytes) {
  FoldAdapter a{op, nbytes, std::vector<char>(static_cast<std::size_t>(std::max(nbytes, 0)))};
  bsp_scan_inclusive(src, dst, nbytes > 0 ? 1 : 0, nbytes, fold_combine, &a);
}

int bsp_sumI(int x) { return all(x, Sum{}); }
float bsp_sumR(float x) { return all(x, Sum{}); }
double bsp_sumD(double x) { return all(x, Sum{}); }
int bsp_prodI(int x) { return all(x, Prod{}); }
float bsp_prodR(float x) { return all(x, Prod{}); }
double bsp_prodD(double x) { return all(x, Prod{}); }
int bsp_maxI(int x) { return all(x, Max{}); }
float bsp_maxR(float x) { return all(x, Max{}); }
double bsp_maxD(double x) { return all(x, Max{}); }
int bsp_minI(int x) { return all(x, Min{}); }
float bsp_minR(float x) { return all(x, Min{}); }
double bsp_minD(double x) { return all(x, Min{}); }
int bsp_all(int x) { return all(x, And{}); }
int bsp_any(int x) { return all(x, Or{}); }

}  // extern "C"
