// The contour walker (16.16 fixed point, shared by every final pass) and the choice of final pass.
//
// Every line is cut where it crosses a row boundary and, within a row, where it crosses a cell boundary.
// Each piece, lying within one cell, is one ``deposit``; the routines after it only find the pieces.
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

/// The one deposit: a piece of a line within cell `c` of a row, of height `h` (2⁻¹⁶ px, signed by the
/// winding), whose mean x lies `tm` / 2 from the cell's left edge (`tm`, twice the mean, 0 … 2·ONE).
/// The pixel's area right of the piece is h · (1 − tm / 2¹⁷); every pixel further right gets all of h.
/// As differences for the prefix sum:
///
///     t = ⌊h · tm / 2¹⁷⌋,   cell c += h − t,   cell c + 1 += t
///
/// so the two always sum to exactly `h`. (A piece across a whole cell has tm = ONE: t = ⌊h / 2⌋.)
INLINE void deposit(uint32_t *row, intptr_t c, int32_t h, int32_t tm) {
    int32_t t = (int32_t)(((int64_t)h * tm) >> 17);
    row[c] += (uint32_t)(h - t);
    row[c + 1] += (uint32_t)t;
}

/// Marks the blocks of cells `a` … `b` (a < b) when `marking` (a constant after inlining): the two ends,
/// and any between when the cells span more than 8 (only in the ``SPAN`` copies).
INLINE void mark_cells(uint8_t *mr, intptr_t a, intptr_t b, const int marking) {
    if (!marking) return;
    mr[a >> 3] = MARK;
    mr[b >> 3] = MARK;
    if (b - a > 8)
        for (intptr_t k = (a >> 3) + 1; k < b >> 3; k++) mr[k] = MARK;
}

/// A row's part of a line from `xl` to `xr` (xl < xr) with height `d` (signed by `dir`), from cell `il` to
/// cell `ic` > il. It is cut at each cell boundary B between: the height up to B is
///
///     H(B) = min(⌊(B − xl) · dydx⌋, |d|)        (`dydx`: the line's |dy/dx|)
///
/// and each piece, one ``deposit``, is the difference of H at its two ends (the last takes the rest of |d|),
/// so the pieces sum to exactly `d`. Twice the mean x of the first piece is (xl − its cell's left edge) +
/// ONE, of the cells crossed whole ONE, of the last xr − its cell's left edge. B − xl is stepped in double
/// by ONE, exactly (integers below 2³¹). Inlined for one or two boundaries (`ic` − `il` a constant: the
/// loop unrolled); for more, in the ``SPAN`` copies. The loop is not vectorised: at 512 px a row crosses 1.4 cells on
/// average, and the vector loop's set-up cost more than it saved.
INLINE void pieces(uint32_t *row, uint8_t *mr, int32_t xl, int32_t xr, int32_t il, int32_t ic, int32_t d,
                   double dydx, const int32_t dir, const int marking) {
    const int32_t ad = dir > 0 ? d : -d;
    double reach = (double)(((il + 1) << 16) - xl);  // B − xl for the boundary after cell c
    int32_t below = 0;                               // H at the piece's left end
    int32_t tm = (xl & 0xFFFF) + PT_ONE;
#if defined(__clang__)
#pragma clang loop vectorize(disable) interleave(disable)
#endif
    for (int32_t c = il; c < ic; c++) {
        int32_t h = (int32_t)(reach * dydx);
        h = h < ad ? h : ad;
        deposit(row, c, dir > 0 ? h - below : below - h, tm);
        below = h;
        tm = PT_ONE;
        reach += (double)PT_ONE;
    }
    deposit(row, ic, dir > 0 ? ad - below : below - ad, xr - (ic << 16));
    mark_cells(mr, il, ic + 1, marking);
}

/// The out-of-line copies of ``pieces`` for three or more boundaries, by the sign of the height and
/// whether to mark.
#define SPAN(name, S, M) \
    __attribute__((noinline)) static void name(uint32_t *row, uint8_t *mr, int32_t xl, int32_t xr, int32_t d, \
                                               double dydx) { \
        pieces(row, mr, xl, xr, xl >> 16, (xr - 1) >> 16, d, dydx, S, M); \
    }
SPAN(span_down_rows, 1, 1)
SPAN(span_up_rows, -1, 1)
SPAN(span_down_box, 1, 0)
SPAN(span_up_box, -1, 0)

