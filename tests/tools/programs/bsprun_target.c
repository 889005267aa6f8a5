/* A plain program (no BSPlib) for bsprun's tests; what it does depends on argv[1]:
 *   status N   exit with status N
 *   signal N   kill itself with signal N
 *   env NAME   print the value of environment variable NAME
 *   hang       wait forever
 *   partial    write lines and unterminated last lines to stdout and stderr */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char *argv[]) {
  if (argc < 2) return 99;
  const char *mode = argv[1];
  const char *arg = argc > 2 ? argv[2] : "";
  if (strcmp(mode, "status") == 0) return atoi(arg);
  if (strcmp(mode, "signal") == 0) {
    raise(atoi(arg));
    return 98;
  }
  if (strcmp(mode, "env") == 0) {
    const char *value = getenv(arg);
    printf("%s\n", value ? value : "(unset)");
    return 0;
  }
  if (strcmp(mode, "hang") == 0) {
    for (;;) pause();
  }
  if (strcmp(mode, "partial") == 0) {
    printf("first line\nno newline at the end");
    fprintf(stderr, "an error line\nunfinished");
    return 0;
  }
  return 99;
}
