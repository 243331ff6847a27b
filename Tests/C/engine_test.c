/*
 * engine_test.c: libpathtext from C. One engine driven from 4 threads at once (every answer must equal
 * the single-threaded one), the typed call with key/value options, diagnostics, system fonts off,
 * rendering, and bad requests and arguments, which must all return errors with messages and never abort.
 *
 *   cc -std=c99 engine_test.c $(pkg-config --cflags --libs pathtext) -lpthread -o engine_test
 */
#define _POSIX_C_SOURCE 200809L
#include <pathtext.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

enum { THREADS = 4, REQUESTS = 12, ROUNDS = 10 };
static pt_engine *engine;
static char requests[REQUESTS][256];
static char *expected[REQUESTS];
static pt_options *shared_options;

static void *worker(void *arg) {
    long id = (long)arg;
    long *bad = calloc(1, sizeof(long));
    for (int round = 0; round < ROUNDS; round++) {
        for (int k = 0; k < REQUESTS; k++) {
            int i = (k + (int)id * 3) % REQUESTS;
            char *json = NULL, *error = NULL;
            if (pt_layout_json(engine, requests[i], &json, &error) != PT_OK || strcmp(json, expected[i]) != 0) (*bad)++;
            pt_free(json);
            pt_free(error);
            /* The typed call, interleaved, with options shared by every thread. */
            pt_glyph *glyphs = NULL;
            size_t count = 0;
            if (pt_layout(engine, "Threads", "M 0 100 C 100 0 300 0 400 100", shared_options, NULL, &glyphs, &count, &error) != PT_OK
                || count != 7 || glyphs[0].size != 24) (*bad)++;
            pt_free(glyphs);
            pt_free(error);
        }
    }
    return bad;
}

/* Whether the `length` bytes at `bytes` hold `needle`. */
static int contains(const unsigned char *bytes, size_t length, const char *needle) {
    size_t n = strlen(needle);
    for (size_t i = 0; bytes && i + n <= length; i++) if (memcmp(bytes + i, needle, n) == 0) return 1;
    return 0;
}

/* Expects `status` to be a failure with a message containing `needle`, and releases the message. */
#define EXPECT_ERROR(call, needle, what) do { int status_ = (call); expect_error(status_, error, needle, what); error = NULL; } while (0)
static void expect_error(int status, char *error, const char *needle, const char *what) {
    CHECK(status != PT_OK, "%s: expected an error", what);
    CHECK(error != NULL && strstr(error, needle) != NULL, "%s: expected a message containing \"%s\", got \"%s\"",
          what, needle, error ? error : "(null)");
    pt_free(error);
}

