// Thin C helpers for calls Swift cannot make directly (variadic prctl,
// wait-status macros).
#ifndef REDACTFS_CPOSIX_H
#define REDACTFS_CPOSIX_H

/// prctl(PR_SET_DUMPABLE, 0): no core dumps, no ptrace by same-uid processes.
int rf_set_nondumpable(void);
/// prctl(PR_SET_NO_NEW_PRIVS, 1): exec can never gain privileges.
int rf_set_no_new_privs(void);
/// prctl(PR_SET_PDEATHSIG, sig): the kernel signals us when the parent dies.
int rf_set_parent_death_signal(int sig);



/// Installs a seccomp filter (needs no_new_privs first) that makes every
/// syscall in `names` fail with `deny_errno`, and every open/openat that
/// would write, create or truncate fail with EACCES. Everything else is
/// allowed. Returns 0 or a negative errno.
int rf_sandbox_deny(const char *const *names, int count, int deny_errno);

/// pipe2(fds, O_CLOEXEC) (needs _GNU_SOURCE, which Swift's Glibc lacks).
int rf_pipe_cloexec(int fds[2]);
// An unnamed file in `dir` for reading and writing, mode 0600, that can
// never be given a name (O_TMPFILE | O_EXCL): it is gone when closed. On a
// file system without O_TMPFILE, a file made under a random name and
// removed at once. -1 with errno on failure.
int rf_open_unnamed_temporary(const char *dir);

#endif
