#ifndef CFONTFIT_HYPHEN_SHIM_H
#define CFONTFIT_HYPHEN_SHIM_H
#include <hyphen.h>
#endif
