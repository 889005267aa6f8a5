// bsp::registration<T>: an area registered for DRMA for the lifetime of the
// object (push in the constructor, pop in the destructor), with typed put,
// get, hpput and hpget at element offsets.
#pragma once

#include <bsp.h>

#include <array>
#include <cstddef>
#include <source_location>
#include <span>
#include <vector>

#include "superstep/cpp/context.hpp"
#include "superstep/cpp/transferable.hpp"

namespace bsp {

// Registration is collective, like bsp_push_reg: every process constructs its
// registrations in the same order, and they become usable at the next sync.
// Destruction pops (bsp_pop_reg); as in C, every process must pop in the same
// superstep and order. Not copyable (one push, one pop); movable, and a
// moved-from or pop()ped registration pops nothing: it cannot be popped twice.
template <class T>
class registration {
 public:
  registration(context&, std::span<T> area) : area_(area) {
    detail::require_transferable<T>();
    // In parentheses: the function, not bsp.h's macro, which would name this header as the site.
    (bsp_push_reg)(area_.data(), detail::byte_count<T>(area_.size(), "bsp::registration"));
    live_ = true;
  }
  registration(context& ctx, std::vector<T>& v) : registration(ctx, std::span<T>(v)) {}
  template <std::size_t N>
  registration(context& ctx, std::array<T, N>& a) : registration(ctx, std::span<T>(a)) {}
  registration(context& ctx, T& variable) : registration(ctx, std::span<T>(&variable, 1)) {}

  registration(const registration&) = delete;
  registration& operator=(const registration&) = delete;
  registration(registration&& other) noexcept : area_(other.area_), live_(other.live_) {
    other.live_ = false;
  }
  registration& operator=(registration&& other) noexcept {
    if (this != &other) {
      pop();
      area_ = other.area_;
      live_ = other.live_;
      other.live_ = false;
    }
    return *this;
  }
  ~registration() { pop(); }

  // Deregisters now (instead of at destruction); nothing happens if already done.
  void pop() {
    if (live_) bsp_pop_reg(area_.data());
    live_ = false;
  }
  bool registered() const { return live_; }

  std::span<T> local() const { return area_; }
  T* data() const { return area_.data(); }
  std::size_t size() const { return area_.size(); }

  // Elements src to process pid's area from element offset on (buffered:
  // src is read now, written at the sync). A misuse error names the caller's
  // file and line (site), as bsp.h's bsp_put() macro does in C.
  void put(int pid, std::span<const T> src, std::size_t offset = 0,
           std::source_location site = std::source_location::current()) const {
    bsp_put_at(pid, src.data(), area_.data(), bytes(offset), bytes(src.size()), site.file_name(),
               static_cast<int>(site.line()));
  }
  void put(int pid, const T& value, std::size_t offset = 0,
           std::source_location site = std::source_location::current()) const {
    put(pid, std::span<const T>(&value, 1), offset, site);
  }
  // Unbuffered: src must stay unchanged until the sync.
  void hpput(int pid, std::span<const T> src, std::size_t offset = 0,
             std::source_location site = std::source_location::current()) const {
    bsp_hpput_at(pid, src.data(), area_.data(), bytes(offset), bytes(src.size()),
                 site.file_name(), static_cast<int>(site.line()));
  }
  // dst.size() elements of process pid's area from element offset on, into
  // dst at the sync.
  void get(int pid, std::size_t offset, std::span<T> dst,
           std::source_location site = std::source_location::current()) const {
    bsp_get_at(pid, area_.data(), bytes(offset), dst.data(), bytes(dst.size()), site.file_name(),
               static_cast<int>(site.line()));
  }
  void get(int pid, std::size_t offset, T& dst,
           std::source_location site = std::source_location::current()) const {
    get(pid, offset, std::span<T>(&dst, 1), site);
  }
  void hpget(int pid, std::size_t offset, std::span<T> dst,
             std::source_location site = std::source_location::current()) const {
    bsp_hpget_at(pid, area_.data(), bytes(offset), dst.data(), bytes(dst.size()),
                 site.file_name(), static_cast<int>(site.line()));
  }

 private:
  static int bytes(std::size_t n) { return detail::byte_count<T>(n, "bsp::registration"); }
  std::span<T> area_;
  bool live_ = false;
};

template <class T>
registration(context&, std::vector<T>&) -> registration<T>;
template <class T, std::size_t N>
registration(context&, std::array<T, N>&) -> registration<T>;
template <class T>
registration(context&, std::span<T>) -> registration<T>;
template <class T>
registration(context&, T&) -> registration<T>;

}  // namespace bsp
