#ifndef REDACTFS_CTESSERACT_SHIM_H
#define REDACTFS_CTESSERACT_SHIM_H
// tesseract's C API. leptonica is linked explicitly in the module map:
// tesseract.pc lists it only as a private dependency.
#include <tesseract/capi.h>
#endif
