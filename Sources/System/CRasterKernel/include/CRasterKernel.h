// The rasterizer's kernel (Render's Rasterizer calls it): polylines in device pixels to 8-bit coverage.
//
// A contour walker in 16.16 fixed point deposits, into one 32-bit integer cell per pixel, the signed
// differences of the area each line leaves to its right. Two layouts of the cells:
// - the whole box (small masks, as font-rs): the cells are one run of width × height, and the final pass
//   is one prefix sum over all of it (a row's deposits sum to zero, so the sum carried from one row into
//   the next is exact), 16 cells at a time;
// - rows with marks (wide masks): each row of cells is padded, the walker marks the 8-cell blocks it wrote,
//   and the final pass prefix-sums only the marked blocks and fills the runs between them with the
//   coverage they carry.
// Either way the final pass zeroes what it read. The walker is plain C, shared by every path; the final
// pass exists as a portable scalar loop, an SSE2 path and an AVX2 path, chosen at run time. Integer
// accumulation makes every path's and every layout's result the same, byte for byte.
//
// Plain C, no dependencies; no -march flags: the AVX2 path is compiled with a target attribute and used
// only when the CPU reports AVX2.
#ifndef PT_RASTER_KERNEL_H
#define PT_RASTER_KERNEL_H

#include <stdint.h>

/// The largest mask side (pixels) the kernel rasterizes in one piece: coordinates in 16.16 stay below 2³⁰.
#define PT_RASTER_MAX_SIDE 16384

/// The final pass to use: `PT_RASTER_KERNEL_DEFAULT` is the best the CPU supports, unless the environment
/// variable `PATHTEXT_RASTER_KERNEL` (`scalar`, `sse2` or `avx2`, read once) names another.
enum {
    PT_RASTER_KERNEL_DEFAULT = 0,
    PT_RASTER_KERNEL_SCALAR = 1,
    PT_RASTER_KERNEL_SSE2 = 2,
    PT_RASTER_KERNEL_AVX2 = 3,
};

/// The layout of the cells: `PT_RASTER_LAYOUT_AUTOMATIC` picks the whole box for narrow masks whose
/// points all lie within them (`clip` zero), rows with marks otherwise; the others force one (the whole
/// box only when `clip` is zero), for tests and benchmarks.
enum {
    PT_RASTER_LAYOUT_AUTOMATIC = 0,
    PT_RASTER_LAYOUT_ROWS = 1,
    PT_RASTER_LAYOUT_BOX = 2,
};

/// One fill: the polylines, the mask, the scratch buffers and the output.
typedef struct pt_raster_job {
    /// Points as (x, y) pairs of doubles, in device pixels; all finite.
    const double *points;
    /// For each contour, the index one past its last point (increasing; the first starts at 0). Each
    /// contour is closed by a line from its last point to its first.
    const intptr_t *ends;
    intptr_t contour_count;
    /// The mask's top-left pixel, in device pixels.
    double origin_x, origin_y;
    /// The mask's size, 1 … PT_RASTER_MAX_SIDE each.
    int32_t width, height;
    /// Zero when every point lies within the mask (no clipping needed); otherwise lines are clipped to it,
    /// parts left of it moved onto its left edge.
    int32_t clip;
    /// Nonzero for the even-odd rule, zero for non-zero.
    int32_t even_odd;
    /// A `PT_RASTER_LAYOUT_…`.
    int32_t layout;
    /// `height × cell_stride` cells, all zero; left all zero. `cell_stride` is a multiple of 8, at least
    /// `width + 2`.
    uint32_t *cells;
    intptr_t cell_stride;
    /// `height × mark_stride` block marks, all zero; left all zero. `mark_stride` is a multiple of 16, at
    /// least `cell_stride / 8`.
    uint8_t *marks;
    intptr_t mark_stride;
    /// `width × height` coverage bytes, row by row; every one is written.
    uint8_t *out;
} pt_raster_job;

/// Rasterizes `job` with final pass `kernel` (a `PT_RASTER_KERNEL_…`). Returns the kernel used (a kernel
/// the CPU or the build lacks falls back to the default), or 0 when the job is invalid (sizes or strides
/// out of range): then nothing was read or written.
int pt_raster_fill(const pt_raster_job *job, int kernel);

/// Whether `kernel` can run here (the default always can).
int pt_raster_kernel_supported(int kernel);

/// The kernel `PT_RASTER_KERNEL_DEFAULT` stands for in this process.
int pt_raster_kernel_default(void);

#endif
