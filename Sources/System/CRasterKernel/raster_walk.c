// The contour walker (16.16 fixed point, shared by every final pass) and the choice of final pass.
#include "CRasterKernel.h"
#include "raster_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/// The cells of one fill, and in the rows layout their marks (NULL in the whole-box layout).
typedef struct {
    uint32_t *cells;
    uint8_t *marks;
    intptr_t stride, mark_stride;
} grid;

/// A block mark: the high bit, which `pmovmskb` reads.
#define MARK 0x80

#define INLINE __attribute__((always_inline)) static inline

/// Marks the blocks of cells `i` and `i + 1` (when `marking`, a constant after inlining).
INLINE void mark_pair(uint8_t *mr, int32_t i, const int marking) {
    if (!marking) return;
    mr[i >> 3] = MARK;
    mr[(i + 1) >> 3] = MARK;
}

/// The part of a line within cell `c` of a row, from x = `a` to x = `b` (16.16, both within the cell) with
/// height `h` (2⁻¹⁶ px, signed by the winding): `h` is split between `c` and `c + 1` by the mean x, so the
/// two deposits always sum to exactly `h`.
INLINE void deposit(uint32_t *row, int32_t c, int32_t a, int32_t b, int32_t h) {
    // 0 … 2·ONE. Each of a and b is taken from the cell's left edge before adding: at the widest mask
    // (16 384 px) x reaches 2³⁰, so a + b or c << 17 alone could reach 2³¹ and overflow.
    int32_t base = c << 16;
    int32_t twice_mean = (a - base) + (b - base);
    int32_t t = (int32_t)(((int64_t)h * twice_mean) >> 17);
    row[c] += (uint32_t)(h - t);
    row[c + 1] += (uint32_t)t;
}

/// A row's part of a line crossing three or more cells, from `xl` to `xr` (xl < xr) with height `d` (its
/// sign `S`, a constant): the height up to each cell boundary B is ⌊(B − xl)·dydx⌋ (limited to |d|; `dydx`
/// is the line's |dy/dx|), and the last piece takes the rest, so the pieces sum to exactly `d`. Each piece
/// is split between its cell and the next as ``deposit`` does; the part a piece leaves to the next cell is
/// carried and added with that cell's own (one store a cell; integer sums in any order are the same).
/// Marks the blocks written when `M`.
INLINE void span_body(uint32_t *row, uint8_t *mr, int32_t xl, int32_t xr, int32_t d, double dydx, const int32_t S,
                      const int M) {
    int32_t il = xl >> 16, ic = (xr - 1) >> 16;
    int32_t ad = S > 0 ? d : -d;
    // The first cell, from xl to its right boundary (``deposit`` with twice the mean (xl − base) + ONE).
    int32_t bx = (il + 1) << 16;
    int32_t prev_h = (int32_t)((double)(bx - xl) * dydx);
    prev_h = prev_h < ad ? prev_h : ad;
    int32_t h0 = S > 0 ? prev_h : -prev_h;
    int32_t t0 = (int32_t)(((int64_t)h0 * ((xl & 0xFFFF) + PT_ONE)) >> 17);
    row[il] += (uint32_t)(h0 - t0);
    uint32_t carried = (uint32_t)t0;
    // The cells crossed whole: the mean x is the cell's middle, so the split is half and half
    // (t = ⌊piece / 2⌋, the same bytes as ``deposit``). The distance bx − xl is stepped in double, exactly
    // (integers below 2³¹). Not vectorised: it crosses 1.4 cells on average at 512 px, and the vector
    // loop's set-up cost more than it saved.
    double dist = (double)(bx - xl);
#if defined(__clang__)
#pragma clang loop vectorize(disable) interleave(disable)
#endif
    for (int32_t c = il + 1; c < ic; c++) {
        dist += (double)PT_ONE;
        int32_t h = (int32_t)(dist * dydx);
        h = h < ad ? h : ad;
        int32_t piece = S > 0 ? h - prev_h : prev_h - h;
        int32_t t = piece >> 1;
        row[c] += carried + (uint32_t)(piece - t);
        carried = (uint32_t)t;
        prev_h = h;
    }
    // The last cell takes the rest (``deposit`` from its left edge to xr).
    int32_t hl = S > 0 ? ad - prev_h : prev_h - ad;
    int32_t tl = (int32_t)(((int64_t)hl * (xr - (ic << 16))) >> 17);
    row[ic] += carried + (uint32_t)(hl - tl);
    row[ic + 1] += (uint32_t)tl;
    if (!M) return;
    // The blocks of cells il … ic + 1: the two ends, and any between (a row crossing 9 or more cells).
    int32_t first = il >> 3, last_block = (ic + 1) >> 3;
    mr[first] = MARK;
    mr[last_block] = MARK;
    for (int32_t b = first + 1; b < last_block; b++) mr[b] = MARK;
}

