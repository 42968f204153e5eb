#ifndef CFONTFIT_HYPHEN_H
#define CFONTFIT_HYPHEN_H
// libhyphen's API as its header declares it; Hyphen.c defines the functions fontfit calls, opening
// libhyphen on the first (automatic hyphenation, `hyphens: auto`).
#include <stdio.h>
#include <hyphen.h>
#endif
