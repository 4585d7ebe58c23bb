#ifndef REDACTFS_CPOPPLER_SHIM_H
#define REDACTFS_CPOPPLER_SHIM_H
#include <poppler.h>
#include <cairo.h>
#endif
