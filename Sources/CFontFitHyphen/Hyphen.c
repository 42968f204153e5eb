// libhyphen is needed only for automatic hyphenation: opened on its first use rather than by the
// dynamic loader at start-up (see CFontFitLazy.h).
#include "CFontFitHyphen.h"

#include <CFontFitLazy.h>

static struct cfontfit_library hyphen = {"libhyphen.so.0", "automatic hyphenation (libhyphen)", 0};

CFONTFIT_LAZY(hyphen, HyphenDict *, hnj_hyphen_load, (const char *fn), (fn))
CFONTFIT_LAZY(hyphen, HyphenDict *, hnj_hyphen_load_file, (FILE *f), (f))
CFONTFIT_LAZY_VOID(hyphen, hnj_hyphen_free, (HyphenDict *dict), (dict))
CFONTFIT_LAZY(hyphen, int, hnj_hyphen_hyphenate2,
              (HyphenDict *dict, const char *word, int word_size, char *hyphens, char *hyphenated_word, char ***rep,
               int **pos, int **cut),
              (dict, word, word_size, hyphens, hyphenated_word, rep, pos, cut))
