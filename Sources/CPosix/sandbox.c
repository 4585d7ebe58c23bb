#define _GNU_SOURCE
#include "cposix.h"
#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <seccomp.h>

// Everything goes through libseccomp so the filter is built for the
// running architecture; a name this kernel/libseccomp does not know is
// skipped (it cannot be called either).
int rf_sandbox_deny(const char *const *names, int count, int deny_errno) {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) return -ENOMEM;
    int rc = 0;
    for (int i = 0; i < count && rc == 0; i++) {
        int nr = seccomp_syscall_resolve_name(names[i]);
        if (nr == __NR_SCMP_ERROR) continue;
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(deny_errno), nr, 0);
    }
    // Opening for writing, creating or truncating: the flags are the second
    // argument of open and the third of openat. openat2 hides its flags in
    // a struct the filter cannot read, so it is refused as unknown and
    // glibc falls back to openat.
    struct { int sys; unsigned arg; } opens[] = {
        { SCMP_SYS(open), 1 }, { SCMP_SYS(openat), 2 },
    };
    for (unsigned i = 0; i < sizeof opens / sizeof opens[0] && rc == 0; i++) {
        int sys = opens[i].sys;
        unsigned a = opens[i].arg;
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), sys, 1,
                              SCMP_CMP(a, SCMP_CMP_MASKED_EQ, O_ACCMODE, O_WRONLY));
        if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), sys, 1,
                              SCMP_CMP(a, SCMP_CMP_MASKED_EQ, O_ACCMODE, O_RDWR));
        if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), sys, 1,
                              SCMP_CMP(a, SCMP_CMP_MASKED_EQ, O_CREAT, O_CREAT));
        if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), sys, 1,
                              SCMP_CMP(a, SCMP_CMP_MASKED_EQ, O_TRUNC, O_TRUNC));
    }
    int o2 = seccomp_syscall_resolve_name("openat2");
    if (rc == 0 && o2 != __NR_SCMP_ERROR) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), o2, 0);
    if (rc == 0) rc = seccomp_load(ctx);
    seccomp_release(ctx);
    return rc;
}
