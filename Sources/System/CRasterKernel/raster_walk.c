// The contour walker (16.16 fixed point, shared by every final pass) and the choice of final pass.
#include "CRasterKernel.h"
#include "raster_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/// The cells and marks of one fill.
typedef struct {
    uint32_t *cells;
    uint8_t *marks;
    intptr_t stride, mark_stride;
} grid;

/// A block mark: the high bit, which `pmovmskb` reads.
#define MARK 0x80

/// Marks the blocks of cells `i` and `i + 1`.
static inline void mark_pair(uint8_t *mr, int32_t i) {
    mr[i >> 3] = MARK;
    mr[(i + 1) >> 3] = MARK;
}

/// The part of a line within cell `c` of a row, from x = `a` to x = `b` (16.16, both within the cell) with
/// height `h` (2⁻¹⁶ px, signed by the winding): `h` is split between `c` and `c + 1` by the mean x, so the
/// two deposits always sum to exactly `h`.
__attribute__((always_inline)) static inline void deposit(uint32_t *row, int32_t c, int32_t a, int32_t b, int32_t h) {
    int64_t base = (int64_t)c << 16;
    int64_t twice_mean = (a - base) + (b - base);  // 0 … 2·ONE
    int32_t t = (int32_t)(((int64_t)h * twice_mean) >> 17);
    row[c] += (uint32_t)(h - t);
    row[c + 1] += (uint32_t)t;
}

/// A row's part of a line crossing two or more cells, from `xl` to `xr` (xl < xr) with height `d`: the
/// height up to each cell boundary B is ⌊|d|·(B − xl)/(xr − xl)⌋ (one division per row, in double), and the
/// last piece takes the rest, so the pieces sum to exactly `d`.
__attribute__((noinline)) static void span(uint32_t *row, uint8_t *mr, int32_t xl, int32_t xr, int32_t d) {
    int32_t il = xl >> 16, ic = (xr - 1) >> 16;
    int32_t ad = d < 0 ? -d : d;
    double slope = (double)ad / (double)(xr - xl);
    int32_t prev_h = 0, prev_x = xl;
    for (int32_t c = il; c < ic; c++) {
        int32_t bx = (c + 1) << 16;
        int32_t h = (int32_t)((double)(bx - xl) * slope);  // 0 … ad: (bx − xl) < (xr − xl)
        h = h < ad ? h : ad;
        int32_t piece = h - prev_h;
        deposit(row, c, prev_x, bx, d < 0 ? -piece : piece);
        prev_h = h;
        prev_x = bx;
    }
    int32_t last = ad - prev_h;
    deposit(row, ic, prev_x, xr, d < 0 ? -last : last);
    // The blocks of cells il … ic + 1: the two ends, and any between (rare: a row crossing 9 or more cells).
    int32_t first = il >> 3, last_block = (ic + 1) >> 3;
    mr[first] = MARK;
    mr[last_block] = MARK;
    for (int32_t b = first + 1; b < last_block; b++) mr[b] = MARK;
}

/// A row's part of a line, from x = `xa` to `xb` (16.16), height `d` (signed by the winding, |d| ≤ ONE).
__attribute__((always_inline)) static inline void step(uint32_t *row, uint8_t *mr, int32_t xa, int32_t xb, int32_t d) {
    int32_t xl = xa < xb ? xa : xb, xr = xa < xb ? xb : xa;
    int32_t il = xl >> 16;
    if (xr <= ((il + 1) << 16)) {
        deposit(row, il, xl, xr, d);
        mark_pair(mr, il);
        return;
    }
    span(row, mr, xl, xr, d);
}

