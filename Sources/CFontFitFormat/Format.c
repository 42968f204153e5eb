#include "CFontFitFormat.h"

#include <stdio.h>

int cfontfit_format_fixed(char *buffer, size_t capacity, int digits, double value) {
    return snprintf(buffer, capacity, "%.*f", digits, value);
}
