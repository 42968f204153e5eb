#include "CFontFitICU.h"

#include <pthread.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

// Opening a line break iterator loads and clones ICU's rules, which costs more than shaping a short
// line; each thread keeps one iterator (for the last locale it used) and only points it at new text.
// A thread-specific key closes it when the thread exits, so short-lived threads do not leak it.
static _Thread_local UBreakIterator *cached_iterator = NULL;
static _Thread_local char cached_locale[96] = "";
static pthread_key_t iterator_key;
static pthread_once_t iterator_key_once = PTHREAD_ONCE_INIT;

static void close_iterator(void *iterator) {
    ubrk_close((UBreakIterator *)iterator);
}

static void make_iterator_key(void) {
    pthread_key_create(&iterator_key, close_iterator);
}

static UBreakIterator *line_iterator(const char *locale, UErrorCode *status) {
    if (cached_iterator != NULL && strncmp(cached_locale, locale, sizeof cached_locale) == 0) {
        return cached_iterator;
    }
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, status);
    if (U_FAILURE(*status)) {
        return NULL;
    }
    if (cached_iterator != NULL) {
        ubrk_close(cached_iterator);
    }
    pthread_once(&iterator_key_once, make_iterator_key);
    pthread_setspecific(iterator_key, iterator);
    cached_iterator = iterator;
    strncpy(cached_locale, locale, sizeof cached_locale - 1);
    cached_locale[sizeof cached_locale - 1] = '\0';
    return iterator;
}

int32_t cfontfit_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *offsets, uint8_t *mandatory, int32_t capacity,
                             int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = line_iterator(locale, &status);
    if (iterator == NULL) {
        *error = (int32_t)status;
        return -1;
    }
    ubrk_setText(iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) {
        *error = (int32_t)status;
        return -1;
    }
    int32_t count = 0;
    ubrk_first(iterator);
    for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE && count < capacity;
         offset = ubrk_next(iterator)) {
        // A break is hard exactly after a UAX #14 BK, CR, LF or NL character. Not from the rule
        // status: ICU gives breaks its dictionary found (Thai, Lao, Khmer, Burmese words) the status
        // of the rule-based break that ends the dictionary's range, so every break inside a Thai
        // phrase followed by a newline read as hard.
        uint16_t before = text[offset - 1];
        offsets[count] = offset;
        mandatory[count] = (before == 0x0A || before == 0x0B || before == 0x0C || before == 0x0D || before == 0x85
                            || before == 0x2028 || before == 0x2029) ? 1 : 0;
        count += 1;
    }
    // The iterator must not keep pointing at the caller's buffer once it returns.
    ubrk_setText(iterator, NULL, 0, &status);
    *error = 0;
    return count;
}
