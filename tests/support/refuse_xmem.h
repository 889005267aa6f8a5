/* refuse_xmem.h: refuse_cross_memory_attach() makes process_vm_readv and
 * process_vm_writev fail with EPERM in the calling process and everything it
 * starts later, as the seccomp filters of some container runtimes do (every
 * other system call is allowed). Raw BPF through prctl, so the tests need no
 * libseccomp. Returns 0, or -1 with errno set; prints nothing. */
#ifndef SUPERSTEP_TESTS_REFUSE_XMEM_H
#define SUPERSTEP_TESTS_REFUSE_XMEM_H

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#else
#error "refuse_xmem.h: add this architecture's AUDIT_ARCH value"
#endif

static int refuse_cross_memory_attach(void) {
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
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program);
}

#endif
