#define _GNU_SOURCE
#include "cposix.h"
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// Landlock from the kernel's UAPI, spelled out here: Debian 12's headers
// (Linux 6.1) stop at ABI 2, and the rights of later ABIs must be named to
// be refused. Values from include/uapi/linux/landlock.h.
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif
#define RF_LL_CREATE_RULESET_VERSION (1U << 0)
#define RF_LL_RULE_PATH_BENEATH 1
#define RF_LL_FS_READ_FILE (1ULL << 2)
#define RF_LL_FS_READ_DIR (1ULL << 3)
#define RF_LL_FS_V1 ((1ULL << 13) - 1)  // EXECUTE .. MAKE_SYM
#define RF_LL_FS_REFER (1ULL << 13)     // ABI 2
#define RF_LL_FS_TRUNCATE (1ULL << 14)  // ABI 3
#define RF_LL_FS_IOCTL_DEV (1ULL << 15) // ABI 5
#define RF_LL_NET_BIND_TCP (1ULL << 0)  // ABI 4
#define RF_LL_NET_CONNECT_TCP (1ULL << 1)
#define RF_LL_SCOPE_ABSTRACT_UNIX (1ULL << 0) // ABI 6
#define RF_LL_SCOPE_SIGNAL (1ULL << 1)

struct rf_ll_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct rf_ll_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

int rf_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, RF_LL_CREATE_RULESET_VERSION);
    return abi < 0 ? -errno : (int)abi;
}

// A ruleset that handles every file right this kernel knows (so each is
// refused unless a rule grants it), TCP bind and connect from ABI 4, and
// abstract UNIX sockets and signals out of the domain from ABI 6.
static int rf_ll_create(int abi) {
    struct rf_ll_ruleset_attr attr = {0};
    size_t size = sizeof attr.handled_access_fs;
    attr.handled_access_fs = RF_LL_FS_V1;
    if (abi >= 2) attr.handled_access_fs |= RF_LL_FS_REFER;
    if (abi >= 3) attr.handled_access_fs |= RF_LL_FS_TRUNCATE;
    if (abi >= 5) attr.handled_access_fs |= RF_LL_FS_IOCTL_DEV;
    if (abi >= 4) {
        attr.handled_access_net = RF_LL_NET_BIND_TCP | RF_LL_NET_CONNECT_TCP;
        size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {
        attr.scoped = RF_LL_SCOPE_ABSTRACT_UNIX | RF_LL_SCOPE_SIGNAL;
        size = sizeof attr;
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    return ruleset < 0 ? -errno : ruleset;
}

// Rights that apply to a file (not only to what lies beneath a folder).
#define RF_LL_FILE_RIGHTS (RF_LL_FS_EXECUTE | RF_LL_FS_WRITE_FILE | RF_LL_FS_READ_FILE | RF_LL_FS_TRUNCATE)
#define RF_LL_FS_EXECUTE (1ULL << 0)
#define RF_LL_FS_WRITE_FILE (1ULL << 1)
#define RF_LL_FS_REMOVE_DIR (1ULL << 4)
#define RF_LL_FS_REMOVE_FILE (1ULL << 5)
#define RF_LL_FS_MAKE_DIR (1ULL << 7)
#define RF_LL_FS_MAKE_REG (1ULL << 8)
#define RF_LL_FS_MAKE_SOCK (1ULL << 9)
#define RF_LL_FS_MAKE_FIFO (1ULL << 10)
#define RF_LL_FS_MAKE_SYM (1ULL << 12)

static uint64_t rf_ll_rights(int allow, int abi) {
    uint64_t r = 0;
    if (allow & RF_LANDLOCK_READ) r |= RF_LL_FS_READ_FILE | RF_LL_FS_READ_DIR;
    if (allow & RF_LANDLOCK_EXECUTE) r |= RF_LL_FS_EXECUTE;
    if (allow & RF_LANDLOCK_WRITE_FILE) r |= RF_LL_FS_WRITE_FILE | (abi >= 3 ? RF_LL_FS_TRUNCATE : 0);
    if (allow & RF_LANDLOCK_MAKE_SOCKET) r |= RF_LL_FS_MAKE_SOCK;
    if (allow & RF_LANDLOCK_REMOVE_FILE) r |= RF_LL_FS_REMOVE_FILE;
    if (allow & RF_LANDLOCK_CREATE)
        r |= RF_LL_FS_WRITE_FILE | RF_LL_FS_REMOVE_DIR | RF_LL_FS_REMOVE_FILE | RF_LL_FS_MAKE_DIR
           | RF_LL_FS_MAKE_REG | RF_LL_FS_MAKE_SOCK | RF_LL_FS_MAKE_FIFO | RF_LL_FS_MAKE_SYM
           | (abi >= 2 ? RF_LL_FS_REFER : 0) | (abi >= 3 ? RF_LL_FS_TRUNCATE : 0);
    return r;
}

int rf_landlock_restrict(const rf_landlock_rule *rules, int count) {
    int abi = rf_landlock_abi();
    if (abi < 0) return abi;
    int ruleset = rf_ll_create(abi);
    if (ruleset < 0) return ruleset;
    for (int i = 0; i < count; i++) {
        int fd = open(rules[i].path, O_PATH | O_CLOEXEC);
        if (fd < 0) continue;  // not on this system: nothing to allow
        struct stat st;
        uint64_t rights = rf_ll_rights(rules[i].allow, abi);
        if (fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) rights &= RF_LL_FILE_RIGHTS;
        struct rf_ll_path_beneath_attr rule = { .allowed_access = rights, .parent_fd = fd };
        long rc = rights == 0 ? 0 : syscall(SYS_landlock_add_rule, ruleset, RF_LL_RULE_PATH_BENEATH, &rule, 0);
        int e = errno;
        close(fd);
        if (rc != 0) {
            close(ruleset);
            return -e;
        }
    }
    long rc = syscall(SYS_landlock_restrict_self, ruleset, 0);
    int e = errno;
    close(ruleset);
    return rc == 0 ? 0 : -e;
}

// Read-only access beneath each path (a file: to itself): the page
// worker's lock-down, as one rule per path of `rf_landlock_restrict`.
// no_new_privs is set by the caller first (landlock_restrict_self needs it).
int rf_landlock_read_only(const char *const *paths, int count) {
    if (count < 0) return -EINVAL;
    rf_landlock_rule *rules = calloc(count > 0 ? (size_t)count : 1, sizeof *rules);
    if (rules == NULL) return -ENOMEM;
    for (int i = 0; i < count; i++) {
        rules[i].path = paths[i];
        rules[i].allow = RF_LANDLOCK_READ;
    }
    int rc = rf_landlock_restrict(rules, count);
    free(rules);
    return rc;
}
