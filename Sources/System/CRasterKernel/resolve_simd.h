// The SIMD final passes, written once: resolve_sse2.c and resolve_avx2.c each include this body once (it
// has no include guard), after defining their steps for their vector width. Every function here carries
// `PT_SIMD` (the including file's target attribute, or nothing), so each copy is compiled for its own
// instruction set; which copy runs is chosen at run time (raster_walk.c).
//
// What the including file defines:
// - `PT_SIMD`, and the names of the two passes, `PT_ACCUMULATE` and `PT_RESOLVE`;
// - `pt_sum`: the running sum, in every lane of a vector; `pt_splat`: a coverage byte repeated, as wide as
//   ``fill_spilling``'s stores; `pt_cells16`: 16 cells as loaded;
// - `load16(p)`, `zero16(c)` (whether all 16 are zero), `coverage16(c, &sum, even_odd)` (their prefix sums
//   onto the running sum, as 16 coverage bytes) and `last_byte16(v)` (byte 15 of v, 16 times);
// - `coverage8(p, &sum, even_odd)`: the 8 cells at p summed likewise, zeroed, as 8 coverage bytes
//   (little-endian); `block_spilling(p, o, &sum, even_odd)`: the same, stored as 8 bytes at o, returning
//   the last of them as a `pt_splat`;
// - `take_marks32(m)`: the 32 block marks at m as bits (block k the bit k), cleared when any is set;
// - `fill_spilling(o, from, to, v)`: o[from ..< to] filled with v in steps of 64 bytes (up to 63 past `to`).
//
// The coverage of a running sum is pt_coverage_nonzero's or pt_coverage_evenodd's, lane by lane: int to
// float, |·|, × 255·2⁻¹⁶ (exact), rounded to nearest even (`cvtps2dq`), saturated by the packs.

#define PT_ALWAYS __attribute__((always_inline)) static inline

/// The marks of the 16 blocks at `m` as bits, cleared when any is set.
PT_SIMD PT_ALWAYS unsigned take_marks16(uint8_t *m) {
    unsigned bits = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)m));
    if (bits) memset(m, 0, 16);
    return bits;
}

/// The whole-box final pass, for one rule (a constant after inlining): one prefix sum over the `n` cells, 16
/// a step, into one store of 16 bytes. With `skip` (a constant too), where all 16 are zero (inside or
/// outside the shape, between edges) the sums are the carry: its coverage byte is stored 16 times and
/// nothing else is done; that pays on wider masks, where such runs are common.
PT_SIMD PT_ALWAYS void accumulate(uint32_t *cells, intptr_t n, uint8_t *out, const int even_odd, const int skip) {
    pt_sum sum = {0};
    __m128i carried = _mm_setzero_si128();  // the carry's coverage byte, 16 times
    intptr_t i = 0;
    const intptr_t whole = n & ~(intptr_t)15;  // the cells in whole steps of 16
    for (; i < whole; i += 16) {
        pt_cells16 c = load16(cells + i);
        if (skip) {
            // A run of zero steps in its own loop (the carried bytes stay in one register).
            while (zero16(c)) {
                _mm_storeu_si128((__m128i *)(out + i), carried);
                i += 16;
                if (i >= whole) goto tail;
                c = load16(cells + i);
            }
        }
        memset(cells + i, 0, 16 * sizeof *cells);
        __m128i v = coverage16(c, &sum, even_odd);
        _mm_storeu_si128((__m128i *)(out + i), v);
        if (skip) carried = last_byte16(v);
    }
tail:
    for (; i < n; i += 8) {
        uint64_t bytes = coverage8(cells + i, &sum, even_odd);
        if (i + 8 <= n) memcpy(out + i, &bytes, 8);
        else pt_store_partial(out + i, n - i, bytes);
    }
    cells[n] = 0;
    cells[n + 1] = 0;
}

PT_SIMD void PT_ACCUMULATE(uint32_t *cells, intptr_t n, int32_t width, int even_odd, uint8_t *out) {
    int skip = width >= PT_SKIP_WIDTH;
    if (even_odd) {
        if (skip) accumulate(cells, n, out, 1, 1);
        else accumulate(cells, n, out, 1, 0);
    } else {
        if (skip) accumulate(cells, n, out, 0, 1);
        else accumulate(cells, n, out, 0, 0);
    }
}

