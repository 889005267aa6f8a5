/* no_xmem_launcher PROGRAM [ARG...]: runs PROGRAM where cross-memory attach is
 * refused, as some container runtimes and sandboxes refuse it: a seccomp
 * filter makes process_vm_readv and process_vm_writev fail with EPERM (every
 * other system call is allowed). The filter is inherited across fork and
 * exec, so it holds for every process of a BSP program. Raw BPF through
 * prctl, so the tests need no libseccomp. */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#else
#error "no_xmem_launcher: add this architecture's AUDIT_ARCH value"
#endif

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: no_xmem_launcher PROGRAM [ARG...]\n");
    return 2;
  }
  struct sock_filter code[] = {
      /* System call numbers differ between architectures (i386 calls on
       * x86_64): only native calls are checked by number, others refused. */
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCH, 1, 0),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_readv, 2, 0),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_writev, 1, 0),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
  };
  struct sock_fprog program = {(unsigned short)(sizeof code / sizeof code[0]), code};
  /* Without privileges a filter may only be installed after giving up the
   * right to gain them (setuid programs would otherwise run confined). */
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    perror("no_xmem_launcher: prctl(PR_SET_NO_NEW_PRIVS)");
    return 2;
  }
  if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) {
    perror("no_xmem_launcher: prctl(PR_SET_SECCOMP)");
    return 2;
  }
  execvp(argv[1], argv + 1);
  fprintf(stderr, "no_xmem_launcher: cannot run %s: %s\n", argv[1], strerror(errno));
  return 127;
}
