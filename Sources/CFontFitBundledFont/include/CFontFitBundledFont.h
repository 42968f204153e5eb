#ifndef CFONTFIT_BUNDLED_FONT_H
#define CFONTFIT_BUNDLED_FONT_H

#include <stddef.h>

/// The bytes of DejaVu Sans, compiled into the binary so that the default font can never be missing.
const unsigned char *cfontfit_bundled_font(size_t *length);

/// DejaVu's license text (not NUL-terminated), which travels with the font.
const char *cfontfit_bundled_font_license(size_t *length);

#endif