/// The out-of-line copies of ``span_body``, by the sign of the height and whether to mark.
#define SPAN(name, S, M) \
    __attribute__((noinline)) static void name(uint32_t *row, uint8_t *mr, int32_t xl, int32_t xr, int32_t d, \
                                               double dydx) { \
        span_body(row, mr, xl, xr, d, dydx, S, M); \
    }
SPAN(span_down_rows, 1, 1)
SPAN(span_up_rows, -1, 1)
SPAN(span_down_box, 1, 0)
SPAN(span_up_box, -1, 0)

/// A row's part of a line from `xl` to `xr` (xl < xr, 16.16) that leaves its first cell `il`, height `d`:
/// across one cell boundary inline (split at it), across more in ``span``.
INLINE void cross(uint32_t *row, uint8_t *mr, int32_t xl, int32_t xr, int32_t il, int32_t d, double dydx,
                  const int32_t dir, const int marking) {
    int32_t boundary = (il + 1) << 16;
    if (xr <= boundary + PT_ONE) {
        // Two pieces, split at the boundary: heights h1 (limited to |d|) and the rest, each split as
        // ``deposit`` does (the first's twice-the-mean is (xl − base) + ONE, the second's xr − boundary);
        // what the first leaves to cell il + 1 is added with the second's own part there (one store).
        // d's sign is dir's (every caller's height is dir times a positive one).
        int32_t ad = dir > 0 ? d : -d;
        int32_t h1 = (int32_t)((double)(boundary - xl) * dydx);
        h1 = h1 < ad ? h1 : ad;
        int32_t h2 = ad - h1;
        if (dir < 0) { h1 = -h1; h2 = -h2; }
        int32_t t1 = (int32_t)(((int64_t)h1 * ((xl & 0xFFFF) + PT_ONE)) >> 17);
        int32_t t2 = (int32_t)(((int64_t)h2 * (xr - boundary)) >> 17);
        row[il] += (uint32_t)(h1 - t1);
        row[il + 1] += (uint32_t)(t1 + (h2 - t2));
        row[il + 2] += (uint32_t)t2;
        if (marking) {
            mr[il >> 3] = MARK;
            mr[(il + 2) >> 3] = MARK;
        }
        return;
    }
    if (xr <= boundary + 2 * PT_ONE) {
        // Three pieces (a third of ``span``'s calls at 512 px), inline: ``span_body`` for one cell crossed
        // whole, the same arithmetic in the same order.
        int32_t ad = dir > 0 ? d : -d;
        int32_t h1 = (int32_t)((double)(boundary - xl) * dydx);
        h1 = h1 < ad ? h1 : ad;
        int32_t h2 = (int32_t)((double)(boundary + PT_ONE - xl) * dydx);
        h2 = h2 < ad ? h2 : ad;
        int32_t p1 = dir > 0 ? h1 : -h1, p2 = dir > 0 ? h2 - h1 : h1 - h2, p3 = dir > 0 ? ad - h2 : h2 - ad;
        int32_t t1 = (int32_t)(((int64_t)p1 * ((xl & 0xFFFF) + PT_ONE)) >> 17);
        int32_t t2 = p2 >> 1;
        int32_t t3 = (int32_t)(((int64_t)p3 * (xr - boundary - PT_ONE)) >> 17);
        row[il] += (uint32_t)(p1 - t1);
        row[il + 1] += (uint32_t)t1 + (uint32_t)(p2 - t2);
        row[il + 2] += (uint32_t)t2 + (uint32_t)(p3 - t3);
        row[il + 3] += (uint32_t)t3;
        if (marking) {
            mr[il >> 3] = MARK;
            mr[(il + 3) >> 3] = MARK;
        }
        return;
    }
    if (marking) (dir > 0 ? span_down_rows : span_up_rows)(row, mr, xl, xr, d, dydx);
    else (dir > 0 ? span_down_box : span_up_box)(row, mr, xl, xr, d, dydx);
}

