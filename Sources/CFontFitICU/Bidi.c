#include "CFontFitICU.h"

#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/utypes.h>

int32_t cfontfit_bidi_levels(const uint16_t *text, int32_t length, int32_t paragraph_level,
                             uint8_t *levels, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) {
        *error = (int32_t)status;
        return -1;
    }
    UBiDiLevel level = paragraph_level < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)paragraph_level;
    ubidi_setPara(bidi, (const UChar *)text, length, level, NULL, &status);
    const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
    int32_t result = -1;
    if (U_SUCCESS(status) && resolved != NULL) {
        memcpy(levels, resolved, (size_t)length);
        result = (int32_t)ubidi_getParaLevel(bidi);
    }
    *error = (int32_t)status;
    ubidi_close(bidi);
    return result;
}
