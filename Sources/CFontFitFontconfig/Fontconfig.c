// fontconfig is needed only to find a font by name or a fallback for a character no font in a stack
// has, never for a font given by path; opening it at start-up (with libexpat) cost every process
// (see CFontFitLazy.h).
#include "CFontFitFontconfig.h"

#include <CFontFitLazy.h>

static struct cfontfit_library fontconfig = {"libfontconfig.so.1", "finding fonts by name (fontconfig)", 0};

CFONTFIT_LAZY(fontconfig, FcPattern *, FcNameParse, (const FcChar8 *name), (name))
CFONTFIT_LAZY_VOID(fontconfig, FcPatternDestroy, (FcPattern *p), (p))
CFONTFIT_LAZY(fontconfig, FcCharSet *, FcCharSetCreate, (void), ())
CFONTFIT_LAZY_VOID(fontconfig, FcCharSetDestroy, (FcCharSet *fcs), (fcs))
CFONTFIT_LAZY(fontconfig, FcBool, FcCharSetAddChar, (FcCharSet *fcs, FcChar32 ucs4), (fcs, ucs4))
CFONTFIT_LAZY(fontconfig, FcBool, FcCharSetHasChar, (const FcCharSet *fcs, FcChar32 ucs4), (fcs, ucs4))
CFONTFIT_LAZY(fontconfig, FcBool, FcPatternAddCharSet, (FcPattern *p, const char *object, const FcCharSet *c),
              (p, object, c))
CFONTFIT_LAZY(fontconfig, FcBool, FcConfigSubstitute, (FcConfig *config, FcPattern *p, FcMatchKind kind),
              (config, p, kind))
CFONTFIT_LAZY_VOID(fontconfig, FcDefaultSubstitute, (FcPattern *pattern), (pattern))
CFONTFIT_LAZY(fontconfig, FcPattern *, FcFontMatch, (FcConfig *config, FcPattern *p, FcResult *result),
              (config, p, result))
CFONTFIT_LAZY(fontconfig, FcResult, FcPatternGetString, (const FcPattern *p, const char *object, int n, FcChar8 **s),
              (p, object, n, s))
CFONTFIT_LAZY(fontconfig, FcResult, FcPatternGetCharSet,
              (const FcPattern *p, const char *object, int n, FcCharSet **c), (p, object, n, c))
CFONTFIT_LAZY(fontconfig, FcResult, FcPatternGetInteger, (const FcPattern *p, const char *object, int n, int *i),
              (p, object, n, i))
