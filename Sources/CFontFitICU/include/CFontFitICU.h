#ifndef CFONTFIT_ICU_H
#define CFONTFIT_ICU_H

#include <stdint.h>

/// Finds the UAX #14 line-break opportunities of a UTF-16 text with ICU's line break iterator.
///
/// `locale` is an ICU locale id, which may carry the `@lb=strict|normal|loose` keyword (CSS
/// `line-break`). Writes, for each opportunity after the start of the text, its UTF-16 offset into
/// `offsets` and whether it is mandatory (a hard break after a newline) into `mandatory`, up to
/// `capacity` entries. The end of the text is always reported as the last entry.
/// Returns the number of entries written, or -1 when ICU fails (the status code goes to `error`).
int32_t cfontfit_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *offsets, uint8_t *mandatory, int32_t capacity,
                             int32_t *error);

/// Resolves the Unicode Bidirectional Algorithm (UAX #9) embedding levels of a UTF-16 text with
/// ICU's `ubidi`, one level per UTF-16 unit, into `levels` (room for `length` entries).
///
/// `paragraph_level` is 0 (left to right), 1 (right to left), or -1 to take each paragraph's
/// direction from its first strong character (rules P2–P3), left to right when it has none.
/// Returns the resolved level of the first paragraph, or -1 when ICU fails (status in `error`).
int32_t cfontfit_bidi_levels(const uint16_t *text, int32_t length, int32_t paragraph_level,
                             uint8_t *levels, int32_t *error);

/// Maps a UTF-16 text to upper case (`upper` non-zero) or lower case with ICU's full,
/// language-sensitive mappings for `locale` (an ICU locale id; "" for the root mappings), into
/// `output` (room for `capacity` units). Returns the length of the mapped text, which may exceed
/// `capacity` (then nothing usable was written: call again with room for it), or -1 when ICU
/// fails (status in `error`).
int32_t cfontfit_case_map(const uint16_t *text, int32_t length, int32_t upper, const char *locale,
                          uint16_t *output, int32_t capacity, int32_t *error);

/// ICU's simple (one code point) titlecase mapping of `scalar`.
uint32_t cfontfit_simple_title(uint32_t scalar);

/// The Script_Extensions of `scalar` (UAX #24) as HarfBuzz's scripts (ISO 15924 tags, `hb_script_t`),
/// up to `capacity` of them, into `tags`: the script a run of only such characters takes first
/// (the lowest ICU code other than Latin, as Blink prefers), the others after it. A character
/// without extensions has one, its own script (Common and Inherited included). Returns how many
/// were written, 0 when ICU fails.
int32_t cfontfit_script_extensions(uint32_t scalar, uint32_t *tags, int32_t capacity);

/// Whether `scalar` is East Asian Wide, Fullwidth or Halfwidth (UAX #11).
int32_t cfontfit_is_east_asian_wide(uint32_t scalar);

#endif