/// One row of the rows layout where stores may run up to ``PT_SPILL`` bytes past the row's end (into later
/// rows, which are written after it): each gap before a marked block filled by ``fill_spilling`` from where
/// the last block ended (what it writes past the gap is rewritten by the blocks and fills after it, in
/// order), each block's 8 bytes stored whole. The marks are read 32 at a time (a row of marks is a multiple
/// of 16 bytes, so at most one read of 16 ends it).
PT_SIMD static inline void row_spilling(uint32_t *row, uint8_t *mr, intptr_t mark_stride, int32_t width, uint8_t *o,
                                        const int even_odd) {
    pt_sum sum = {0};
    pt_splat carried = {0};
    intptr_t done = 0;
    for (intptr_t chunk = 0; chunk < mark_stride; chunk += 32) {
        unsigned bits = chunk + 32 <= mark_stride ? take_marks32(mr + chunk) : take_marks16(mr + chunk);
        for (; bits; bits &= bits - 1) {
            intptr_t j = (chunk + __builtin_ctz(bits)) * 8;
            fill_spilling(o, done, j, carried);
            carried = block_spilling(row + j, o + j, &sum, even_odd);
            done = j + 8;
        }
    }
    fill_spilling(o, done, width, carried);
}

/// One row of the rows layout, every store within the row (the last few rows of a mask). Out of line, for
/// either rule: inlined, it left the loop of ``row_spilling`` short of registers (SSE2's pass 1.6 % dearer).
PT_SIMD __attribute__((noinline)) static void row_exact(uint32_t *row, uint8_t *mr, intptr_t mark_stride,
                                                        int32_t width, uint8_t *o, int even_odd) {
    pt_sum sum = {0};
    uint8_t carried = 0;
    intptr_t done = 0;
    for (intptr_t chunk = 0; chunk < mark_stride; chunk += 16) {
        for (unsigned bits = take_marks16(mr + chunk); bits; bits &= bits - 1) {
            intptr_t j = (chunk + __builtin_ctz(bits)) * 8;
            if (j >= width) {
                memset(row + j, 0, 8 * sizeof *row);
                continue;
            }
            pt_fill(o + done, j - done, carried);
            uint64_t bytes = coverage8(row + j, &sum, even_odd);
            carried = (uint8_t)(bytes >> 56);
            if (j + 8 <= width) {
                memcpy(o + j, &bytes, 8);
                done = j + 8;
            } else {
                pt_store_partial(o + j, width - j, bytes);
                done = width;
            }
        }
    }
    pt_fill(o + done, width - done, carried);
}

/// The rows pass for one rule (a constant after inlining): the rows with at least ``PT_SPILL`` bytes of
/// the mask after them as ``row_spilling``, the last few as ``row_exact``.
PT_SIMD PT_ALWAYS void resolve(uint32_t *cells, intptr_t cell_stride, uint8_t *marks, intptr_t mark_stride,
                               int32_t width, int32_t rows, uint8_t *out, const int even_odd) {
    int32_t spilling = rows - (PT_SPILL + width - 1) / width;
    int32_t y = 0;
    for (; y < spilling; y++, cells += cell_stride, marks += mark_stride, out += width)
        row_spilling(cells, marks, mark_stride, width, out, even_odd);
    for (; y < rows; y++, cells += cell_stride, marks += mark_stride, out += width)
        row_exact(cells, marks, mark_stride, width, out, even_odd);
}

PT_SIMD void PT_RESOLVE(uint32_t *cells, intptr_t cell_stride, uint8_t *marks, intptr_t mark_stride, int32_t width,
                        int32_t rows, int even_odd, uint8_t *out) {
    if (even_odd) resolve(cells, cell_stride, marks, mark_stride, width, rows, out, 1);
    else resolve(cells, cell_stride, marks, mark_stride, width, rows, out, 0);
}
