#ifndef CFONTFIT_FREETYPE_SHIM_H
#define CFONTFIT_FREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MULTIPLE_MASTERS_H
#include FT_OUTLINE_H
#endif
