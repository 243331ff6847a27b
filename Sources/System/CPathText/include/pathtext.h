/*
 * pathtext.h: the C interface of libpathtext, text laid out along paths with real typography.
 *
 * C99, no Swift types. Link with `pkg-config --cflags --libs pathtext`.
 *
 * Requests and replies are the same everywhere PathText is used (CLI, C, Python):
 *   - a label request is one label object of a scene file:
 *       {"text": "Hello", "path": "M 20 200 C 120 40 280 360 380 200", "size": 40, "align": "center"}
 *   - a scene request is a whole scene file: {"width": 400, "height": 200, "labels": [ ... ]}
 *   - the reply to a layout is the placements JSON (schema/placements.schema.json): a `fonts` table with
 *     each font's absolute file path and face index, and per glyph its id, font index, cluster,
 *     position, angle, advance and full 2x3 transform.
 *
 * Rules for every function:
 *   - Functions returning int return PT_OK (0) on success and a non-zero PT_E* code on failure. On
 *     failure, when `error` is not NULL, *error receives a message (UTF-8, NUL-terminated) to release
 *     with pt_free; on success *error is set to NULL. Outputs are set to NULL/0 on failure.
 *   - A NULL where a pointer is required is an error (PT_EINVAL), never a crash. Strings must be UTF-8.
 *   - Every buffer the library returns is released with pt_free.
 *   - One engine may be used from any number of threads at once.
 */
#ifndef PATHTEXT_H
#define PATHTEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes. */
#define PT_OK 0
#define PT_EINVAL 1   /* a bad argument: NULL where a pointer is required, an unknown format or option value */
#define PT_EREQUEST 2 /* the request cannot be done: bad JSON, bad path data, a missing font, a refused layout */
#define PT_ENOMEM 3   /* out of memory */

/* An engine: loaded fonts and caches. Create with pt_engine_new, release with pt_engine_free. */
typedef struct pt_engine pt_engine;

/* Option values of pt_options (the scene files' words in capitals). */
enum { PT_ALIGN_START = 0, PT_ALIGN_CENTER = 1, PT_ALIGN_END = 2 };
enum { PT_SIDE_LEFT = 0, PT_SIDE_RIGHT = 1 };
enum { PT_BASELINE_ALPHABETIC = 0, PT_BASELINE_MIDDLE = 1, PT_BASELINE_HANGING = 2, PT_BASELINE_IDEOGRAPHIC = 3 };
enum { PT_SHIFT_PARALLEL = 0, PT_SHIFT_NORMAL = 1 };
enum { PT_UPRIGHT_AUTO = 0, PT_UPRIGHT_OFF = 1 };
enum { PT_METHOD_ALIGN = 0, PT_METHOD_CHORD = 1 };
enum { PT_DIR_AUTO = 0, PT_DIR_LTR = 1, PT_DIR_RTL = 2 };
enum { PT_OVERFLOW_VISIBLE = 0, PT_OVERFLOW_ELLIPSIS = 1, PT_OVERFLOW_SHRINK = 2, PT_OVERFLOW_ERROR = 3 };
enum { PT_FIT_NONE = 0, PT_FIT_SPACING = 1, PT_FIT_STRETCH = 2 };

/*
 * Options of the typed call pt_layout. Always fill with pt_options_init first, then change fields;
 * the meaning of each field is that of the scene key in parentheses (README.md, "Label options").
 */
typedef struct pt_options {
    const char *font;      /* (font) a font file, or a file name in the fonts folder; NULL: the default stack.
                              The default stack always follows as fallback. Loaded once per engine. */
    double size;           /* (size) pixels per em; default 32 */
    const char *features;  /* (features) OpenType features, "kern=0,+smcp"; NULL for none */
    const char *lang;      /* (lang) BCP 47 language; NULL for none */
    int dir;               /* (dir) PT_DIR_*; default PT_DIR_AUTO */
    double letter_spacing; /* (letterSpacing) pixels after every cluster; default 0 */
    int align;             /* (align) PT_ALIGN_*; default PT_ALIGN_START */
    double offset;         /* (offset) pixels, or a percentage of the path's length when offset_percent != 0 */
    int offset_percent;    /* default 0 */
    int side;              /* (side) PT_SIDE_*; default PT_SIDE_LEFT */
    int baseline;          /* (baseline) PT_BASELINE_*; default PT_BASELINE_ALPHABETIC */
    double dy;             /* (dy) perpendicular shift in pixels, up positive; default 0 */
    int shift;             /* (shift) PT_SHIFT_*; default PT_SHIFT_PARALLEL */
    int upright;           /* (upright) PT_UPRIGHT_*; default PT_UPRIGHT_AUTO */
    int method;            /* (method) PT_METHOD_*; default PT_METHOD_ALIGN */
    int overflow;          /* (overflow) PT_OVERFLOW_*; default PT_OVERFLOW_VISIBLE */
    double min_size;       /* (minSize) the smallest size PT_OVERFLOW_SHRINK may use; default 6 */
    int fit;               /* (fit) PT_FIT_*; default PT_FIT_NONE */
    double length;         /* (length) the length to fit to in pixels; 0 or less: the path's length */
    double max_angle;      /* (maxAngle) degrees; negative (the default, -1): no limit */
} pt_options;

