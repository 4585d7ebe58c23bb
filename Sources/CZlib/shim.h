#ifndef REDACTFS_CZLIB_SHIM_H
#define REDACTFS_CZLIB_SHIM_H
#include <zlib.h>
#endif
