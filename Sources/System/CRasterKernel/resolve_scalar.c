// The final passes in portable C: the reference the SIMD paths match byte for byte, and the path on CPUs
// other than x86.
#include "raster_internal.h"

void pt_resolve_scalar(uint32_t *cells, intptr_t cell_stride, uint8_t *marks, intptr_t mark_stride,
                       int32_t width, int32_t rows, int even_odd, uint8_t *out) {
    for (int32_t y = 0; y < rows; y++) {
        uint32_t *row = cells + (intptr_t)y * cell_stride;
        uint8_t *mr = marks + (intptr_t)y * mark_stride;
        uint8_t *o = out + (intptr_t)y * width;
        uint32_t sum = 0;      // the running sum (wrapping, read as signed)
        uint8_t carried = 0;   // its coverage
        intptr_t done = 0;     // pixels written
        for (intptr_t b = 0; b < mark_stride; b++) {
            if (!mr[b]) continue;
            mr[b] = 0;
            intptr_t j = b * 8;
            if (j >= width) {
                memset(row + j, 0, 8 * sizeof *row);
                continue;
            }
            pt_fill(o + done, j - done, carried);
            for (int k = 0; k < 8; k++) {
                sum += row[j + k];
                row[j + k] = 0;
                carried = even_odd ? pt_coverage_evenodd(sum) : pt_coverage_nonzero(sum);
                if (j + k < width) o[j + k] = carried;
            }
            done = j + 8 < width ? j + 8 : width;
        }
        pt_fill(o + done, width - done, carried);
    }
}

void pt_accumulate_scalar(uint32_t *cells, intptr_t n, int32_t width, int even_odd, uint8_t *out) {
    (void)width;
    uint32_t sum = 0;  // the running sum over every row (wrapping, read as signed)
    for (intptr_t i = 0; i < n; i++) {
        sum += cells[i];
        cells[i] = 0;
        out[i] = even_odd ? pt_coverage_evenodd(sum) : pt_coverage_nonzero(sum);
    }
    cells[n] = 0;
    cells[n + 1] = 0;
}
