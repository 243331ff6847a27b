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
 *     each font's file path and face index, per label its writing mode, halo, decoration bands and
 *     diagnostics (stable codes with their clusters, code points and numbers), and per glyph its id, font
 *     index, cluster, position, angle, advance and full 2x3 transform.
 *   - requests follow schema/request.schema.json, generated from the option catalog.
 *
 * Rules for every function:
 *   - Functions returning int return PT_OK (0) on success and a non-zero PT_E* code on failure. On
 *     failure, when `error` is not NULL, *error receives a message (UTF-8, NUL-terminated) to release
 *     with pt_free; on success *error is set to NULL. Outputs are set to NULL/0 on failure.
 *   - A NULL where a pointer is required is an error (PT_EINVAL), never a crash. Strings must be UTF-8.
 *   - Every buffer the library returns is released with pt_free.
 *   - One engine may be used from any number of threads at once. Do not fork while another thread is inside
 *     a call (the child would start with that thread's locks held); Python's package waits for calls in flight.
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

/*
 * Label options: an opaque set of key/value pairs, validated by the option catalog (the same declarations
 * scene files, CLI flags and every other door read), so a new option never changes this header or the ABI.
 *
 *   pt_options *o = pt_options_new();
 *   pt_options_set(o, "align", "center", &err);         // the flag's text, as on the command line
 *   pt_options_set(o, "haloWidth", "3", &err);
 *   pt_options_set(o, "dx", "[0, 2, 4]", &err);          // or a JSON literal
 *   pt_options_add(o, "fontFamily", "Noto Sans:Bold", &err);
 *   pt_layout(engine, "Hello", "M 0 100 L 400 100", o, &label, &glyphs, &count, &err);
 *   pt_options_free(o);
 *
 * Keys are the scene files' label keys (camelCase; the "Label options" article; `pathtext help options`);
 * pt_options_catalog_json() lists them with their values, defaults, help and a sample value. The keys, in
 * catalog order (Tests/PathTextEngineTests checks this list against the catalog):
 *
 * PT_KEYS_BEGIN
 *   text runs path shape font fontFamily fontWeight fontStretch fontStyle fontVariationSettings fontOpticalSizing
 *   fontKerning fontVariant size color features lang letterSpacing
 *   embeddedFonts systemFonts
 *   wordSpacing baselineShift fontSynthesis
 *   fillGradient fillOpacity stroke strokeGradient strokeWidth strokeOpacity strokeLinejoin strokeMiterlimit strokeDasharray strokeDashoffset opacity
 *   paintOrder
 *   dir align offset side
 *   baseline dx dy shift rotate rotateAbout upright method overflow minSize maxLines lineHeight fit length warp
 *   maxAngle repeat
 *   writingMode textOrientation decoration decorationSkipInk haloColor haloWidth span cursiveTracking closedPath
 *   missingGlyphs blend
 * PT_KEYS_END
 *
 * Values: a value is read as JSON when it parses as JSON and the key accepts that JSON (`"center"`, `3`,
 * `[0, 2, 4]`, `{...}`, `true`); otherwise as the flag's text on the command line (`center`, `10%`,
 * `#ff0000`, `kern=0,+smcp`, `0,2,4`, `underline,overline`). `runs` is JSON only. Errors
 * name the key and the value (`align: expected start|center|end, got "middle-ish"`); an unknown key gets
 * the nearest known one (`unknown key aling (did you mean align?)`).
 *
 * A pt_options may be used by any number of pt_layout calls at once, on any threads, as long as no
 * thread changes it meanwhile.
 */
typedef struct pt_options pt_options;

/* The version of this interface: 2 made pt_options opaque (version 1 had a fixed struct). */
#define PATHTEXT_API_VERSION 2

/*
 * A diagnostic: something about a laid-out label its caller should know (it was drawn, but not quite as
 * asked). All pointers point into the one buffer pt_label.diagnostics, released with pt_free.
 */
typedef struct pt_diagnostic {
    const char *code;              /* stable: "missing-glyph", "dropped-clusters", "truncated", "shrunk",
                                      "wrapped", "rejected-turn", "suppressed-spacing", "elongated-spacing",
                                      "elongation-unavailable", "synthesized-weight",
                                      "synthesized-style", "color-glyph-outline",
                                      "color-glyph-composite", "shaping" */
    const char *message;           /* an English sentence, as the CLI prints it */
    size_t cluster_count;
    const int32_t *clusters;       /* the clusters concerned (UTF-8 byte offsets in the text) */
    size_t code_point_count;
    const uint32_t *code_points;   /* the characters concerned (missing-glyph: those no font covers) */
    size_t number_count;
    const char *const *number_names; /* the numbers' names: shrunk "from", "to", "fits" (1 or 0);
                                        rejected-turn "degrees", "limit"; wrapped "lines", the label's
                                        line count (as in the placements JSON) */
    const double *numbers;
    const char *font;              /* the font concerned (missing-glyph: whose .notdef is drawn), or NULL */
} pt_diagnostic;

/* One placed glyph of the typed call. Coordinates are canvas pixels, y down. */
typedef struct pt_glyph {
    uint32_t glyph;       /* glyph id in its font */
    int32_t font;         /* font number in the engine: pt_font_file gives its file; stable for the engine's life */
    int32_t cluster;      /* UTF-8 byte offset of the glyph's cluster in the text */
    double x, y;          /* the glyph origin on its (shifted) baseline */
    double angle;         /* the baseline's rotation in degrees (clockwise on screen, y down) */
    double advance;       /* the advance in pixels */
    double size;          /* pixels per em (smaller than asked when overflow shrink acted) */
    double transform[6];  /* [a b c d e f]: the glyph's outline in pixels (y down, origin at the glyph origin)
                             to the canvas: X = a*x + c*y + e, Y = b*x + d*y + f (rotation and stretch) */
} pt_glyph;

/* What the typed call reports about the label as a whole. */
typedef struct pt_label {
    double path_length;    /* the length of the path measured along (the parallel curve's with shift parallel) */
    double size;           /* the size used, pixels per em (smaller than asked when overflow shrink acted) */
    double advance;        /* the label's total advance after fitting and letter spacing */
    double start;          /* where the label starts along the path used */
    double rejected_angle; /* when rejected: the largest turn between neighbouring clusters, degrees; else 0 */
    int flipped;           /* 1 when the upright rule laid the label out on the reversed path */
    int overflow;          /* 1 when clusters fell off the path */
    int rejected;          /* 1 when maxAngle rejected the placement */
    int dropped;           /* the number of clusters dropped or cut */
    int missing;           /* the number of characters no font covers (drawn as .notdef) */
    size_t diagnostic_count;    /* the number of diagnostics */
    pt_diagnostic *diagnostics; /* the diagnostics, or NULL when none: one buffer, release with pt_free */
} pt_label;

/* The library's version, "MAJOR.MINOR.PATCH". Static storage: do not free. */
const char *pt_version(void);

/*
 * Creates an engine. fonts_dir: the folder holding the default fonts, or NULL for, in order,
 * $PATHTEXT_FONTS, the installed fonts (LIBDIR/../share/pathtext/fonts), a Fonts/ folder above the library.
 * Returns NULL on failure, with *error set when error is not NULL.
 */
pt_engine *pt_engine_new(const char *fonts_dir, char **error);

/*
 * What an engine is made with. Fill with pt_engine_options_init first (it sets struct_size, so a program
 * built against this header keeps working with a later library that has more fields), then change fields.
 */
typedef struct pt_engine_options {
    size_t struct_size;     /* sizeof(pt_engine_options), set by pt_engine_options_init */
    const char *fonts_dir;  /* as pt_engine_new's fonts_dir; NULL: the usual search */
    int system_fonts;       /* 1 (the default): labels may fall back to the system's fonts (Fontconfig) after
                               their stack (label key systemFonts); 0: never, whatever a request says, so
                               missing glyphs do not depend on the machine */
} pt_engine_options;

/* Fills *options with the defaults and struct_size. */
void pt_engine_options_init(pt_engine_options *options);

/* Creates an engine from *options (NULL: the defaults). As pt_engine_new otherwise. */
pt_engine *pt_engine_new2(const pt_engine_options *options, char **error);

/*
 * Creates an engine from its settings as a JSON object, the keys of the option catalog's "settings" rows
 * (pt_options_catalog_json): "fontsDir" (as fonts_dir), "systemFonts" (false: never the system's fonts),
 * "timeLimit" (seconds a call may run), and the defaults of the engine's calls: "format" ("png" or "svg",
 * for pt_render with a NULL format), "ink" (true: pt_layout_json gives ink boxes), "strict" (SVG input:
 * what the reader does not draw is an error). NULL or "{}": the defaults. An unknown key or a bad value
 * is an error naming it. As pt_engine_new otherwise.
 */
pt_engine *pt_engine_new_json(const char *settings_json, char **error);

/* Releases an engine (NULL is ignored). No call may be running on it. */
void pt_engine_free(pt_engine *engine);

/*
 * Lays out one label request (JSON) and returns the placements JSON in *placements_json (NUL-terminated,
 * release with pt_free). The text is identical to `pathtext layout`'s for the same label.
 */
int pt_layout_json(pt_engine *engine, const char *label_json, char **placements_json, char **error);

/*
 * Draws a scene request (JSON) as "png" or "svg" (NULL: the engine's "format" setting) and returns the file's bytes in *bytes (release with
 * pt_free) and their number in *length.
 */
int pt_render(pt_engine *engine, const char *scene_json, const char *format,
              unsigned char **bytes, size_t *length, char **error);

/*
 * Draws a scene request (JSON) as pt_render's "png" does, without encoding: *pixels (release with pt_free)
 * holds *width x *height x 4 bytes, 8-bit RGBA with straight alpha, rows top to bottom.
 */
int pt_render_rgba(pt_engine *engine, const char *scene_json, unsigned char **pixels, size_t *width,
                   size_t *height, char **error);

/*
 * Places many labels without collisions: a place request (JSON: width, height, shapes, placement,
 * labelDefaults, labels with priority/group/minDistance, obstacles; see `pathtext place`) in, and in
 * *result_json (release with pt_free) the placed labels' placements with ink boxes, which request each
 * came from, and why each dropped request was dropped. The text is `pathtext place --json`'s.
 */
int pt_place_json(pt_engine *engine, const char *place_json, char **result_json, char **error);

/*
 * Map tiles of GeoJSON roads, as `pathtext tiles` writes them, one batch of metatiles at a time (for a
 * scheduler: Python's pathtext.dask.tiles). The job is JSON: a GeoJSON FeatureCollection, or
 * {"geojson": {...}, "zooms": "13-17", "tileSize": 256, "metatile": 4, "bbox": [W, S, E, N],
 * "nameProperty": "name", "classProperty": "highway", "labelDefaults": {...}, "placement": {...}}.
 *
 * pt_tiles_plan puts in *plan_json (release with pt_free) the tiles and, per zoom, the metatiles:
 * {"tiles": 54, "tileSize": 256, "metatile": 4, "zooms": [{"zoom": 16, "tiles": 12, "metatiles": [[x, y], ...]}, ...]};
 * a job over the tile limit is an error here, before any work.
 *
 * pt_tiles_render draws the metatiles of batch_json ({"zoom": 16, "metatiles": [[x, y], ...]}, addresses from
 * the plan) and writes out_dir/z/x/y.png and out_dir/z/x/y.json for each of their tiles, each file whole or not
 * at all, byte for byte what `pathtext tiles` writes. Every batch of a zoom reads the zoom's one placement
 * over the whole job (made once per engine and kept for the next calls), so a label across any tile or
 * metatile edge is the same in every tile. *result_json: {"tiles": 12, "labels": 5}.
 */
int pt_tiles_plan(pt_engine *engine, const char *job_json, char **plan_json, char **error);
int pt_tiles_render(pt_engine *engine, const char *job_json, const char *batch_json, const char *out_dir,
                    char **result_json, char **error);

/*
 * A zoom's placement made once and handed to every batch of the zoom (a scheduler's task per zoom, whose
 * result the zoom's metatile tasks take). pt_tiles_place places `zoom` (one of the job's zooms) over the
 * whole job and puts in *placement (release with pt_free) its record: JSON text
 * {"pathtextPlacement": 2, "job": "...", "zoom": 16, "labels": [...]} holding each placed label's request,
 * path, offset and bounds. pt_tiles_render_placed is pt_tiles_render with the labels laid out again from
 * that record instead of placed (the engine reads a record once and keeps it, and lays out each label again
 * only when a batch reaching it is drawn): the files are byte for byte the same. A record that is not one, of another job (any change to job_json) or of another zoom is an error
 * naming "placement".
 */
int pt_tiles_place(pt_engine *engine, const char *job_json, int zoom, char **placement, char **error);
int pt_tiles_render_placed(pt_engine *engine, const char *job_json, const char *batch_json, const char *placement,
                           const char *out_dir, char **result_json, char **error);

/*
 * Checks a scene in every locale of a string table, as `pathtext check --json` does: the request is JSON,
 * {"scene": SCENE, "strings": {"de": {"KEY": "text"}}, "shippedFontsOnly": false} ("stringsFile": a
 * translation file's name instead of "strings"); *result_json (release with pt_free) holds one result per
 * locale and label (fits or not, missing code points, fallback fonts, overlaps, collisions) and a summary.
 */
int pt_check_json(pt_engine *engine, const char *check_json, char **result_json, char **error);

/* A new, empty set of label options (every option at its default), or NULL when out of memory. */
pt_options *pt_options_new(void);

/* Releases options (NULL is ignored). */
void pt_options_free(pt_options *options);

/*
 * Sets the option `key` to `value` (see "Values" above), replacing what it had; value NULL restores the
 * default. On failure the options are unchanged.
 */
int pt_options_set(pt_options *options, const char *key, const char *value, char **error);

/* Adds one value to a repeatable option (font, fontFamily), after those it has: primary font first. */
int pt_options_add(pt_options *options, const char *key, const char *value, char **error);

/*
 * Adds a run of text with its own attributes: `style` (NULL: none) may set only run keys (font,
 * fontFamily, size, color, features, lang, letterSpacing); the label's options are the runs' defaults.
 * With runs, pt_layout's text must be NULL.
 */
int pt_options_add_run(pt_options *options, const char *text, const pt_options *style, char **error);

/* The options as a label request (JSON, release with pt_free): what pt_layout_json would take. */
int pt_options_json(const pt_options *options, char **label_json, char **error);

/*
 * The option catalog as JSON (static storage, do not free): {"version":1, "groups":[{"id","title"}...],
 * "label":[{"key","flag","placeholder","expected","default","help","group","repeatable","sample",
 * "schema"}...], "run":[...], "scene":[...], "shape":[...]}. The same text as `GET /api/options`.
 */
const char *pt_options_catalog_json(void);

/*
 * The typed call for hot loops: lays `text` out along SVG path data `path_data` with `options` (NULL:
 * the defaults) and returns the placed glyphs in visual order in *glyphs (release with pt_free) and
 * their number in *count, and, when `label` is not NULL, what happened to the label as a whole in *label
 * (release label->diagnostics with pt_free). `text` and `path_data` may be NULL when the options give
 * them (text, runs, path). A repeated label's glyphs follow each other; *label describes the first.
 */
int pt_layout(pt_engine *engine, const char *text, const char *path_data, const pt_options *options,
              pt_label *label, pt_glyph **glyphs, size_t *count, char **error);

/*
 * The file of font number `font` (pt_glyph.font): its absolute path, symbolic links resolved, in *path (release with pt_free), or
 * NULL for a font loaded from memory, and its face index in *face_index (may be NULL).
 */
int pt_font_file(pt_engine *engine, int32_t font, char **path, int32_t *face_index, char **error);

/*
 * As pt_layout, but returns the placements JSON (release with pt_free), as pt_layout_json does for the
 * label request pt_options_json gives.
 */
int pt_layout_options_json(pt_engine *engine, const char *text, const char *path_data, const pt_options *options,
                           char **placements_json, char **error);

/* The embedded fonts' names as a JSON array (static storage, do not free): the names the placements JSON
 * gives fonts compiled into the library ("embedded": NAME, with no file path). */
const char *pt_embedded_font_names(void);

/* The bytes of the embedded font `name` in *bytes (static storage: do not free, valid for the life of the
 * process) and their number in *length, for a renderer that opens the fonts itself. */
int pt_embedded_font(const char *name, const unsigned char **bytes, size_t *length, char **error);

/* The number called `name` of a diagnostic (pt_diagnostic.number_names), or `fallback` when it has none. */
double pt_diagnostic_number(const pt_diagnostic *diagnostic, const char *name, double fallback);

/* Releases a buffer returned by the library (NULL is ignored). */
void pt_free(void *pointer);

/*
 * The key of the error the last failing call on this thread returned: where the bad value is, in the
 * request's own spelling ("size", "labels[2].path", "timeLimit", "fontsDir"), or "" when the request as a
 * whole was at fault (bad JSON, out of memory). The message in *error already starts with the key; this is
 * for programs that act on it (highlight the field, map it to their own option names). The string belongs to
 * the library and stays valid until a later call on the same thread fails; a key over 255 bytes is cut at
 * a character boundary. Never NULL.
 */
const char *pt_error_key(void);

#ifdef __cplusplus
}
#endif

#endif /* PATHTEXT_H */
