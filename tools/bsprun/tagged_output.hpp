// bsprun --tag-output: collects what every BSP process writes and prints it
// line by line, each line prefixed with "[pid] " and written with one write()
// to bsprun's stdout or stderr, so lines are never mixed.
//
// Process 0's stdout and stderr are two pipes set up before the program
// starts. The other processes connect to a Unix socket whose path the program
// finds in SUPERSTEP_OUTPUT_SOCKET (the contract is written down in
// src/engines/shm/output_redirect.hpp).
#pragma once

#include <poll.h>

#include <memory>
#include <string>
#include <vector>

namespace bsprun {

class TaggedOutput {
 public:
  // Creates the socket (in a fresh temporary folder) and process 0's pipes.
  // Throws std::system_error when it cannot.
  TaggedOutput();
  ~TaggedOutput();  // removes the socket and its folder
  TaggedOutput(const TaggedOutput&) = delete;
  TaggedOutput& operator=(const TaggedOutput&) = delete;

  const std::string& socket_path() const { return socket_path_; }
  int program_stdout() const { return program_stdout_; }  // write ends for the program
  int program_stderr() const { return program_stderr_; }
  // In bsprun after the program has started: bsprun must not hold the write
  // ends, or process 0's streams would never reach end of file.
  void close_program_ends();

  // Appends what to wait for to `fds`; after poll(), handle() reads what is
  // ready, starting at index `first` of the same vector.
  void add_poll_fds(std::vector<pollfd>& fds) const;
  void handle(const std::vector<pollfd>& fds, std::size_t first);
  // True once every stream has reached end of file and nobody is waiting to
  // connect. Partial last lines have been printed (with a newline) by then.
  bool finished();

  struct Stream;

 private:
  void accept_pending();
  void read_stream(Stream& stream);

  std::string folder_;
  std::string socket_path_;
  int listen_fd_ = -1;
  int program_stdout_ = -1;
  int program_stderr_ = -1;
  std::vector<std::unique_ptr<Stream>> streams_;  // open streams, in the order they appeared
  bool closed_[3] = {};  // by target (1, 2): nobody reads bsprun's stdout or stderr any more
};

}  // namespace bsprun
