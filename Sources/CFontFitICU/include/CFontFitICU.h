#ifndef CFONTFIT_ICU_H
#define CFONTFIT_ICU_H

#include <stdint.h>

/// Finds the UAX #14 line-break opportunities of a UTF-16 text with ICU's line break iterator.
///
/// Writes, for each opportunity after the start of the text, its UTF-16 offset into `offsets` and
/// whether it is mandatory (a hard break after a newline) into `mandatory`, up to `capacity`
/// entries. The end of the text is always reported as the last entry.
/// Returns the number of entries written, or -1 when ICU fails (the status code goes to `error`).
int32_t cfontfit_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *offsets, uint8_t *mandatory, int32_t capacity,
                             int32_t *error);

#endif
