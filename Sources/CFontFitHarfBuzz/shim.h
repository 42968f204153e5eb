#ifndef CFONTFIT_HARFBUZZ_SHIM_H
#define CFONTFIT_HARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