/// A row's part of a line from x = `xl` to `xr` (16.16, xl ≤ xr), height `d` (signed by the winding,
/// |d| ≤ ONE), on a line whose |dy/dx| is `dydx`: within one cell (most steps) inline, else ``cross``.
INLINE void step_lr(uint32_t *row, uint8_t *mr, int32_t xl, int32_t xr, int32_t d, double dydx, const int32_t dir,
                    const int marking) {
    int32_t il = xl >> 16;
    if (xr <= (il + 1) << 16) {
        deposit(row, il, xl, xr, d);
        mark_pair(mr, il, marking);
        return;
    }
    cross(row, mr, xl, xr, il, d, dydx, dir, marking);
}

/// ``step_lr`` when the order of the two x is known (`rightward`: xa ≤ xb; a constant after inlining).
INLINE void step_dir(uint32_t *row, uint8_t *mr, int32_t xa, int32_t xb, int32_t d, double dydx, const int32_t dir,
                     const int rightward, const int marking) {
    step_lr(row, mr, rightward ? xa : xb, rightward ? xb : xa, d, dydx, dir, marking);
}

/// 1/64 of a 16.16 unit, added to the x stepped from row to row (see ``rows``).
#define BIAS 0.015625

/// The `n` (≥ 1) whole rows of a line after the row at `row` (and `mr`), each of height ±ONE (`dir`): the x
/// where the line leaves each row is `xf` stepped by `per`, truncated; `x` is where it entered the first.
/// Returns the x where it leaves the last. A step within one cell costs no multiply. Inline in both layouts:
/// round six kept it out of line in the rows layout (inline, the compiler kept x and the row pointers on the
/// stack, ≈ 4 instructions more a row step), but with vertical lines walked apart (``vertical``) there are
/// fewer whole rows per line here, and the call (≈ 45 instructions with its spills) cost more.
INLINE int32_t whole_rows(uint32_t *row, uint8_t *mr, intptr_t stride, intptr_t mark_stride, int32_t x, int32_t n,
                          double xf, double per, double dydx, const int32_t dir, const int rightward,
                          const int marking) {
    const int32_t h = dir * PT_ONE;
    uint32_t *const last = row + (intptr_t)n * stride;
    do {
        row += stride;
        if (marking) mr += mark_stride;
        xf += per;
        int32_t xn = (int32_t)xf;
        int32_t xl = rightward ? x : xn, xr = rightward ? xn : x;
        x = xn;
        // x ≥ 0 (clamped into the mask), so the cell index needs no sign extension. With `frac` the part of
        // xl within its cell, `inside` is xr's distance from the cell's left edge: at most ONE within it.
        uint32_t c = (uint32_t)xl >> 16;
        int32_t frac = xl & 0xFFFF, inside = (xr - xl) + frac;
        if (__builtin_expect(inside <= PT_ONE, 1)) {
            // Within one cell: t = h · (twice the mean x in the cell) / 2¹⁷, as ``deposit``, for h = ±ONE.
            int32_t tm = inside + frac;
            int32_t t = dir > 0 ? tm >> 1 : -((tm + 1) >> 1);
            row[c] += (uint32_t)(h - t);
            row[c + 1] += (uint32_t)t;
            if (marking) {
                mr[c >> 3] = MARK;
                mr[(c + 1) >> 3] = MARK;
            }
        } else {
            cross(row, mr, xl, xr, (int32_t)c, h, dydx, dir, marking);
        }
    } while (row != last);
    return x;
}

