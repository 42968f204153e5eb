#ifndef CFONTFIT_FORMAT_H
#define CFONTFIT_FORMAT_H

#include <stddef.h>

/// Writes `value` with `digits` decimals as C's "%.*f" does, into `buffer` (room for `capacity`
/// bytes, NUL included). Returns what snprintf returns.
///
/// Swift reaches vsnprintf only through `withVaList`, whose first `CVarArg` costs a process a
/// protocol-conformance lookup that scans every conformance record of the binary (5% of a short
/// `fontfit fit`); a plain C call with a fixed signature has no such cost.
int cfontfit_format_fixed(char *buffer, size_t capacity, int digits, double value);

#endif
