#include "CFontFitICU.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

// ICU's script codes as HarfBuzz names scripts: hb_script_t is the ISO 15924 tag, four letters in
// one big-endian word, which is ICU's short name.
static uint32_t iso15924_tag(UScriptCode code) {
    const char *name = uscript_getShortName(code);
    if (name == NULL || name[0] == 0 || name[1] == 0 || name[2] == 0 || name[3] == 0) return 0;
    return ((uint32_t)(unsigned char)name[0] << 24) | ((uint32_t)(unsigned char)name[1] << 16)
        | ((uint32_t)(unsigned char)name[2] << 8) | (uint32_t)(unsigned char)name[3];
}

int32_t cfontfit_script_extensions(uint32_t scalar, uint32_t *tags, int32_t capacity) {
    UScriptCode codes[64];
    UErrorCode status = U_ZERO_ERROR;
    int32_t count = uscript_getScriptExtensions((UChar32)scalar, codes, 64, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        count = 64;
    } else if (U_FAILURE(status) || count <= 0) {
        return 0;
    }
    // The script a run of only such characters takes comes first: the lowest-numbered one other
    // than Latin, as Blink prefers (ICU numbers the widespread scripts first).
    int32_t preferred = 0;
    for (int32_t index = 1; index < count; index++) {
        if (codes[preferred] == USCRIPT_LATIN || (codes[index] != USCRIPT_LATIN && codes[index] < codes[preferred])) {
            preferred = index;
        }
    }
    UScriptCode first = codes[preferred];
    codes[preferred] = codes[0];
    codes[0] = first;
    int32_t written = 0;
    for (int32_t index = 0; index < count && written < capacity; index++) {
        uint32_t tag = iso15924_tag(codes[index]);
        if (tag != 0) tags[written++] = tag;
    }
    return written;
}

int32_t cfontfit_is_east_asian_wide(uint32_t scalar) {
    int32_t width = u_getIntPropertyValue((UChar32)scalar, UCHAR_EAST_ASIAN_WIDTH);
    return width == U_EA_WIDE || width == U_EA_FULLWIDTH || width == U_EA_HALFWIDTH;
}
