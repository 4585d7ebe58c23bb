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
/// memfd_create(2): glibc declares it only under _GNU_SOURCE, which
/// Swift's Glibc module does not set.
int rf_memfd_create(const char *name, unsigned int flags);



/// How a seccomp rule compares one argument.
enum { RF_SECCOMP_MASKED_EQ = 0, RF_SECCOMP_NE = 1 };

/// One seccomp rule: syscall `name` gets `result` (0: allowed, else that
/// errno) always when `arg` < 0, otherwise when argument `arg` (0-based)
/// satisfies (arg & mask) == value (RF_SECCOMP_MASKED_EQ) or
/// arg != value (RF_SECCOMP_NE).
typedef struct rf_seccomp_rule {
    const char *name;
    int result;
    int arg;
    int op;
    unsigned long long mask;
    unsigned long long value;
} rf_seccomp_rule;

/// Installs a seccomp filter (needs no_new_privs first) built from `rules`;
/// a syscall no rule matches fails with `default_errno`, or is allowed
/// when it is 0 (a deny-list; its rules must then all fail). Returns 0 or a
/// negative errno. (libseccomp: seccomp_init, seccomp_rule_add, seccomp_load)
int rf_sandbox_install(const rf_seccomp_rule *rules, int count, int default_errno);
/// syscall(nr of `name`, a0..a3) for the sandbox self-check; -1 and errno
/// ENOSYS if this libseccomp does not know the name.
long rf_sandbox_probe(const char *name, long a0, long a1, long a2, long a3);

/// pipe2(fds, O_CLOEXEC) (needs _GNU_SOURCE, which Swift's Glibc lacks).
int rf_pipe_cloexec(int fds[2]);
/* fcntl F_SETPIPE_SZ: the new capacity in bytes, or -1 with errno. */
int rf_pipe_set_size(int fd, int size);
// An unnamed file in `dir` for reading and writing, mode 0600, that can
// never be given a name (O_TMPFILE | O_EXCL): it is gone when closed. On a
// file system without O_TMPFILE, a file made under a random name and
// removed at once. -1 with errno on failure.
int rf_open_unnamed_temporary(const char *dir);

/// The Landlock ABI version of the running kernel, or a negative errno
/// (-ENOSYS, -EOPNOTSUPP) when Landlock is missing or disabled.
int rf_landlock_abi(void);

/// Restricts this process (and its threads and children) for good: file
/// access only to read what lies beneath `paths` (directories, or single
/// files), no other file access of any kind; with ABI 4 no TCP bind or
/// connect; with ABI 6 no abstract UNIX sockets or signals out of the
/// domain. Paths that do not exist are skipped. Descriptors already open
/// are unaffected. Needs no_new_privs. 0, or a negative errno (-ENOSYS or
/// -EOPNOTSUPP: no Landlock here).
int rf_landlock_read_only(const char *const *paths, int count);

/// What one rf_landlock_restrict rule grants beneath its path (or on the
/// file itself, where only reading, executing and writing apply).
enum {
    RF_LANDLOCK_READ = 1,        // read files, list folders
    RF_LANDLOCK_EXECUTE = 2,     // execve
    RF_LANDLOCK_WRITE_FILE = 4,  // write (and truncate) existing files
    RF_LANDLOCK_MAKE_SOCKET = 8, // bind a UNIX socket to a new path
    RF_LANDLOCK_REMOVE_FILE = 16,
    RF_LANDLOCK_CREATE = 32,     // make, write, rename and remove anything
};
typedef struct rf_landlock_rule {
    const char *path;
    int allow;
} rf_landlock_rule;

/// Restricts this process (and everything it runs, across execve) for
/// good: each rule grants its rights beneath its path; every other file
/// access is refused; TCP bind/connect (ABI 4), abstract UNIX sockets and
/// signals out of the domain (ABI 6) too. Paths that do not exist are
/// skipped. Needs no_new_privs. 0, or a negative errno (-ENOSYS or
/// -EOPNOTSUPP: no Landlock here).
int rf_landlock_restrict(const rf_landlock_rule *rules, int count);

/// Gives memory freed in every malloc arena back to the kernel
/// (glibc malloc_trim(0)); returns 1 if any was released.
int rf_malloc_trim(void);
/* mallopt(M_MMAP_THRESHOLD): fixes the size from which malloc maps memory of
   its own (and so turns off glibc's raising of it). */
int rf_malloc_fix_mmap_threshold(int bytes);

/* A worker's last word when a library it called crashes. Installs, on an
   alternate stack (so a stack overflow still reaches it), handlers for
   SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGABRT that, while a library call is
   marked with rf_crash_mark, write the `record_len` bytes of `record` to
   `fd` with byte `stage_at` replaced by the mark, and _exit(0). Outside a
   marked call the default action runs (our own faults stay crashes).
   0, or -1 with errno. */
int rf_crash_record_install(int fd, const unsigned char *record, int record_len, int stage_at);
/* The birth time of the file behind `fd` (statx STATX_BTIME): 0, or -1
   with errno; *sec = *nsec = 0 when the file system keeps none. */
int rf_birth_time(int fd, long long *sec, unsigned int *nsec);

/* Closes every descriptor from `first` on (close_range, or one by one
   on kernels without it). 0. */
int rf_close_from(int first);

/// The file system type of `path` (statfs f_type: TMPFS_MAGIC …), or -errno.
long long rf_fs_type(const char *path);

/* Removes `path` and everything beneath it, depth first, following no
   symlink, after giving each folder its owner's rights back (nftw with
   FTW_PHYS, chmod; nftw with FTW_DEPTH | FTW_PHYS, remove). 0, or -1 with
   errno. */
int rf_remove_tree(const char *path);

/* Marks the library call that follows with `stage` (0...255); -1 unmarks. */
void rf_crash_mark(int stage);

#endif
