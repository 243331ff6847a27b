// The final passes with SSE2 (x86-64's baseline): resolve_simd.h's body, a block of 8 cells being two
// 4-lane vectors.
#include "raster_internal.h"

#if PT_RASTER_X86
#include <emmintrin.h>

#define PT_SIMD
#define PT_ACCUMULATE pt_accumulate_sse2
#define PT_RESOLVE pt_resolve_sse2

typedef __m128i pt_sum;
typedef __m128i pt_splat;
typedef struct { __m128i q[4]; } pt_cells16;

/// The 4 cells `v` prefix-summed onto `*sum` (updated) and converted to coverage (0 … 255 as 32-bit lanes)
/// under the rule.
static inline __m128i coverage4(__m128i v, pt_sum *sum, int even_odd) {
    v = _mm_add_epi32(v, _mm_slli_si128(v, 4));
    v = _mm_add_epi32(v, _mm_slli_si128(v, 8));
    v = _mm_add_epi32(v, *sum);
    *sum = _mm_shuffle_epi32(v, 0xFF);
    const __m128 abs_mask = _mm_castsi128_ps(_mm_set1_epi32(0x7FFFFFFF));
    __m128 f;
    if (even_odd) {
        __m128i e = _mm_sub_epi32(_mm_and_si128(v, _mm_set1_epi32(0x1FFFF)), _mm_set1_epi32(PT_ONE));
        f = _mm_sub_ps(_mm_set1_ps((float)PT_ONE), _mm_and_ps(_mm_cvtepi32_ps(e), abs_mask));
    } else {
        f = _mm_and_ps(_mm_cvtepi32_ps(v), abs_mask);
    }
    return _mm_cvtps_epi32(_mm_mul_ps(f, _mm_set1_ps((float)(255.0 / 65536.0))));
}

static inline pt_cells16 load16(const uint32_t *p) {
    pt_cells16 c;
    for (int k = 0; k < 4; k++) c.q[k] = _mm_loadu_si128((const __m128i *)(p + 4 * k));
    return c;
}

static inline int zero16(pt_cells16 c) {
    __m128i any = _mm_or_si128(_mm_or_si128(c.q[0], c.q[1]), _mm_or_si128(c.q[2], c.q[3]));
    return _mm_movemask_epi8(_mm_cmpeq_epi32(any, _mm_setzero_si128())) == 0xFFFF;
}

/// Four vectors of coverage packed into one.
static inline __m128i coverage16(pt_cells16 c, pt_sum *sum, int even_odd) {
    __m128i a = coverage4(c.q[0], sum, even_odd);  // in order: each carries the sum to the next
    __m128i b = coverage4(c.q[1], sum, even_odd);
    __m128i d = coverage4(c.q[2], sum, even_odd);
    __m128i e = coverage4(c.q[3], sum, even_odd);
    return _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(d, e));
}

/// Byte 15 to all 16 (SSE2 has no byte shuffle): doubled into a 16-bit lane (the high bytes' unpack), that
/// lane to the high four, then their last 32 bits to all four.
static inline __m128i last_byte16(__m128i v) {
    return _mm_shuffle_epi32(_mm_shufflehi_epi16(_mm_unpackhi_epi8(v, v), 0xFF), 0xFF);
}

/// The 8 cells at `p` summed onto `*sum` and zeroed, as 8 coverage bytes in the low half (and the high).
static inline __m128i block8(uint32_t *p, pt_sum *sum, int even_odd) {
    __m128i lo = _mm_loadu_si128((const __m128i *)p), hi = _mm_loadu_si128((const __m128i *)(p + 4));
    memset(p, 0, 8 * sizeof *p);
    __m128i a = coverage4(lo, sum, even_odd);  // in order: a carries the sum to b
    __m128i b = coverage4(hi, sum, even_odd);
    __m128i k = _mm_packs_epi32(a, b);
    return _mm_packus_epi16(k, k);
}

static inline uint64_t coverage8(uint32_t *p, pt_sum *sum, int even_odd) {
    uint64_t bytes;
    _mm_storel_epi64((__m128i *)&bytes, block8(p, sum, even_odd));
    return bytes;
}

/// Byte 7 to all 16 as ``last_byte16`` does byte 15 (the low bytes' unpack).
static inline pt_splat block_spilling(uint32_t *p, uint8_t *o, pt_sum *sum, int even_odd) {
    __m128i k = block8(p, sum, even_odd);
    _mm_storel_epi64((__m128i *)o, k);
    return _mm_shuffle_epi32(_mm_shufflehi_epi16(_mm_unpacklo_epi8(k, k), 0xFF), 0xFF);
}

/// Two loads, their masks joined.
static inline unsigned take_marks32(uint8_t *m) {
    unsigned bits = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)m))
                  | (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(m + 16))) << 16;
    if (bits) memset(m, 0, 32);
    return bits;
}

/// Four 16-byte stores a step.
static inline void fill_spilling(uint8_t *o, intptr_t from, intptr_t to, pt_splat v) {
    for (intptr_t p = from; p < to; p += 64)
        for (int k = 0; k < 64; k += 16) _mm_storeu_si128((__m128i *)(o + p + k), v);
}

#include "resolve_simd.h"
#endif
