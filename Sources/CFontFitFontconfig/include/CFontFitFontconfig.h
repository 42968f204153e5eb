#ifndef CFONTFIT_FONTCONFIG_H
#define CFONTFIT_FONTCONFIG_H
// fontconfig's API as its header declares it; Fontconfig.c defines the functions fontfit calls,
// opening libfontconfig on the first (a font by family name, or a fallback for a missing character).
#include <fontconfig/fontconfig.h>
#endif
