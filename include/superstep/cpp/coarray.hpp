// bsp::coarray<T>: a distributed array, a local vector per process registered
// for DRMA, written and read remotely element by element or in slices:
//   a(pid)[i] = x;              // put, lands at the next sync
//   auto f = a(pid)[i].get();   // get; f.value() is valid after the next sync
#pragma once

#include <bsp.h>

#include <cstddef>
#include <memory>
#include <source_location>
#include <span>
#include <vector>

#include "superstep/cpp/context.hpp"
#include "superstep/cpp/registration.hpp"
#include "superstep/cpp/transferable.hpp"

namespace bsp {

// The result of a get: valid after the sync that ends the superstep of the
// get. Holds its value on the heap, so moving the future does not move the
// place the get writes to.
template <class T>
class future {
 public:
  future() : value_(std::make_unique<T>()) {}
  T& value() { return *value_; }
  const T& value() const { return *value_; }
  T& operator*() { return *value_; }
  T* data() { return value_.get(); }

 private:
  std::unique_ptr<T> value_;
};

template <class T>
class coarray {
 public:
  // An element of another process's part; a misuse error names the line of a(pid) (site).
  class element {
   public:
    element(const coarray& a, int pid, std::size_t i, std::source_location site)
        : a_(a), pid_(pid), i_(i), site_(site) {}
    // Put (buffered: x is read now).
    const element& operator=(const T& x) const {
      a_.registration_.put(pid_, x, i_, site_);
      return *this;
    }
    // Get into a future, valid after the next sync.
    future<T> get() const {
      future<T> f;
      a_.registration_.get(pid_, i_, *f.data(), site_);
      return f;
    }

   private:
    const coarray& a_;
    int pid_;
    std::size_t i_;
    std::source_location site_;
  };
  // Another process's part; site: where a(pid) was written, which the errors of its
  // elements name (their operator= cannot take a site of its own).
  class image {
   public:
    image(const coarray& a, int pid, std::source_location site) : a_(a), pid_(pid), site_(site) {}
    element operator[](std::size_t i) const { return element(a_, pid_, i, site_); }
    // Slices: src to elements offset.. of this image; elements offset.. into dst at the sync.
    void put(std::span<const T> src, std::size_t offset = 0,
             std::source_location site = std::source_location::current()) const {
      a_.registration_.put(pid_, src, offset, site);
    }
    void get(std::size_t offset, std::span<T> dst,
             std::source_location site = std::source_location::current()) const {
      a_.registration_.get(pid_, offset, dst, site);
    }

   private:
    const coarray& a_;
    int pid_;
    std::source_location site_;
  };

  // Collective: every process makes its coarrays in the same order. The
  // constructor registers the local part and syncs (ctx.sync()), so the
  // coarray can be used at once; the destructor deregisters (no sync).
  // Each process's part may have its own size.
  coarray(context& ctx, std::size_t local_size, const T& initial = T{},
          std::source_location site = std::source_location::current())
      : local_(local_size, initial), registration_(ctx, local_) {
    detail::require_transferable<T>();
    ctx.sync(site);
  }
  coarray(const coarray&) = delete;
  coarray& operator=(const coarray&) = delete;

  image operator()(int pid, std::source_location site = std::source_location::current()) const {
    return image(*this, pid, site);
  }
  T& operator[](std::size_t i) { return local_[i]; }
  const T& operator[](std::size_t i) const { return local_[i]; }
  std::span<T> local() { return local_; }
  std::size_t size() const { return local_.size(); }

 private:
  std::vector<T> local_;
  registration<T> registration_;
};

}  // namespace bsp
