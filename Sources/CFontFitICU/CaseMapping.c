#include "CFontFitICU.h"

#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

int32_t cfontfit_case_map(const uint16_t *text, int32_t length, int32_t upper, const char *locale,
                          uint16_t *output, int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = upper
        ? u_strToUpper((UChar *)output, capacity, (const UChar *)text, length, locale, &status)
        : u_strToLower((UChar *)output, capacity, (const UChar *)text, length, locale, &status);
    *error = (int32_t)status;
    if (status == U_BUFFER_OVERFLOW_ERROR) return written;
    return U_FAILURE(status) ? -1 : written;
}

uint32_t cfontfit_simple_title(uint32_t scalar) { return (uint32_t)u_totitle((UChar32)scalar); }