/// Accumulates a line within [0, width] × [0, rows] (16.16), one step per row. The x at each row boundary
/// is stepped in double from one division per line and kept within [x0, x1] (two integer compares), so no
/// step leaves the mask; the end points are exact, so the steps of a closed contour sum to exactly zero.
__attribute__((noinline)) static void line(const grid *g, int32_t x0, int32_t y0, int32_t x1, int32_t y1) {
    if (y0 == y1) return;
    int32_t dir = 1;
    if (y0 > y1) {
        int32_t t = x0; x0 = x1; x1 = t;
        t = y0; y0 = y1; y1 = t;
        dir = -1;
    }
    int32_t r0 = y0 >> 16, r1 = (y1 - 1) >> 16;
    uint32_t *row = g->cells + (intptr_t)r0 * g->stride;
    uint8_t *mr = g->marks + (intptr_t)r0 * g->mark_stride;
    if (r0 == r1) {
        step(row, mr, x0, x1, (y1 - y0) * dir);
        return;
    }
    int32_t lo = x0 < x1 ? x0 : x1, hi = x0 < x1 ? x1 : x0;
    double dxdy = (double)(x1 - x0) / (double)(y1 - y0);
    int32_t below = (r0 + 1) << 16;
    double xf = (double)x0 + (double)(below - y0) * dxdy;
    double per = dxdy * PT_ONE;
    int32_t x = (int32_t)xf;
    x = x < lo ? lo : x;
    x = x > hi ? hi : x;
    step(row, mr, x0, x, (below - y0) * dir);
    int32_t whole = dir * PT_ONE;
    for (int32_t n = r1 - r0 - 1; n > 0; n--) {
        row += g->stride;
        mr += g->mark_stride;
        xf += per;
        int32_t xn = (int32_t)xf;
        xn = xn < lo ? lo : xn;
        xn = xn > hi ? hi : xn;
        step(row, mr, x, xn, whole);
        x = xn;
    }
    row += g->stride;
    mr += g->mark_stride;
    step(row, mr, x, x1, (y1 - (r1 << 16)) * dir);
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
    line(g, fixed(ax, w), fixed(ay, h), fixed(bx, w), fixed(by, h));
}

/// Clips the line to the rows 0 … h and the columns 0 … w (moving parts left of column 0 onto it, dropping
/// parts right of column w) and accumulates what remains. Coordinates may be far outside the mask.
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

static void walk(const pt_raster_job *job) {
    grid g = { job->cells, job->marks, job->cell_stride, job->mark_stride };
    const double w = job->width, h = job->height;
    const double ox = job->origin_x, oy = job->origin_y;
    const double *p = job->points;
    intptr_t start = 0;
    for (intptr_t k = 0; k < job->contour_count; k++) {
        intptr_t end = job->ends[k];
        if (end - start < 2) { start = end; continue; }
        if (!job->clip) {
            // Streamed: each point converted once, and the lines between consecutive points walked.
            int32_t ax = fixed(p[2 * (end - 1)] - ox, w), ay = fixed(p[2 * (end - 1) + 1] - oy, h);
            for (intptr_t i = start; i < end; i++) {
                int32_t bx = fixed(p[2 * i] - ox, w), by = fixed(p[2 * i + 1] - oy, h);
                line(&g, ax, ay, bx, by);
                ax = bx;
                ay = by;
            }
        } else {
            double ax = p[2 * (end - 1)] - ox, ay = p[2 * (end - 1) + 1] - oy;
            for (intptr_t i = start; i < end; i++) {
                double bx = p[2 * i] - ox, by = p[2 * i + 1] - oy;
                clipped_line(&g, w, h, ax, ay, bx, by);
                ax = bx;
                ay = by;
            }
        }
        start = end;
    }
}

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

int pt_raster_fill(const pt_raster_job *job, int kernel) {
    if (kernel == PT_RASTER_KERNEL_DEFAULT || !pt_raster_kernel_supported(kernel)) kernel = pt_raster_kernel_default();
    if (job->width <= 0 || job->height <= 0 || job->width > PT_RASTER_MAX_SIDE || job->height > PT_RASTER_MAX_SIDE
        || job->cell_stride < job->width + 2 || (job->cell_stride & 7) != 0
        || job->mark_stride < job->cell_stride / 8 || (job->mark_stride & 15) != 0) return 0;
    walk(job);
    pt_resolve_fn *resolve = pt_resolve_scalar;
#if PT_RASTER_X86
    if (kernel == PT_RASTER_KERNEL_SSE2) resolve = pt_resolve_sse2;
    if (kernel == PT_RASTER_KERNEL_AVX2) resolve = pt_resolve_avx2;
#endif
    resolve(job->cells, job->cell_stride, job->marks, job->mark_stride, job->width, job->height, job->even_odd != 0,
            job->out);
    return kernel;
}
