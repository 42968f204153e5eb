#include "CFontFitLazy.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

// dlerror names the file or the symbol and why ("libicuuc.so.72: cannot open shared object file").
static _Noreturn void fail(const struct cfontfit_library *library) {
    const char *reason = dlerror();
    fprintf(stderr, "error: fontfit needs %s for %s: %s\n", library->soname, library->purpose,
            reason != NULL ? reason : "dlopen failed");
    exit(70);
}

void *cfontfit_lazy_symbol(struct cfontfit_library *library, const char *symbol) {
    void *handle = __atomic_load_n(&library->handle, __ATOMIC_ACQUIRE);
    if (handle == NULL) {
        // Two threads may both open it; dlopen counts references, and the second handle is the first.
        // RTLD_LAZY, as the dynamic loader binds a library it loads at start-up: RTLD_NOW would look
        // up every function HarfBuzz, GLib and FreeType import, most of a short fit's start
        // (bench-cli: fitOverHBShape).
        handle = dlopen(library->soname, RTLD_LAZY | RTLD_LOCAL);
        if (handle == NULL) {
            fail(library);
        }
        __atomic_store_n(&library->handle, handle, __ATOMIC_RELEASE);
    }
    void *address = dlsym(handle, symbol);
    if (address == NULL) {
        fail(library);
    }
    return address;
}
