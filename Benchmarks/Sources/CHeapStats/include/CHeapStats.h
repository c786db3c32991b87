#ifndef CHEAPSTATS_H
#define CHEAPSTATS_H
#include <stddef.h>

/// Bytes currently allocated by malloc (glibc mallinfo2().uordblks), or 0 when unknown.
size_t cheapstats_heap_in_use(void);

/// The same plus the blocks malloc maps on their own (mallinfo2().hblkhd: allocations of
/// 128 KiB and more), or 0 when unknown.
size_t cheapstats_heap_and_mapped_in_use(void);

#endif