/// A line from (x0, y0) to (x1, y1), y0 < y1, over rows r0 < r1 (`row` and `mr` at r0), winding `dir`,
/// specialised by direction (`dir` and `rightward` are constants after inlining): the first and last
/// (partial) rows as ``step_dir``, the whole rows between in ``whole_rows``.
///
/// The x where the line leaves each row is stepped in double from one division, plus ``BIAS``: the
/// stepping's error stays far below the bias (under 2⁻⁸ unit after 2¹⁴ rows of coordinates below 2³⁰), so
/// every x truncated to 16.16 lies within [x0, x1] and no step can leave the mask, without a clamp.
INLINE void rows(const grid *g, int32_t x0, int32_t y0, int32_t x1, int32_t y1, int32_t r0, int32_t r1,
                 uint32_t *row, uint8_t *mr, double dydx, const int32_t dir, const int rightward, const int marking) {
    double dxdy = (double)(x1 - x0) / (double)(y1 - y0);
    int32_t below = (r0 + 1) << 16;
    double xf = (double)x0 + BIAS + (double)(below - y0) * dxdy;
    double per = dxdy * PT_ONE;
    int32_t x = (int32_t)xf;
    step_dir(row, mr, x0, x, (below - y0) * dir, dydx, dir, rightward, marking);
    const intptr_t stride = g->stride, mark_stride = marking ? g->mark_stride : 0;
    int32_t n = r1 - r0 - 1;
    if (n > 0) x = whole_rows(row, mr, stride, mark_stride, x, n, xf, per, dydx, dir, rightward, marking);
    row += (intptr_t)(n + 1) * stride;
    if (marking) mr += (intptr_t)(n + 1) * mark_stride;
    step_dir(row, mr, x, x1, (y1 - (r1 << 16)) * dir, dydx, dir, rightward, marking);
}

/// A vertical line at x from y0 down to y1 (y0 < y1), winding `dir`: the bytes of ``line_down_dir``, whose
/// stepped x stays x (its step is 0, the bias below one unit), so every row's part lies within the cell of
/// x and the whole rows all deposit the same two values (a quarter to a half of the whole rows of the
/// bench's glyphs lie on vertical stems): no division, no stepping, two constant additions a row.
INLINE void vertical(const grid *g, int32_t x, int32_t y0, int32_t y1, const int32_t dir, const int marking) {
    int32_t r0 = y0 >> 16, r1 = (y1 - 1) >> 16;
    const intptr_t stride = g->stride, mark_stride = marking ? g->mark_stride : 0;
    uint32_t *row = g->cells + (intptr_t)r0 * stride;
    uint8_t *mr = marking ? g->marks + (intptr_t)r0 * mark_stride : NULL;
    int32_t c = x >> 16;
    if (r0 == r1) {
        deposit(row, c, x, x, (y1 - y0) * dir);
        mark_pair(mr, c, marking);
        return;
    }
    deposit(row, c, x, x, (((r0 + 1) << 16) - y0) * dir);
    mark_pair(mr, c, marking);
    // A whole row as ``whole_rows`` with xl = xr = x: twice the mean is 2·frac, t = ±frac.
    int32_t frac = x & 0xFFFF;
    uint32_t right = (uint32_t)(dir > 0 ? frac : -frac), left = (uint32_t)(dir * PT_ONE) - right;
    uint32_t *const last = row + (intptr_t)(r1 - r0) * stride;
    uint32_t *cell = row + c;
    uint8_t *m0 = marking ? mr + (c >> 3) : NULL, *m1 = marking ? mr + ((c + 1) >> 3) : NULL;
    for (row += stride; row != last; row += stride) {
        cell += stride;
        cell[0] += left;
        cell[1] += right;
        if (marking) {
            m0 += mark_stride;
            m1 += mark_stride;
            *m0 = MARK;
            *m1 = MARK;
        }
    }
    if (marking) mr = m0 + mark_stride - (c >> 3);
    deposit(last, c, x, x, (y1 - (r1 << 16)) * dir);
    mark_pair(mr, c, marking);
}

