#ifndef CFONTFIT_FONTCONFIG_SHIM_H
#define CFONTFIT_FONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
