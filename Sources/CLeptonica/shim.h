#ifndef REDACTFS_CLEPTONICA_SHIM_H
#define REDACTFS_CLEPTONICA_SHIM_H
#include <leptonica/allheaders.h>
#endif