int main(void) {
    char *error = NULL;
    CHECK(pt_version() && strchr(pt_version(), '.'), "pt_version");

    /* A fonts folder that does not exist. */
    pt_engine *none = pt_engine_new("/no/such/fonts", &error);
    CHECK(none == NULL, "engine with a missing fonts folder");
    EXPECT_ERROR(1, "/no/such/fonts", "missing fonts folder");

    engine = pt_engine_new(NULL, &error);
    if (!engine) { fprintf(stderr, "FAIL: pt_engine_new: %s\n", error); return 1; }
    CHECK(error == NULL, "no error on success");

    /* Expected answers, one thread. */
    for (int i = 0; i < REQUESTS; i++) {
        snprintf(requests[i], sizeof requests[i],
                 "{\"text\":\"Label %d \\u05e9\\u05dc\\u05d5\\u05dd\",\"path\":\"M 0 100 C 100 0 300 0 400 100\","
                 "\"size\":%d,\"align\":\"center\"}", i, 18 + 2 * i);
        CHECK(pt_layout_json(engine, requests[i], &expected[i], &error) == PT_OK, "request %d: %s", i, error);
    }
    CHECK(strstr(expected[0], "\"fonts\":[") && strstr(expected[0], "NotoSansHebrew-Regular.ttf"), "fonts table");

    /* 4 threads, one engine, one set of options. */
    shared_options = pt_options_new();
    CHECK(pt_options_set(shared_options, "size", "24", &error) == PT_OK && pt_options_set(shared_options, "align", "center", &error) == PT_OK,
          "shared options");
    pthread_t threads[THREADS];
    for (long t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, worker, (void *)t);
    for (int t = 0; t < THREADS; t++) {
        void *bad;
        pthread_join(threads[t], &bad);
        CHECK(*(long *)bad == 0, "thread %d: %ld wrong answers", t, *(long *)bad);
        free(bad);
    }
    pt_options_free(shared_options);

    /* The typed call: glyphs, fonts and transforms. */
    pt_options *o = pt_options_new();
    char *label_json = NULL;
    CHECK(pt_options_json(o, &label_json, &error) == PT_OK && strcmp(label_json, "{}") == 0, "new options are the defaults: %s", label_json);
    pt_free(label_json);
    pt_glyph *glyphs = NULL;
    size_t count = 0;
    pt_label label;
    CHECK(pt_layout(engine, "AB", "M 100 0 L 100 300", NULL, &label, &glyphs, &count, &error) == PT_OK && count == 2, "typed call");
    CHECK(label.path_length == 300 && label.size == 32 && !label.flipped && !label.overflow && !label.rejected
          && label.advance > 30 && label.start == 0, "label info");
    if (count == 2) {
        CHECK(glyphs[0].x == 100 && glyphs[0].y == 0 && glyphs[0].angle == 90, "first glyph on the vertical line");
        CHECK(glyphs[0].transform[1] == 1 && glyphs[0].transform[2] == -1 && glyphs[0].transform[5] == 0, "rotation in the transform");
        CHECK(glyphs[1].y == glyphs[0].advance && glyphs[1].cluster == 1, "second glyph one advance down");
        char *path = NULL;
        int32_t face = -1;
        CHECK(pt_font_file(engine, glyphs[0].font, &path, &face, &error) == PT_OK && path && path[0] == '/'
              && strstr(path, "NotoSans-Regular.ttf") && face == 0, "font file %s", path ? path : "(null)");
        pt_free(path);
        EXPECT_ERROR(pt_font_file(engine, 9999, &path, &face, &error), "no font numbered 9999", "font number");
    }
    pt_free(glyphs);

    /* The label as a whole: cut with an ellipsis, rejected by maxAngle, shrunk; each with its diagnostic. */
    CHECK(pt_options_set(o, "overflow", "ellipsis", &error) == PT_OK, "overflow ellipsis");
    CHECK(pt_layout(engine, "A label far too long for it", "M 0 50 L 80 50", o, &label, &glyphs, &count, &error) == PT_OK
          && label.overflow && label.dropped > 0, "ellipsis reported");
    CHECK(label.diagnostic_count == 1 && strcmp(label.diagnostics[0].code, "truncated") == 0
          && label.diagnostics[0].cluster_count == (size_t)label.dropped, "truncated diagnostic");
    pt_free(label.diagnostics);
    pt_free(glyphs);
    CHECK(pt_options_set(o, "overflow", NULL, &error) == PT_OK && pt_options_set(o, "maxAngle", "5", &error) == PT_OK, "maxAngle 5");
    CHECK(pt_layout(engine, "Sharp", "M 0 100 L 60 100 L 60 40", o, &label, &glyphs, &count, &error) == PT_OK
          && label.rejected && label.rejected_angle > 5, "rejection reported");
    CHECK(label.diagnostic_count == 1 && strcmp(label.diagnostics[0].code, "rejected-turn") == 0
          && pt_diagnostic_number(&label.diagnostics[0], "limit", -1) == 5
          && pt_diagnostic_number(&label.diagnostics[0], "degrees", -1) == label.rejected_angle
          && pt_diagnostic_number(&label.diagnostics[0], "nothing", -7) == -7, "rejected-turn diagnostic");
    pt_free(label.diagnostics);
    pt_free(glyphs);
    pt_options_free(o);
    o = pt_options_new();
    CHECK(pt_options_set(o, "overflow", "shrink", &error) == PT_OK && pt_options_set(o, "minSize", "10", &error) == PT_OK, "shrink");
    CHECK(pt_layout(engine, "A label far too long for it", "M 0 50 L 200 50", o, &label, &glyphs, &count, &error) == PT_OK
          && label.size < 32 && label.diagnostic_count == 1 && strcmp(label.diagnostics[0].code, "shrunk") == 0
          && pt_diagnostic_number(&label.diagnostics[0], "from", 0) == 32
          && pt_diagnostic_number(&label.diagnostics[0], "to", 0) == label.size
          && pt_diagnostic_number(&label.diagnostics[0], "fits", -1) == 1 && label.diagnostics[0].font == NULL,
          "shrunk diagnostic (size %g)", label.size);
    pt_free(label.diagnostics);
    pt_free(glyphs);

    /* Key/value options: the flag's text or JSON; runs; font families; the same placements as the JSON call. */
    pt_options_free(o);
    o = pt_options_new();
    CHECK(pt_options_set(o, "haloWidth", "3", &error) == PT_OK, "haloWidth text");
    CHECK(pt_options_set(o, "dx", "[0, 2, 4]", &error) == PT_OK, "dx JSON");
    CHECK(pt_options_set(o, "offset", "10%", &error) == PT_OK, "offset text");
    CHECK(pt_options_set(o, "decoration", "underline,overline", &error) == PT_OK, "decoration words");
    CHECK(pt_options_set(o, "lang", "\"tr\"", &error) == PT_OK, "lang JSON string");
    CHECK(pt_options_json(o, &label_json, &error) == PT_OK
          && strcmp(label_json, "{\"lang\":\"tr\",\"offset\":\"10%\",\"dx\":[0,2,4],\"decoration\":[\"underline\",\"overline\"],\"haloWidth\":3}") == 0,
          "options as JSON: %s", label_json);
    pt_free(label_json);
    char *from_options = NULL, *from_json = NULL;
    CHECK(pt_layout_options_json(engine, "Halo", "M 0 100 L 300 100", o, &from_options, &error) == PT_OK, "layout options json: %s", error);
    CHECK(pt_layout_json(engine, "{\"text\":\"Halo\",\"path\":\"M 0 100 L 300 100\",\"haloWidth\":3,\"dx\":[0,2,4],"
                                 "\"offset\":\"10%\",\"decoration\":[\"underline\",\"overline\"],\"lang\":\"tr\"}", &from_json, &error) == PT_OK,
          "layout json: %s", error);
    CHECK(from_options && from_json && strcmp(from_options, from_json) == 0, "pt_options gives what the JSON request gives");
    pt_free(from_options);
    pt_free(from_json);
    EXPECT_ERROR(pt_options_set(o, "align", "middle-ish", &error), "align: expected start|center|end, got \"middle-ish\"", "bad value");
    EXPECT_ERROR(pt_options_set(o, "aling", "center", &error), "did you mean align?", "unknown key");
    EXPECT_ERROR(pt_options_set(o, "haloWidth", "[1]", &error), "haloWidth", "JSON the key does not take");
    EXPECT_ERROR(pt_options_add(o, "size", "3", &error), "pt_options_add adds to font, fontFamily", "add to a single-valued key");
    CHECK(pt_options_add(o, "fontFamily", "DejaVu Sans", &error) == PT_OK && pt_options_add(o, "fontFamily", "Noto Sans:Bold", &error) == PT_OK,
          "two font families");
    CHECK(pt_options_json(o, &label_json, &error) == PT_OK && strstr(label_json, "\"fontFamily\":[\"DejaVu Sans\",\"Noto Sans:Bold\"]"),
          "families in order: %s", label_json);
    pt_free(label_json);
    pt_options_free(o);
    o = pt_options_new();
    pt_options *red = pt_options_new();
    CHECK(pt_options_set(red, "color", "#dc2626", &error) == PT_OK && pt_options_set(red, "size", "40", &error) == PT_OK, "run style");
    CHECK(pt_options_add_run(o, "Big ", red, &error) == PT_OK && pt_options_add_run(o, "small", NULL, &error) == PT_OK, "runs");
    CHECK(pt_layout(engine, NULL, "M 0 100 L 400 100", o, NULL, &glyphs, &count, &error) == PT_OK && count == 9
          && glyphs[0].size == 40 && glyphs[8].size == 32, "runs laid out (%zu glyphs)", count);
    pt_free(glyphs);
    CHECK(pt_options_set(red, "align", "center", &error) == PT_OK, "align on the style");
    EXPECT_ERROR(pt_options_add_run(o, "x", red, &error), "a run takes only", "a run style with a label option");
    pt_options_free(red);
    pt_options_free(o);

    /* The embedded fonts' bytes, by the name the placements give them. */
    const unsigned char *font_bytes = NULL;
    size_t font_length = 0;
    CHECK(strstr(pt_embedded_font_names(), "\"NotoSans-Regular.ttf\""), "embedded names: %s", pt_embedded_font_names());
    CHECK(pt_embedded_font("NotoSans-Regular.ttf", &font_bytes, &font_length, &error) == PT_OK && font_length > 100000
          && memcmp(font_bytes, "\0\1\0\0", 4) == 0, "embedded font bytes");
    EXPECT_ERROR(pt_embedded_font("Comic.ttf", &font_bytes, &font_length, &error), "no embedded font", "unknown embedded font");

    /* The catalog, as every door reads it. */
    const char *catalog = pt_options_catalog_json();
    CHECK(catalog && strstr(catalog, "\"key\":\"haloWidth\"") && strstr(catalog, "\"groups\":["), "catalog JSON");

    /* System fonts off: a character no embedded font covers is .notdef, with a missing-glyph diagnostic. */
    pt_engine_options eo;
    pt_engine_options_init(&eo);
    CHECK(eo.struct_size == sizeof eo && eo.system_fonts == 1 && eo.fonts_dir == NULL, "engine option defaults");
    eo.system_fonts = 0;
    pt_engine *isolated = pt_engine_new2(&eo, &error);
    CHECK(isolated != NULL, "pt_engine_new2: %s", error ? error : "");
    if (isolated) {
        CHECK(pt_layout(isolated, "\xe6\x9d\xb1\xe4\xba\xac", "M 0 100 L 300 100", NULL, &label, &glyphs, &count, &error) == PT_OK
              && count == 2 && glyphs[0].glyph == 0 && glyphs[1].glyph == 0, "東京 as .notdef");
        CHECK(label.missing == 2 && label.diagnostic_count == 2 && strcmp(label.diagnostics[0].code, "missing-glyph") == 0
              && label.diagnostics[0].code_point_count == 1 && label.diagnostics[0].code_points[0] == 0x6771
              && label.diagnostics[1].code_points[0] == 0x4EAC && label.diagnostics[1].clusters[0] == 3
              && label.diagnostics[0].font && strcmp(label.diagnostics[0].font, "NotoSans-Regular.ttf") == 0, "missing-glyph diagnostics");
        pt_free(label.diagnostics);
        pt_free(glyphs);
        pt_engine_free(isolated);
    }
    EXPECT_ERROR(pt_engine_new2(&(pt_engine_options){ .struct_size = 1 }, &error) == NULL ? 1 : 0, "struct_size", "bad struct_size");

    /* Rendering. */
    const char *scene = "{\"width\":120,\"height\":60,\"labels\":[{\"text\":\"Hi\",\"path\":\"M 10 40 L 110 40\"}]}";
    unsigned char *bytes = NULL;
    size_t length = 0;
    CHECK(pt_render(engine, scene, "png", &bytes, &length, &error) == PT_OK && length > 8 && memcmp(bytes, "\x89PNG", 4) == 0, "png");
    pt_free(bytes);
    CHECK(pt_render(engine, scene, "svg", &bytes, &length, &error) == PT_OK && strstr((char *)bytes, "<svg"), "svg");
    pt_free(bytes);

    /* Placing: two crossing roads, the higher priority labelled first; a path too short is dropped. */
    char *placed = NULL;
    const char *place = "{\"width\":400,\"height\":200,\"labelDefaults\":{\"size\":13,\"haloWidth\":1.5},\"labels\":["
                        "{\"text\":\"Mannerheimintie\",\"path\":\"M 20 100 L 380 100\",\"priority\":9},"
                        "{\"text\":\"Simonkatu\",\"path\":\"M 200 20 L 200 180\",\"priority\":5},"
                        "{\"text\":\"Pieni Roobertinkatu\",\"path\":\"M 20 150 L 60 150\",\"id\":\"way/3\"}]}";
    CHECK(pt_place_json(engine, place, &placed, &error) == PT_OK, "place: %s", error);
    CHECK(placed && strstr(placed, "\"placed\":[{\"request\":0,") && strstr(placed, "\"id\":\"way/3\"")
          && strstr(placed, "\"reason\":\"tooShort\""), "placed and dropped: %s", placed ? placed : "(null)");
    pt_free(placed);
    placed = NULL;
    EXPECT_ERROR(pt_place_json(engine, "{\"width\":10,\"height\":10,\"lables\":[]}", &placed, &error), "did you mean labels?", "bad place key");
    CHECK(placed == NULL, "no place output on failure");
    EXPECT_ERROR(pt_place_json(engine, NULL, &placed, &error), "place_json is NULL", "NULL place request");

    /* Checking a scene in every locale: German shrinks, the shipped fonts have no Japanese. */
    char *checked = NULL;
    const char *check = "{\"scene\":{\"width\":400,\"height\":100,\"labels\":[{\"text\":\"Welcome\",\"path\":\"M 20 60 L 280 60\","
                        "\"size\":40,\"overflow\":\"shrink\",\"minSize\":20}]},\"shippedFontsOnly\":true,"
                        "\"strings\":{\"de\":{\"Welcome\":\"Herzlich willkommen\"},\"ja\":{\"Welcome\":\"ようこそ\"}}}";
    CHECK(pt_check_json(engine, check, &checked, &error) == PT_OK, "check: %s", error);
    CHECK(checked && strstr(checked, "\"locale\" : \"de\"") && strstr(checked, "\"shrunk\"")
          && strstr(checked, "\"U+3088\""), "checked: %s", checked ? checked : "(null)");
    pt_free(checked);
    checked = NULL;
    EXPECT_ERROR(pt_check_json(engine, "{\"scene\":{\"width\":10,\"height\":10},\"strings\":{},\"shipped\":true}", &checked, &error),
                 "shipped: unknown key", "bad check key");
    CHECK(checked == NULL, "no check output on failure");
    EXPECT_ERROR(pt_check_json(engine, NULL, &checked, &error), "check_json is NULL", "NULL check request");

    /* Bad requests. */
    char *json = NULL;
    EXPECT_ERROR(pt_layout_json(engine, "{\"text\":", &json, &error), "not valid JSON", "invalid JSON");
    CHECK(json == NULL, "no output on failure");
    EXPECT_ERROR(pt_layout_json(engine, "{\"text\":\"Hi\",\"path\":\"M 0 0 L 10\"}", &json, &error), "path: bad path data", "bad path");
    EXPECT_ERROR(pt_layout_json(engine, "{\"text\":\"Hi\",\"path\":\"M 0 0 L 10 0\",\"font\":[\"/no/such.ttf\"]}", &json, &error),
                 "cannot read font file /no/such.ttf", "missing font");
    EXPECT_ERROR(pt_layout_json(engine, "{\"text\":\"Hi\",\"path\":\"M 0 0 L 10 0\",\"align\":\"middle-ish\"}", &json, &error),
                 "align: expected start|center|end", "bad option");
    EXPECT_ERROR(pt_layout_json(engine, "\xff\xfe", &json, &error), "UTF-8", "bad UTF-8");
    EXPECT_ERROR(pt_render(engine, scene, "gif", &bytes, &length, &error), "format", "bad format");
    EXPECT_ERROR(pt_render(engine, "{\"width\":0,\"height\":1}", "png", &bytes, &length, &error), "width", "bad scene");
    o = pt_options_new();
    CHECK(pt_options_set(o, "font", "/no/such.ttf", &error) == PT_OK, "a font file is checked when laid out");
    EXPECT_ERROR(pt_layout(engine, "Hi", "M 0 0 L 10 0", o, NULL, &glyphs, &count, &error), "/no/such.ttf", "typed missing font");
    pt_options_free(o);
    EXPECT_ERROR(pt_layout(engine, "Hi", "M 0 0 L", NULL, NULL, &glyphs, &count, &error), "path", "typed bad path");

    /* NULL arguments: errors, not crashes. */
    EXPECT_ERROR(pt_layout_json(NULL, "{}", &json, &error), "engine is NULL", "NULL engine");
    EXPECT_ERROR(pt_layout_json(engine, NULL, &json, &error), "label_json is NULL", "NULL request");
    EXPECT_ERROR(pt_layout_json(engine, "{}", NULL, &error), "placements_json is NULL", "NULL output");
    CHECK(pt_layout_json(engine, "{}", NULL, NULL) == PT_EINVAL, "NULL error pointer is allowed");
    EXPECT_ERROR(pt_render(engine, NULL, "png", &bytes, &length, &error), "scene_json is NULL", "NULL scene");
    /* A NULL format is the engine's "format" setting: png for this engine, svg for one made with it. */
    CHECK(pt_render(engine, scene, NULL, &bytes, &length, &error) == PT_OK && length > 8 && memcmp(bytes, "\x89PNG", 4) == 0,
          "NULL format: the engine's png: %s", error ? error : "");
    pt_free(bytes); bytes = NULL;
    {
        pt_engine *svg = pt_engine_new_json("{\"format\":\"svg\",\"ink\":true}", &error);
        CHECK(svg != NULL, "pt_engine_new_json: %s", error ? error : "");
        if (svg) {
            CHECK(pt_render(svg, scene, NULL, &bytes, &length, &error) == PT_OK && contains(bytes, length, "<svg "),
                  "NULL format: the engine's svg");
            pt_free(bytes); bytes = NULL;
            CHECK(pt_layout_json(svg, "{\"text\":\"Hi\",\"path\":\"M 0 50 L 200 50\"}", &json, &error) == PT_OK
                  && strstr(json, "\"ink\"") != NULL, "the engine's ink setting");
            pt_free(json); json = NULL;
            pt_engine_free(svg);
        }
        CHECK(pt_engine_new_json("{\"timeLimt\":1}", &error) == NULL && error != NULL
              && strstr(error, "did you mean timeLimit?") != NULL, "an unknown setting is named: %s", error ? error : "(null)");
        pt_free(error); error = NULL;
    }
    /* Each failure's key, for programs that act on it; a thread's key is its own. */
    EXPECT_ERROR(pt_layout_json(engine, "{\"text\":\"Hi\",\"path\":\"M 0 0 L 100 0\",\"size\":-3}", &json, &error), "size", "bad size");
    CHECK(strcmp(pt_error_key(), "size") == 0, "pt_error_key after a bad size: \"%s\"", pt_error_key());
    EXPECT_ERROR(pt_render(engine, "{\"width\":100,\"height\":50,\"labels\":[{\"text\":\"A\",\"path\":\"M 0 0 L 9 0\"},"
                 "{\"text\":\"B\",\"path\":\"M 0 0 L 9 0\",\"align\":\"sideways\"}]}", "png", &bytes, &length, &error),
                 "align", "bad align in a scene");
    CHECK(strcmp(pt_error_key(), "labels[1].align") == 0, "pt_error_key of a scene's label: \"%s\"", pt_error_key());
    {
        pt_options *o = pt_options_new();
        EXPECT_ERROR(pt_options_set(o, "letterSpacing", "wide", &error), "letterSpacing", "bad typed option");
        CHECK(strcmp(pt_error_key(), "letterSpacing") == 0, "pt_error_key of pt_options_set: \"%s\"", pt_error_key());
        pt_options_free(o);
    }
    EXPECT_ERROR(pt_engine_new_json("{\"timeLimit\":-1}", &error) == NULL ? PT_EINVAL : PT_OK, "timeLimit", "bad setting");
    CHECK(strcmp(pt_error_key(), "timeLimit") == 0, "pt_error_key of a setting: \"%s\"", pt_error_key());
    EXPECT_ERROR(pt_layout_json(engine, "[]", &json, &error), "object", "not an object");
    CHECK(strcmp(pt_error_key(), "") == 0, "pt_error_key of a request that is not an object is empty: \"%s\"", pt_error_key());
    EXPECT_ERROR(pt_render(engine, scene, "png", NULL, &length, &error), "bytes is NULL", "NULL bytes");
    EXPECT_ERROR(pt_render(engine, scene, "png", &bytes, NULL, &error), "length is NULL", "NULL length");
    EXPECT_ERROR(pt_layout(engine, NULL, "M 0 0 L 1 0", NULL, NULL, &glyphs, &count, &error), "text is NULL", "NULL text");
    EXPECT_ERROR(pt_options_set(NULL, "size", "3", &error), "options is NULL", "NULL options");
    EXPECT_ERROR(pt_options_json(NULL, &json, &error), "options is NULL", "NULL options (json)");
    EXPECT_ERROR(pt_layout(engine, "Hi", NULL, NULL, NULL, &glyphs, &count, &error), "path_data is NULL", "NULL path");
    EXPECT_ERROR(pt_layout(engine, "Hi", "M 0 0 L 1 0", NULL, NULL, NULL, &count, &error), "glyphs is NULL", "NULL glyphs");
    EXPECT_ERROR(pt_font_file(NULL, 0, &json, NULL, &error), "engine is NULL", "NULL engine (font file)");
    pt_options_free(NULL);
    pt_engine_options_init(NULL);
    pt_engine_free(NULL);
    pt_free(NULL);

    /* The engine still works after all that. */
    CHECK(pt_layout_json(engine, requests[3], &json, &error) == PT_OK && strcmp(json, expected[3]) == 0, "still working");
    pt_free(json);

    for (int i = 0; i < REQUESTS; i++) pt_free(expected[i]);
    pt_engine_free(engine);
    if (failures) { fprintf(stderr, "engine_test: %d failures\n", failures); return 1; }
    printf("engine_test: all passed (%d threads x %d rounds x %d requests)\n", THREADS, ROUNDS, REQUESTS);
    return 0;
}
