// ICU, opened on the first line break, bidi run, case change or Script_Extensions lookup that the
// fast paths leave to it (see CFontFitLazy.h).
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/uvernum.h>

#include <CFontFitLazy.h>

static struct cfontfit_library icu = {
    "libicuuc.so." U_ICU_VERSION_SHORT, "line breaking, bidi, case mapping and script runs (ICU)", 0};

CFONTFIT_LAZY(icu, UBiDi *, ubidi_openSized, (int32_t maxLength, int32_t maxRunCount, UErrorCode *pErrorCode),
              (maxLength, maxRunCount, pErrorCode))
CFONTFIT_LAZY_VOID(icu, ubidi_setPara,
                   (UBiDi *pBiDi, const UChar *text, int32_t length, UBiDiLevel paraLevel, UBiDiLevel *embeddingLevels,
                    UErrorCode *pErrorCode),
                   (pBiDi, text, length, paraLevel, embeddingLevels, pErrorCode))
CFONTFIT_LAZY(icu, const UBiDiLevel *, ubidi_getLevels, (UBiDi *pBiDi, UErrorCode *pErrorCode), (pBiDi, pErrorCode))
CFONTFIT_LAZY(icu, UBiDiLevel, ubidi_getParaLevel, (const UBiDi *pBiDi), (pBiDi))
CFONTFIT_LAZY_VOID(icu, ubidi_close, (UBiDi *pBiDi), (pBiDi))
CFONTFIT_LAZY(icu, UBreakIterator *, ubrk_open,
              (UBreakIteratorType type, const char *locale, const UChar *text, int32_t textLength, UErrorCode *status),
              (type, locale, text, textLength, status))
CFONTFIT_LAZY_VOID(icu, ubrk_close, (UBreakIterator *bi), (bi))
CFONTFIT_LAZY_VOID(icu, ubrk_setText, (UBreakIterator *bi, const UChar *text, int32_t textLength, UErrorCode *status),
                   (bi, text, textLength, status))
CFONTFIT_LAZY(icu, int32_t, ubrk_first, (UBreakIterator *bi), (bi))
CFONTFIT_LAZY(icu, int32_t, ubrk_next, (UBreakIterator *bi), (bi))
CFONTFIT_LAZY(icu, int32_t, u_strToUpper,
              (UChar *dest, int32_t destCapacity, const UChar *src, int32_t srcLength, const char *locale,
               UErrorCode *pErrorCode),
              (dest, destCapacity, src, srcLength, locale, pErrorCode))
CFONTFIT_LAZY(icu, int32_t, u_strToLower,
              (UChar *dest, int32_t destCapacity, const UChar *src, int32_t srcLength, const char *locale,
               UErrorCode *pErrorCode),
              (dest, destCapacity, src, srcLength, locale, pErrorCode))
CFONTFIT_LAZY(icu, UChar32, u_totitle, (UChar32 c), (c))
CFONTFIT_LAZY(icu, int32_t, uscript_getScriptExtensions,
              (UChar32 c, UScriptCode *scripts, int32_t capacity, UErrorCode *errorCode),
              (c, scripts, capacity, errorCode))
CFONTFIT_LAZY(icu, const char *, uscript_getShortName, (UScriptCode scriptCode), (scriptCode))
CFONTFIT_LAZY(icu, int32_t, u_getIntPropertyValue, (UChar32 c, UProperty which), (c, which))
