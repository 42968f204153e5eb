#ifndef CFONTFIT_PNG_SHIM_H
#define CFONTFIT_PNG_SHIM_H
#include <png.h>
#endif
