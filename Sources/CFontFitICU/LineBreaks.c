#include "CFontFitICU.h"

#include <unicode/ubrk.h>
#include <unicode/utypes.h>

int32_t cfontfit_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *offsets, uint8_t *mandatory, int32_t capacity,
                             int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) {
        *error = (int32_t)status;
        return -1;
    }
    int32_t count = 0;
    ubrk_first(iterator);
    for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE && count < capacity;
         offset = ubrk_next(iterator)) {
        int32_t rule = ubrk_getRuleStatus(iterator);
        offsets[count] = offset;
        mandatory[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count += 1;
    }
    ubrk_close(iterator);
    *error = 0;
    return count;
}
