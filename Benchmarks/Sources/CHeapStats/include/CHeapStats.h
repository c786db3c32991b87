#ifndef CHEAPSTATS_H
#define CHEAPSTATS_H
#include <stddef.h>

/// Bytes currently allocated by malloc (glibc mallinfo2().uordblks), or 0 when unknown.
size_t cheapstats_heap_in_use(void);

#endif