/// A line from (x0, y0) down to (x1, y1), y0 < y1, winding `dir`, rightward or not (constants after
/// inlining): one step for a line within one row, else ``rows``.
INLINE void line_down_dir(const grid *g, int32_t x0, int32_t y0, int32_t x1, int32_t y1, const int32_t dir,
                          const int rightward, const int marking) {
    int32_t r0 = y0 >> 16, r1 = (y1 - 1) >> 16;
    uint32_t *row = g->cells + (intptr_t)r0 * g->stride;
    uint8_t *mr = marking ? g->marks + (intptr_t)r0 * g->mark_stride : NULL;
    // |dy/dx|, for the steps that cross cells (a vertical line never does: then 0, unused).
    int32_t adx = rightward ? x1 - x0 : x0 - x1;
    double dydx = adx ? (double)(y1 - y0) / (double)adx : 0;
    if (r0 == r1) {
        step_dir(row, mr, x0, x1, (y1 - y0) * dir, dydx, dir, rightward, marking);
        return;
    }
    rows(g, x0, y0, x1, y1, r0, r1, row, mr, dydx, dir, rightward, marking);
}

/// ``line_down_dir`` for either horizontal direction.
INLINE void line_down(const grid *g, int32_t x0, int32_t y0, int32_t x1, int32_t y1, const int32_t dir,
                      const int marking) {
    if (x1 > x0) line_down_dir(g, x0, y0, x1, y1, dir, 1, marking);
    else if (x1 < x0) line_down_dir(g, x0, y0, x1, y1, dir, 0, marking);
    else vertical(g, x0, y0, y1, dir, marking);
}

/// Accumulates a line within [0, width] × [0, rows] (16.16), one step per row; the end points are exact,
/// so the steps of a closed contour sum to exactly zero in every row. The vertical direction is branched
/// on once (each direction a copy of ``line_down``, with no swap of the end points in registers).
INLINE void line_in(const grid *g, int32_t x0, int32_t y0, int32_t x1, int32_t y1, const int marking) {
    if (y0 < y1) line_down(g, x0, y0, x1, y1, 1, marking);
    else if (y0 > y1) line_down(g, x1, y1, x0, y0, -1, marking);
}

/// ``line_in`` for the rows layout, out of line (for clipped lines).
__attribute__((noinline)) static void line_rows(const grid *g, int32_t x0, int32_t y0, int32_t x1, int32_t y1) {
    line_in(g, x0, y0, x1, y1, 1);
}

/// `v` (pixels from the mask's edge) limited to [0, limit] (NaN to 0) in 16.16, rounded.
static inline int32_t fixed(double v, double limit) {
    v = v > 0 ? v : 0;
    v = v < limit ? v : limit;
    return (int32_t)(v * 65536.0 + 0.5);
}

/// A piece of a clipped line: dropped right of the mask, clamped into it otherwise.
static inline void piece(const grid *g, double w, double h, double ax, double ay, double bx, double by) {
    if (ax >= w && bx >= w) return;
    line_rows(g, fixed(ax, w), fixed(ay, h), fixed(bx, w), fixed(by, h));
}

