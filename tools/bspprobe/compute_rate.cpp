#include "compute_rate.hpp"

#include <vector>

#include "timing.hpp"

namespace bspprobe {

namespace {

// 2n flops. Summed in order, in float: the rate a plain C loop gets.
float inner_product(const float* x, const float* y, long n) {
  float sum = 0;
  for (long i = 0; i < n; ++i) sum += x[i] * y[i];
  return sum;
}

// c += a * b for n x n row-major matrices; 2n^3 flops. The i-k-j order walks
// b and c by rows, as a straightforward cache-aware implementation does.
void matmul(const float* a, const float* b, float* c, int n) {
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k) {
      const float aik = a[i * n + k];
      for (int j = 0; j < n; ++j) c[i * n + j] += aik * b[k * n + j];
    }
}

Summary inner_product_rate(const Plan& plan) {
  const long n = plan.inner_product_length;
  std::vector<float> x(static_cast<std::size_t>(n), 1.0f), y(static_cast<std::size_t>(n), 0.5f);
  volatile float sink = inner_product(x.data(), y.data(), n);  // warm-up: page in
  std::vector<double> rates;
  for (int r = 0; r < plan.s_repetitions; ++r) {
    const double t0 = now_seconds();
    sink = inner_product(x.data(), y.data(), n);
    rates.push_back(2.0 * static_cast<double>(n) / (now_seconds() - t0));
  }
  (void)sink;
  return summarize(rates);
}

Summary matmul_rate(const Plan& plan) {
  const int n = plan.matrix_order;
  const auto size = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  std::vector<float> a(size, 0.001f), b(size, 0.002f), c(size, 0.0f);
  // Enough multiplies per repetition to be well above the clock's resolution.
  const int calls = 50;
  matmul(a.data(), b.data(), c.data(), n);
  std::vector<double> rates;
  for (int r = 0; r < plan.s_repetitions; ++r) {
    const double t0 = now_seconds();
    for (int call = 0; call < calls; ++call) {
      matmul(a.data(), b.data(), c.data(), n);
      clobber_memory(c.data());
    }
    const double flops = 2.0 * n * n * static_cast<double>(n) * calls;
    rates.push_back(flops / (now_seconds() - t0));
  }
  return summarize(rates);
}

}  // namespace

ComputeRate measure_compute_rate(const Plan& plan) {
  return {inner_product_rate(plan), matmul_rate(plan)};
}

}  // namespace bspprobe
