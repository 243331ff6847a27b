// The one place that calls setjmp for libpng: the classic write API, so the compression level and
// filters can be chosen (the simplified API offers neither, and needs a second full pass to size its
// output buffer).
#include "png_writer.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    jmp_buf jump;
    char *error;
    size_t error_size;
    pt_png_buffer buffer;
    size_t capacity;
    int out_of_memory;
} pt_writer;

static void pt_error(png_structp png, png_const_charp message) {
    pt_writer *w = (pt_writer *)png_get_error_ptr(png);
    if (w->error_size > 0) {
        strncpy(w->error, message ? message : "libpng error", w->error_size - 1);
        w->error[w->error_size - 1] = 0;
    }
    longjmp(w->jump, 1);
}

static void pt_warning(png_structp png, png_const_charp message) {
    (void)png; (void)message;  // warnings do not stop the write
}

static void pt_write(png_structp png, png_bytep data, png_size_t length) {
    pt_writer *w = (pt_writer *)png_get_io_ptr(png);
    if (w->buffer.count + length > w->capacity) {
        size_t capacity = w->capacity ? w->capacity : 65536;
        while (capacity < w->buffer.count + length) capacity *= 2;
        uint8_t *grown = realloc(w->buffer.bytes, capacity);
        if (!grown) { w->out_of_memory = 1; png_error(png, "out of memory"); }
        w->buffer.bytes = grown;
        w->capacity = capacity;
    }
    memcpy(w->buffer.bytes + w->buffer.count, data, length);
    w->buffer.count += length;
}

static void pt_flush(png_structp png) { (void)png; }

int pt_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int filter,
                       pt_png_buffer *out, char *error, size_t error_size) {
    // Volatile: these change between setjmp and a possible longjmp.
    pt_writer *volatile w = calloc(1, sizeof(pt_writer));
    png_structp volatile png = NULL;
    png_infop volatile info = NULL;
    if (!w) { if (error_size) strncpy(error, "out of memory", error_size - 1); return 1; }
    w->error = error;
    w->error_size = error_size;
    if (error_size) error[0] = 0;

    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w, pt_error, pt_warning);
    if (!png) { free(w); if (error_size) strncpy(error, "libpng could not start", error_size - 1); return 1; }
    info = png_create_info_struct(png);
    if (!info || setjmp(w->jump)) {
        png_structp p = png;
        png_infop i = info;
        png_destroy_write_struct(&p, i ? &i : NULL);
        free(w->buffer.bytes);
        if (!info && error_size) strncpy(error, "libpng could not start", error_size - 1);
        free(w);
        return 1;
    }
    png_set_write_fn(png, w, pt_write, pt_flush);
    png_set_compression_level(png, level < 0 ? 0 : level > 9 ? 9 : level);
    int filters = PNG_ALL_FILTERS;
    switch (filter) {
    case 0: filters = PNG_FILTER_NONE; break;
    case 1: filters = PNG_FILTER_SUB; break;
    case 2: filters = PNG_FILTER_UP; break;
    case 4: filters = PNG_FILTER_PAETH; break;
    default: break;
    }
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4));
    }
    png_write_end(png, info);

    png_structp p = png;
    png_infop i = info;
    png_destroy_write_struct(&p, &i);
    out->bytes = w->buffer.bytes;
    out->count = w->buffer.count;
    free(w);
    return 0;
}

void pt_png_free(pt_png_buffer *buffer) {
    if (!buffer) return;
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->count = 0;
}
