/* Linked into a test program (and exported to the libraries it loads): every
 * thread the program or the library asks for is refused with EAGAIN, as the
 * system refuses one at the limit on a user's processes (ulimit -u). What
 * tests/faults/resource_limit.sh meets by chance, in whichever start loses the
 * race, happens here every time to the library's threads. */
#include <errno.h>
#include <pthread.h>

int pthread_create(pthread_t* thread, const pthread_attr_t* attr, void* (*start)(void*),
                   void* arg) {
  (void)thread;
  (void)attr;
  (void)start;
  (void)arg;
  return EAGAIN;
}