/// A row's part of a line from x = `xl` to `xr` (16.16, 0 ≤ xl ≤ xr), height `d` (signed by the winding
/// `dir`, |d| ≤ ONE), on a line whose |dy/dx| is `dydx`: within one cell (most steps) one ``deposit``,
/// across one or two boundaries ``pieces`` inline, across more a ``SPAN`` copy.
INLINE void step_lr(uint32_t *row, uint8_t *mr, int32_t xl, int32_t xr, int32_t d, double dydx, const int32_t dir,
                    const int marking) {
    // xl ≥ 0, so the cell index needs no sign extension. `frac` is xl's distance from the cell's left edge,
    // `inside` xr's: at most ONE when xr lies within the cell, and then twice the mean is their sum.
    uint32_t c = (uint32_t)xl >> 16;
    int32_t frac = xl & 0xFFFF, inside = (xr - xl) + frac;
    if (__builtin_expect(inside <= PT_ONE, 1)) {
        deposit(row, c, d, frac + inside);
        mark_cells(mr, c, c + 1, marking);
    } else if (inside <= 2 * PT_ONE) {
        pieces(row, mr, xl, xr, (int32_t)c, (int32_t)c + 1, d, dydx, dir, marking);
    } else if (inside <= 3 * PT_ONE) {
        pieces(row, mr, xl, xr, (int32_t)c, (int32_t)c + 2, d, dydx, dir, marking);
    } else if (marking) {
        (dir > 0 ? span_down_rows : span_up_rows)(row, mr, xl, xr, d, dydx);
    } else {
        (dir > 0 ? span_down_box : span_up_box)(row, mr, xl, xr, d, dydx);
    }
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
/// Returns the x where it leaves the last. A step within one cell costs no multiply (h · tm / 2¹⁷ with
/// h = ±2¹⁶ is a shift). Inline in both layouts: round six kept it out of line in the rows layout (inline,
/// the compiler kept x and the row pointers on the stack, ≈ 4 instructions more a row step), but with
/// vertical lines walked apart (``vertical``) there are fewer whole rows per line here, and the call
/// (≈ 45 instructions with its spills) cost more.
INLINE int32_t whole_rows(uint32_t *row, uint8_t *mr, intptr_t stride, intptr_t mark_stride, int32_t x, int32_t n,
                          double xf, double per, double dydx, const int32_t dir, const int rightward,
                          const int marking) {
    uint32_t *const last = row + (intptr_t)n * stride;
    do {
        row += stride;
        if (marking) mr += mark_stride;
        xf += per;
        int32_t xn = (int32_t)xf;
        step_dir(row, mr, x, xn, dir * PT_ONE, dydx, dir, rightward, marking);
        x = xn;
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
/// x, with twice the mean 2 · (x − the cell's left edge), and the whole rows all make the same deposit (a
/// quarter to a half of the whole rows of the bench's glyphs lie on vertical stems): no division, no
/// stepping, two constant additions a row.
INLINE void vertical(const grid *g, int32_t x, int32_t y0, int32_t y1, const int32_t dir, const int marking) {
    int32_t r0 = y0 >> 16, r1 = (y1 - 1) >> 16;
    const intptr_t stride = g->stride, mark_stride = marking ? g->mark_stride : 0;
    uint32_t *row = g->cells + (intptr_t)r0 * stride;
    uint8_t *mr = marking ? g->marks + (intptr_t)r0 * mark_stride : NULL;
    int32_t c = x >> 16, tm = 2 * (x & 0xFFFF);
    if (r0 == r1) {
        deposit(row, c, (y1 - y0) * dir, tm);
        mark_cells(mr, c, c + 1, marking);
        return;
    }
    deposit(row, c, (((r0 + 1) << 16) - y0) * dir, tm);
    mark_cells(mr, c, c + 1, marking);
    for (int32_t r = r0 + 1; r < r1; r++) {
        row += stride;
        if (marking) mr += mark_stride;
        deposit(row, c, dir * PT_ONE, tm);
        mark_cells(mr, c, c + 1, marking);
    }
    row += stride;
    if (marking) mr += mark_stride;
    deposit(row, c, (y1 - (r1 << 16)) * dir, tm);
    mark_cells(mr, c, c + 1, marking);
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

/// The contours of a job, each streamed: the lines between consecutive points, each point read once.
/// Unclipped (every point within the mask), each point is converted once to 16.16 and the lines are walked
/// inline (no call per line), marking the blocks when `marking`; clipped, each line goes through
/// ``clipped_line`` (the rows layout). `marking` and `clipped` are constants after inlining.
INLINE void walk(const pt_raster_job *job, const grid *shared, const int marking, const int clipped) {
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
        double ax = p[2 * (end - 1)] - ox, ay = p[2 * (end - 1) + 1] - oy;
        int32_t fax = fixed(ax, w), fay = fixed(ay, h);
        for (intptr_t i = start; i < end; i++) {
            double bx = p[2 * i] - ox, by = p[2 * i + 1] - oy;
            if (clipped) {
                clipped_line(g, w, h, ax, ay, bx, by);
            } else {
                int32_t fbx = fixed(bx, w), fby = fixed(by, h);
                line_in(g, fax, fay, fbx, fby, marking);
                fax = fbx;
                fay = fby;
            }
            ax = bx;
            ay = by;
        }
        start = end;
    }
}

/// ``walk``'s three copies: unclipped in the rows layout and in the whole box, each out of line, and clipped.
__attribute__((noinline)) static void walk_rows(const pt_raster_job *job, const grid *g) { walk(job, g, 1, 0); }
__attribute__((noinline)) static void walk_box(const pt_raster_job *job, const grid *g) { walk(job, g, 0, 0); }
static void walk_clipped(const pt_raster_job *job, const grid *g) { walk(job, g, 1, 1); }

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
