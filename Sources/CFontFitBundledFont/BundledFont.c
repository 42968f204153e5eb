#include "CFontFitBundledFont.h"

// #embed is C23; clang accepts it in earlier modes as an extension, which is what it is used for.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char font[] = {
#embed "DejaVuSans.ttf"
};

static const char license[] = {
#embed "LICENSE-DejaVu.txt"
};

const unsigned char *cfontfit_bundled_font(size_t *length) {
    *length = sizeof font;
    return font;
}

const char *cfontfit_bundled_font_license(size_t *length) {
    *length = sizeof license;
    return license;
}
