#define _GNU_SOURCE
#include "cposix.h"
#include <errno.h>
#include <stddef.h>
#include <seccomp.h>
#include <unistd.h>

// A thin wrapper: the policy (which syscalls, which arguments, which errno)
// is Swift's (Hardening.workerSyscallPolicy); this only hands it to
// libseccomp, which builds the filter for the running architecture. A name
// this kernel/libseccomp does not know is skipped (it cannot be called
// either). Calls from a foreign ABI (i386 `int 0x80` on x86_64) do not match
// the native architecture and kill the process (libseccomp's default).
int rf_sandbox_install(const rf_seccomp_rule *rules, int count, int default_errno) {
    scmp_filter_ctx ctx = seccomp_init(default_errno == 0 ? SCMP_ACT_ALLOW : SCMP_ACT_ERRNO((unsigned)default_errno));
    if (ctx == NULL) return -ENOMEM;
    // A binary search over syscall numbers instead of a linear scan of some
    // two hundred rules on every call (libseccomp >= 2.5; older ones keep
    // the linear filter, which is only slower).
    (void)seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2);
    int rc = 0;
    for (int i = 0; i < count && rc == 0; i++) {
        const rf_seccomp_rule *r = &rules[i];
        int nr = seccomp_syscall_resolve_name(r->name);
        if (nr == __NR_SCMP_ERROR) continue;
        uint32_t action = r->result == 0 ? SCMP_ACT_ALLOW : SCMP_ACT_ERRNO((unsigned)r->result);
        if (r->arg < 0) {
            rc = seccomp_rule_add(ctx, action, nr, 0);
        } else if (r->op == RF_SECCOMP_NE) {
            rc = seccomp_rule_add(ctx, action, nr, 1,
                                  SCMP_CMP((unsigned)r->arg, SCMP_CMP_NE, r->value));
        } else {
            rc = seccomp_rule_add(ctx, action, nr, 1,
                                  SCMP_CMP((unsigned)r->arg, SCMP_CMP_MASKED_EQ, r->mask, r->value));
        }
    }
    if (rc == 0) rc = seccomp_load(ctx);
    seccomp_release(ctx);
    return rc;
}

// For `redactfs __sandbox-check` only: makes a raw call by name, so the
// check can try calls glibc has no wrapper for (clone3, openat2) or wraps
// with a fallback that would hide the filter's answer.
long rf_sandbox_probe(const char *name, long a0, long a1, long a2, long a3) {
    int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR || nr < 0) { errno = ENOSYS; return -1; }
    return syscall(nr, a0, a1, a2, a3);
}
