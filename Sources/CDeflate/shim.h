#ifndef REDACTFS_CDEFLATE_SHIM_H
#define REDACTFS_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
