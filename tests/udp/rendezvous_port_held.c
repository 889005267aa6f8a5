/* The rendezvous port stays taken from the moment bsprun picks it until process 0 listens on
 * it: process 0 tries, before bsp_begin, to bind that port itself, as any other program's
 * socket could have done when bsprun picked a free port, closed it and left process 0 to bind
 * it again (runs started side by side then failed now and then with "Address already in use").
 * The bind must be refused; the run then goes on as usual. A socket that process 0 inherits
 * for this is its engine's, not the program's: a program it starts does not inherit it. */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <bsp.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int rendezvous_port(void) {
  const char* where = getenv("BSP_UDP_RENDEZVOUS");
  const char* colon = where ? strrchr(where, ':') : NULL;
  return colon ? atoi(colon + 1) : 0;
}

int main(void) {
  const char* rank = getenv("BSP_UDP_RANK");
  if (rank && strcmp(rank, "0") == 0) {
    int port = rendezvous_port();
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_ANY);
    a.sin_port = htons((unsigned short)port);
    if (port == 0 || fd < 0) {
      printf("no rendezvous port to try\n");
      return 1;
    }
    if (bind(fd, (struct sockaddr*)&a, sizeof a) == 0) {
      printf("port %d was free before process 0 listened on it\n", port);
      return 1;
    }
    printf("port held: %s\n", errno == EADDRINUSE ? "yes" : strerror(errno));
    close(fd);
  }
  bsp_begin(bsp_nprocs());
  int sum = 0, one = 1;
  bsp_push_reg(&sum, sizeof sum);
  bsp_sync();
  for (int q = 0; q < bsp_nprocs(); q++) bsp_put(q, &one, &sum, 0, sizeof one);
  bsp_sync();
  if (bsp_pid() == 0) {
    /* The engine's socket is close-on-exec: a shell started now has no descriptor on it. */
    char command[128];
    snprintf(command, sizeof command, "test ! -e /proc/self/fd/%s", getenv("BSP_UDP_SOCKET_FD"));
    printf("socket left to children: %s\n", system(command) == 0 ? "no" : "yes");
    printf("sum %d\n", sum);
  }
  bsp_end();
  return 0;
}
