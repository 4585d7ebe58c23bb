#define _GNU_SOURCE
#include "cposix.h"
#include <malloc.h>
#include <sys/prctl.h>

int rf_set_nondumpable(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }
int rf_set_no_new_privs(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }
int rf_set_parent_death_signal(int sig) { return prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0); }
#include <fcntl.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int rf_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

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