/// Clips the line to the rows 0 … h and the columns 0 … w (moving parts left of column 0 onto it, dropping
/// parts right of column w) and accumulates what remains, in the rows layout (a dropped part leaves its
/// row's sum nonzero, which only the rows layout allows). Coordinates may be far outside the mask.
static void clipped_line(const grid *g, double w, double h, double ax, double ay, double bx, double by) {
    if (ay == by || (ay <= 0 && by <= 0) || (ay >= h && by >= h) || (ax >= w && bx >= w)) return;
    if (ay < 0 || by < 0 || ay > h || by > h) {
        double dxdy = (bx - ax) / (by - ay);
        if (ay < 0) { ax += (0 - ay) * dxdy; ay = 0; } else if (ay > h) { ax += (h - ay) * dxdy; ay = h; }
        if (by < 0) { bx += (0 - by) * dxdy; by = 0; } else if (by > h) { bx += (h - by) * dxdy; by = h; }
        if (ax >= w && bx >= w) return;
    }
    if (ax >= 0 && bx >= 0 && ax <= w && bx <= w) {
        piece(g, w, h, ax, ay, bx, by);
        return;
    }
    // Cut at x = 0 and x = w, in the order the line meets them.
    double dydx = (by - ay) / (bx - ax);
    double cuts[2] = { bx > ax ? 0 : w, bx > ax ? w : 0 };
    double sx = ax, sy = ay;
    for (int k = 0; k < 2; k++) {
        double c = cuts[k];
        if ((c > ax) == (c > bx) || c == ax) continue;
        double cy = ay + (c - ax) * dydx;
        piece(g, w, h, sx, sy, c, cy);
        sx = c;
        sy = cy;
    }
    piece(g, w, h, sx, sy, bx, by);
}

/// The contours of an unclipped job (every point within the mask), each streamed: each point converted
/// once, and the lines between consecutive points walked, inline (no call per line).
INLINE void walk_in(const pt_raster_job *job, const grid *shared, const int marking) {
    // A copy the stores to cells and marks cannot alias (marks are bytes, which alias anything): its fields
    // stay in registers or are reloaded from this frame, never through the caller's pointer.
    const grid copy = *shared, *g = &copy;
    const double w = job->width, h = job->height;
    const double ox = job->origin_x, oy = job->origin_y;
    const double *p = job->points;
    intptr_t start = 0;
    for (intptr_t k = 0; k < job->contour_count; k++) {
        intptr_t end = job->ends[k];
        if (end - start < 2) { start = end; continue; }
        int32_t ax = fixed(p[2 * (end - 1)] - ox, w), ay = fixed(p[2 * (end - 1) + 1] - oy, h);
        for (intptr_t i = start; i < end; i++) {
            int32_t bx = fixed(p[2 * i] - ox, w), by = fixed(p[2 * i + 1] - oy, h);
            line_in(g, ax, ay, bx, by, marking);
            ax = bx;
            ay = by;
        }
        start = end;
    }
}

/// The contours of a clipped job, in the rows layout.
static void walk_clipped(const pt_raster_job *job, const grid *g) {
    const double w = job->width, h = job->height;
    const double ox = job->origin_x, oy = job->origin_y;
    const double *p = job->points;
    intptr_t start = 0;
    for (intptr_t k = 0; k < job->contour_count; k++) {
        intptr_t end = job->ends[k];
        if (end - start < 2) { start = end; continue; }
        double ax = p[2 * (end - 1)] - ox, ay = p[2 * (end - 1) + 1] - oy;
        for (intptr_t i = start; i < end; i++) {
            double bx = p[2 * i] - ox, by = p[2 * i + 1] - oy;
            clipped_line(g, w, h, ax, ay, bx, by);
            ax = bx;
            ay = by;
        }
        start = end;
    }
}

__attribute__((noinline)) static void walk_rows(const pt_raster_job *job, const grid *g) { walk_in(job, g, 1); }
__attribute__((noinline)) static void walk_box(const pt_raster_job *job, const grid *g) { walk_in(job, g, 0); }

// MARK: Choosing the final pass

int pt_raster_kernel_supported(int kernel) {
    switch (kernel) {
    case PT_RASTER_KERNEL_DEFAULT:
    case PT_RASTER_KERNEL_SCALAR:
        return 1;
#if PT_RASTER_X86
    case PT_RASTER_KERNEL_SSE2:
        return 1;
    case PT_RASTER_KERNEL_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") ? 1 : 0;
#endif
    default:
        return 0;
    }
}

