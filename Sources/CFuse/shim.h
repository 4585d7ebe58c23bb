// libfuse 3.14 from Swift: the API version must be set before the include.
// At 314 fuse_new and fuse_loop_mt are real functions (at 31/35 they are
// macros Swift cannot call).
#ifndef REDACTFS_CFUSE_SHIM_H
#define REDACTFS_CFUSE_SHIM_H
#define FUSE_USE_VERSION 314
#include <fuse.h>
#include <fuse_lowlevel.h>
#endif
