#ifndef CFONTFIT_LAZY_H
#define CFONTFIT_LAZY_H

/// A shared library that only some commands need, opened with dlopen on its first call rather than
/// by the dynamic loader at start-up: loading and relocating it (and the libraries it needs) costs
/// a short fontfit process more than its own work, and most processes never call it.
///
/// A C file defines the library's functions that fontfit calls, with the library's own names and
/// prototypes, each through CFONTFIT_LAZY, which resolves the real function on its first call;
/// callers, Swift or C, keep calling the library's API as its header declares it. ICU and
/// fontconfig (CFontFitICU, CFontFitFontconfig) are then never linked. HarfBuzz, FreeType and
/// libpng (Stubs.c, written by scripts/make-lazy-stubs) are still linked where SwiftPM adds their
/// pkg-config libraries to the link (the stubs, in the executable, take precedence, and the
/// library dlopen opens is the one already loaded); the install build, which links without them
/// (scripts/install-build-flags), loads them only when a command needs them.
struct cfontfit_library {
    /// The soname dlopen opens ("libfontconfig.so.1").
    const char *soname;
    /// What fontfit needs it for, for the error when it is missing ("finding fonts by name").
    const char *purpose;
    /// The handle, once opened.
    void *handle;
};

/// The address of `symbol` in `library`, opening the library first if it is not yet open. When the
/// library or the symbol cannot be found, writes one `error: ` line naming them and what they are
/// for to standard error and exits with status 70 (the dynamic loader would have refused to start
/// the program at all).
void *cfontfit_lazy_symbol(struct cfontfit_library *library, const char *symbol);

// Never exported, even where a library's header declares its functions with default visibility
// (ICU's U_CAPI, which an attribute on the definition may not contradict): a library opened later
// must not find them in place of its own.
#define CFONTFIT_LAZY_HIDDEN(name) __asm__(".hidden " CFONTFIT_LAZY_STRING(name));

#define CFONTFIT_LAZY_STRING_(x) #x
#define CFONTFIT_LAZY_STRING(x) CFONTFIT_LAZY_STRING_(x)

// `name` is expanded before use, so a library that renames its symbols with macros (ICU's version
// suffixes) is looked up by its real symbol name.
#define CFONTFIT_LAZY_POINTER(library, ret, name, params)                                             \
    static ret (*resolved) params;                                                                  \
    ret (*function) params = __atomic_load_n(&resolved, __ATOMIC_ACQUIRE);                          \
    if (function == 0) {                                                                            \
        function = (ret (*) params)cfontfit_lazy_symbol(&library, CFONTFIT_LAZY_STRING(name));      \
        __atomic_store_n(&resolved, function, __ATOMIC_RELEASE);                                    \
    }

/// Defines `ret name params`, calling the library's `name` with `args`.
#define CFONTFIT_LAZY(library, ret, name, params, args)                                               \
    CFONTFIT_LAZY_HIDDEN(name)                                                                      \
    ret name params {                                                                               \
        CFONTFIT_LAZY_POINTER(library, ret, name, params)                                           \
        return function args;                                                                       \
    }

/// CFONTFIT_LAZY for a function that returns nothing.
#define CFONTFIT_LAZY_VOID(library, name, params, args)                                               \
    CFONTFIT_LAZY_HIDDEN(name)                                                                      \
    void name params {                                                                              \
        CFONTFIT_LAZY_POINTER(library, void, name, params)                                          \
        function args;                                                                              \
    }

#endif