static _Atomic int default_kernel = 0;

int pt_raster_kernel_default(void) {
    int k = atomic_load_explicit(&default_kernel, memory_order_relaxed);
    if (k != 0) return k;
#if PT_RASTER_X86
    k = pt_raster_kernel_supported(PT_RASTER_KERNEL_AVX2) ? PT_RASTER_KERNEL_AVX2 : PT_RASTER_KERNEL_SSE2;
#else
    k = PT_RASTER_KERNEL_SCALAR;
#endif
    const char *name = getenv("PATHTEXT_RASTER_KERNEL");
    if (name) {
        int asked = strcmp(name, "scalar") == 0 ? PT_RASTER_KERNEL_SCALAR
                  : strcmp(name, "sse2") == 0 ? PT_RASTER_KERNEL_SSE2
                  : strcmp(name, "avx2") == 0 ? PT_RASTER_KERNEL_AVX2 : 0;
        if (asked != 0 && pt_raster_kernel_supported(asked)) k = asked;
    }
    atomic_store_explicit(&default_kernel, k, memory_order_relaxed);
    return k;
}

/// The widest mask drawn in the whole-box layout by default: up to here one prefix sum over every cell
/// costs fewer instructions than marking the blocks written and scanning each row's marks (measured on the
/// bench's glyphs: at 128 px the whole box for every glyph costs 19 % less than rows for every glyph, at
/// 512 px 55 % more; a limit of 128 px is the best at 128 px on both SIMD paths, within 1 % of the best
/// at 512 px).
#define BOX_MAX_WIDTH 128

int pt_raster_fill(const pt_raster_job *job, int kernel) {
    if (kernel == PT_RASTER_KERNEL_DEFAULT || !pt_raster_kernel_supported(kernel)) kernel = pt_raster_kernel_default();
    if (job->width <= 0 || job->height <= 0 || job->width > PT_RASTER_MAX_SIDE || job->height > PT_RASTER_MAX_SIDE
        || job->cell_stride < job->width + 2 || (job->cell_stride & 7) != 0
        || job->mark_stride < job->cell_stride / 8 || (job->mark_stride & 15) != 0) return 0;
    int box = !job->clip && (job->layout == PT_RASTER_LAYOUT_BOX
                             || (job->layout == PT_RASTER_LAYOUT_AUTOMATIC && job->width <= BOX_MAX_WIDTH));
    if (box) {
        // The cells as one run of width × height (the buffer holds at least that rounded up to 8, and 2 more:
        // its rows are padded to at least width + 2).
        grid g = { job->cells, NULL, job->width, 0 };
        walk_box(job, &g);
        pt_accumulate_fn *accumulate = pt_accumulate_scalar;
#if PT_RASTER_X86
        if (kernel == PT_RASTER_KERNEL_SSE2) accumulate = pt_accumulate_sse2;
        if (kernel == PT_RASTER_KERNEL_AVX2) accumulate = pt_accumulate_avx2;
#endif
        accumulate(job->cells, (intptr_t)job->width * job->height, job->width, job->even_odd != 0, job->out);
        return kernel;
    }
    grid g = { job->cells, job->marks, job->cell_stride, job->mark_stride };
    if (job->clip) walk_clipped(job, &g);
    else walk_rows(job, &g);
    pt_resolve_fn *resolve = pt_resolve_scalar;
#if PT_RASTER_X86
    if (kernel == PT_RASTER_KERNEL_SSE2) resolve = pt_resolve_sse2;
    if (kernel == PT_RASTER_KERNEL_AVX2) resolve = pt_resolve_avx2;
#endif
    resolve(job->cells, job->cell_stride, job->marks, job->mark_stride, job->width, job->height, job->even_odd != 0,
            job->out);
    return kernel;
}
