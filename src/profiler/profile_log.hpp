// An append-only text file written through a shared file mapping, so that
// what a process wrote stays in the file when the process is killed: lines
// count only once their closing newline is stored (the newline is stored last).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace superstep::profile {

class MappedLog {
 public:
  MappedLog() = default;
  MappedLog(const MappedLog&) = delete;
  MappedLog& operator=(const MappedLog&) = delete;
  ~MappedLog() { close(); }

  // Creates (truncates) the file; false with errno set on failure.
  bool open(const std::string& path);
  bool is_open() const { return fd_ >= 0; }
  // Appends `line` and a newline; false when the file cannot grow.
  bool append_line(std::string_view line);
  // Cuts the file to what was written and closes it.
  void close();

 private:
  bool grow(std::size_t at_least);

  int fd_ = -1;
  char* map_ = nullptr;       // the current chunk
  std::size_t chunk_ = 0;     // its size
  std::size_t used_ = 0;      // bytes used in it
  std::uint64_t offset_ = 0;  // file offset of the chunk
};

}  // namespace superstep::profile