/* One placed glyph of the typed call. Coordinates are canvas pixels, y down. */
typedef struct pt_glyph {
    uint32_t glyph;       /* glyph id in its font */
    int32_t font;         /* font number in the engine: pt_font_file gives its file; stable for the engine's life */
    int32_t cluster;      /* UTF-8 byte offset of the glyph's cluster in the text */
    double x, y;          /* the glyph origin on its (shifted) baseline */
    double angle;         /* the baseline's rotation in degrees (clockwise on screen, y down) */
    double advance;       /* the advance in pixels */
    double size;          /* pixels per em (smaller than asked when PT_OVERFLOW_SHRINK acted) */
    double transform[6];  /* [a b c d e f]: the glyph's outline in pixels (y down, origin at the glyph origin)
                             to the canvas: X = a*x + c*y + e, Y = b*x + d*y + f (rotation and stretch) */
} pt_glyph;

/* What the typed call reports about the label as a whole. */
typedef struct pt_label {
    double path_length;    /* the length of the path measured along (the parallel curve's with PT_SHIFT_PARALLEL) */
    double size;           /* the size used, pixels per em (smaller than asked when PT_OVERFLOW_SHRINK acted) */
    double advance;        /* the label's total advance after fitting and letter spacing */
    double start;          /* where the label starts along the path used */
    double rejected_angle; /* when rejected: the largest turn between neighbouring clusters, degrees; else 0 */
    int flipped;           /* 1 when the upright rule laid the label out on the reversed path */
    int overflow;          /* 1 when clusters fell off the path */
    int rejected;          /* 1 when max_angle rejected the placement */
    int dropped;           /* the number of clusters dropped or cut */
} pt_label;

/* The library's version, "MAJOR.MINOR.PATCH". Static storage: do not free. */
const char *pt_version(void);

/*
 * Creates an engine. fonts_dir: the folder holding the default fonts, or NULL for, in order,
 * $PATHTEXT_FONTS, the installed fonts (LIBDIR/../share/pathtext/fonts), a Fonts/ folder above the library.
 * Returns NULL on failure, with *error set when error is not NULL.
 */
pt_engine *pt_engine_new(const char *fonts_dir, char **error);

/* Releases an engine (NULL is ignored). No call may be running on it. */
void pt_engine_free(pt_engine *engine);

/*
 * Lays out one label request (JSON) and returns the placements JSON in *placements_json (NUL-terminated,
 * release with pt_free). The text is identical to `pathtext layout`'s for the same label.
 */
int pt_layout_json(pt_engine *engine, const char *label_json, char **placements_json, char **error);

/*
 * Draws a scene request (JSON) as "png" or "svg" and returns the file's bytes in *bytes (release with
 * pt_free) and their number in *length.
 */
int pt_render(pt_engine *engine, const char *scene_json, const char *format,
              unsigned char **bytes, size_t *length, char **error);

/*
 * Places many labels without collisions: a place request (JSON: width, height, shapes, placement,
 * labelDefaults, labels with priority/group/minDistance, obstacles; see `pathtext place`) in, and in
 * *result_json (release with pt_free) the placed labels' placements with ink boxes, which request each
 * came from, and why each dropped request was dropped. The text is `pathtext place --json`'s.
 */
int pt_place_json(pt_engine *engine, const char *place_json, char **result_json, char **error);

/* Fills *options with the defaults. */
void pt_options_init(pt_options *options);

/*
 * The typed call for hot loops: lays `text` out along SVG path data `path_data` with `options` (NULL:
 * the defaults) and returns the placed glyphs in visual order in *glyphs (release with pt_free) and
 * their number in *count, and, when `label` is not NULL, what happened to the label as a whole in *label.
 * No JSON is involved. A repeated label is not supported here (use pt_layout_json).
 */
int pt_layout(pt_engine *engine, const char *text, const char *path_data, const pt_options *options,
              pt_label *label, pt_glyph **glyphs, size_t *count, char **error);

/*
 * The file of font number `font` (pt_glyph.font): its absolute path in *path (release with pt_free), or
 * NULL for a font loaded from memory, and its face index in *face_index (may be NULL).
 */
int pt_font_file(pt_engine *engine, int32_t font, char **path, int32_t *face_index, char **error);

/* Releases a buffer returned by the library (NULL is ignored). */
void pt_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif /* PATHTEXT_H */
