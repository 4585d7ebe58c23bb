#define _GNU_SOURCE
#include "cposix.h"
#include <malloc.h>
#include <sys/prctl.h>
#include <sys/mman.h>

int rf_set_nondumpable(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }
int rf_set_no_new_privs(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }
int rf_set_parent_death_signal(int sig) { return prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0); }
#include <fcntl.h>
#include <errno.h>
#include <sys/vfs.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int rf_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int rf_pipe_set_size(int fd, int size) { return fcntl(fd, F_SETPIPE_SZ, size); }

int rf_open_unnamed_temporary(const char *dir) {
    int fd = open(dir, O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)) return fd;
    // A file system without O_TMPFILE: a random name, removed at once.
    char path[4096];
    if (snprintf(path, sizeof path, "%s/.redactfs-spill-XXXXXX", dir) >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    fd = mkostemp(path, O_CLOEXEC);
    if (fd < 0) return -1;
    if (unlink(path) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

int rf_malloc_trim(void) { return malloc_trim(0); }
int rf_malloc_fix_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t rf_crash_stage = -1;
static int rf_crash_fd = -1;
static unsigned char rf_crash_bytes[32];
static int rf_crash_len = 0;
static int rf_crash_stage_at = 0;
/* The handler's own stack: a recursion that overflowed the thread's stack
   leaves none to run on. */
static unsigned char rf_crash_stack[64 * 1024];

static void rf_crash_handler(int sig) {
    int stage = rf_crash_stage;
    /* SA_RESETHAND has put the default action back: a fault comes again
       when its instruction reruns, and abort() raises again by itself. */
    (void)sig;
    if (stage < 0) return;
    unsigned char rec[32];
    memcpy(rec, rf_crash_bytes, (size_t)rf_crash_len);
    rec[rf_crash_stage_at] = (unsigned char)stage;
    ssize_t at = 0;
    while (at < rf_crash_len) {
        ssize_t n = write(rf_crash_fd, rec + at, (size_t)(rf_crash_len - at));
        if (n <= 0) break;
        at += n;
    }
    _exit(0);
}

int rf_crash_record_install(int fd, const unsigned char *record, int record_len, int stage_at) {
    if (record_len <= 0 || record_len > (int)sizeof rf_crash_bytes || stage_at < 0 || stage_at >= record_len) {
        errno = EINVAL;
        return -1;
    }
    memcpy(rf_crash_bytes, record, (size_t)record_len);
    rf_crash_len = record_len;
    rf_crash_stage_at = stage_at;
    rf_crash_fd = fd;
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = rf_crash_stack;
    ss.ss_size = sizeof rf_crash_stack;
    if (sigaltstack(&ss, NULL) != 0) return -1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = rf_crash_handler;
    sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
    sigfillset(&sa.sa_mask);
    const int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        if (sigaction(sigs[i], &sa, NULL) != 0) return -1;
    }
    return 0;
}

void rf_crash_mark(int stage) { rf_crash_stage = stage; }

#include <sys/stat.h>

int rf_birth_time(int fd, long long *sec, unsigned int *nsec) {
    struct statx sx;
    *sec = 0;
    *nsec = 0;
    if (statx(fd, "", AT_EMPTY_PATH | AT_STATX_SYNC_AS_STAT, STATX_BTIME, &sx) != 0) return -1;
    if (sx.stx_mask & STATX_BTIME) {
        *sec = (long long)sx.stx_btime.tv_sec;
        *nsec = sx.stx_btime.tv_nsec;
    }
    return 0;
}

int rf_memfd_create(const char *name, unsigned int flags) {
    return memfd_create(name, flags);
}

#include <ftw.h>
#include <sys/stat.h>

static int rf_remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)st; (void)flag; (void)ftw;
    remove(path);
    return 0;
}

// A folder soffice made read-only would keep its entries: each folder is
// given its owner's rights back first.
static int rf_open_folder(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)ftw;
    if (flag == FTW_D || flag == FTW_DNR) chmod(path, (st->st_mode & 07777) | S_IRWXU);
    return 0;
}

int rf_remove_tree(const char *path) {
    chmod(path, S_IRWXU);
    nftw(path, rf_open_folder, 16, FTW_PHYS);
    return nftw(path, rf_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

#include <sys/syscall.h>

int rf_close_from(int first) {
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return 0;
    // Kernels before 5.9: every descriptor up to the limit.
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 1 << 20) max = 1 << 20;
    for (long fd = first; fd < max; fd++) close((int)fd);
    return 0;
}

long long rf_fs_type(const char *path) {
    struct statfs fs;
    if (statfs(path, &fs) != 0) return -errno;
    return (long long)fs.f_type;
}
