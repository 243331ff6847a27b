// A prefetch hint for Swift, which has no intrinsic for one: Geometry's path measure asks for the cache
// lines a query is about to read (the lazy-record slots of the candidate segments, a segment's records)
// before it knows which of them it needs, so that their misses overlap instead of following each other.
// A hint only: it never faults, whatever the address, and changes no result.
#ifndef PT_PREFETCH_H
#define PT_PREFETCH_H

/// Asks for the cache line holding `p` to be read into every cache level (`prefetcht0` on x86-64).
static inline __attribute__((always_inline)) void pt_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }

/// Asks for the cache line holding `p` to be read for one use, keeping it out of the caches it would
/// evict longer-lived data from (`prefetchnta` on x86-64: into L1, not into L2): for the records of random
/// queries, which come once and would push the search tables out of the L2 cache.
static inline __attribute__((always_inline)) void pt_prefetch_once(const void *p) { __builtin_prefetch(p, 0, 0); }

#endif
