/*
 * tiles_test.c: map tiles through libpathtext's C ABI. A hand-made GeoJSON road across a metatile edge:
 * the plan, each metatile rendered in its own call (in reverse order, on a second engine too), the files
 * byte for byte the same as one call for all; the zoom placed once on one engine and its record drawn on a
 * third, the same files again; and bad jobs, batches, records and arguments, which must return errors with
 * messages.
 *
 *   cc -std=c99 tiles_test.c $(pkg-config --cflags --libs pathtext) -o tiles_test
 */
#define _POSIX_C_SOURCE 200809L
#include <pathtext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

/* A road across the metatile edge x = 37308 * 256 at zoom 16 (4-tile metatiles: 9326 | 9327). */
static const char *job =
    "{\"geojson\": {\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", "
    "\"properties\": {\"name\": \"Mannerheimintie\", \"highway\": \"primary\"}, \"geometry\": {\"type\": \"LineString\", "
    "\"coordinates\": [[24.9360681, 60.173239], [24.9389648, 60.173207], [24.9418616, 60.173175]]}}]}, \"zooms\": \"16\"}";

/* The bytes of `path` (malloc'ed) and their count, or NULL. */
static unsigned char *slurp(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *bytes = malloc(n > 0 ? (size_t)n : 1);
    *length = fread(bytes, 1, (size_t)n, f);
    fclose(f);
    return bytes;
}

static int same_file(const char *a, const char *b) {
    size_t na = 0, nb = 0;
    unsigned char *x = slurp(a, &na), *y = slurp(b, &nb);
    int same = x && y && na == nb && na > 0 && memcmp(x, y, na) == 0;
    free(x);
    free(y);
    return same;
}

#define EXPECT_ERROR(call, needle, what) do { char *error = NULL; char *out = NULL; int status_ = (call); \
    CHECK(status_ != PT_OK, "%s: expected an error", what); \
    CHECK(error && strstr(error, needle), "%s: expected \"%s\", got \"%s\"", what, needle, error ? error : "(null)"); \
    CHECK(out == NULL, "%s: no result on an error", what); pt_free(error); pt_free(out); } while (0)

int main(void) {
    char *error = NULL, *plan = NULL, *result = NULL;
    pt_engine *engine = pt_engine_new(NULL, &error);
    if (!engine) { fprintf(stderr, "FAIL: pt_engine_new: %s\n", error); return 1; }
    char dir[] = "/tmp/pathtext-tiles-XXXXXX";
    if (!mkdtemp(dir)) { perror("mkdtemp"); return 1; }
    char one[256], each[256], placed[256];
    snprintf(one, sizeof one, "%s/one", dir);
    snprintf(each, sizeof each, "%s/each", dir);
    snprintf(placed, sizeof placed, "%s/placed", dir);

    CHECK(pt_tiles_plan(engine, job, &plan, &error) == PT_OK, "plan: %s", error);
    CHECK(plan && strstr(plan, "\"zooms\":[{\"zoom\":16,\"tiles\":2,\"metatiles\":[[9326,4742],[9327,4742]]}]"), "plan: %s", plan);
    CHECK(plan && strncmp(plan, "{\"tiles\":2,\"tileSize\":256,\"metatile\":4,", 39) == 0, "plan head: %s", plan);
    pt_free(plan);

    /* One call for both metatiles, then one call each, in the other order, on a second engine. */
    CHECK(pt_tiles_render(engine, job, "{\"zoom\":16,\"metatiles\":[[9326,4742],[9327,4742]]}", one, &result, &error) == PT_OK, "render: %s", error);
    CHECK(result && strcmp(result, "{\"tiles\":2,\"labels\":1}\n") == 0, "render result: %s", result);
    pt_free(result);
    pt_engine *second = pt_engine_new(NULL, &error);
    CHECK(pt_tiles_render(second, job, "{\"zoom\":16,\"metatiles\":[[9327,4742]]}", each, &result, &error) == PT_OK, "render 9327: %s", error);
    pt_free(result);
    CHECK(pt_tiles_render(second, job, "{\"zoom\":16,\"metatiles\":[[9326,4742]]}", each, &result, &error) == PT_OK, "render 9326: %s", error);
    pt_free(result);
    /* The zoom placed once (on the first engine) and drawn from its record on a third engine. */
    char *record = NULL;
    CHECK(pt_tiles_place(engine, job, 16, &record, &error) == PT_OK, "place: %s", error);
    CHECK(record && strncmp(record, "{\"pathtextPlacement\":2,", 23) == 0 && strstr(record, "\"text\":\"Mannerheimintie\"")
          && strstr(record, "\"bounds\":["), "record: %s", record);
    pt_engine *third = pt_engine_new(NULL, &error);
    CHECK(pt_tiles_render_placed(third, job, "{\"zoom\":16,\"metatiles\":[[9327,4742],[9326,4742]]}", record, placed, &result, &error) == PT_OK,
          "render placed: %s", error);
    CHECK(result && strcmp(result, "{\"tiles\":2,\"labels\":1}\n") == 0, "render placed result: %s", result);
    pt_free(result);
    const char *files[] = {"16/37307/18968.png", "16/37307/18968.json", "16/37308/18968.png", "16/37308/18968.json"};
    for (int i = 0; i < 4; i++) {
        char a[512], b[512], c[512];
        snprintf(a, sizeof a, "%s/%s", one, files[i]);
        snprintf(b, sizeof b, "%s/%s", each, files[i]);
        snprintf(c, sizeof c, "%s/%s", placed, files[i]);
        CHECK(same_file(a, b), "%s differs between one call and one call per metatile", files[i]);
        CHECK(same_file(a, c), "%s differs between the engine's placement and the record's", files[i]);
    }
    /* The label crosses the metatile edge: both tiles list it. */
    for (int i = 1; i < 4; i += 2) {
        char a[512];
        size_t n = 0;
        snprintf(a, sizeof a, "%s/%s", one, files[i]);
        unsigned char *text = slurp(a, &n);
        CHECK(text && strstr((char *)text, "\"text\":\"Mannerheimintie\""), "%s lists the label", files[i]);
        free(text);
    }

    EXPECT_ERROR(pt_tiles_plan(engine, "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":"
                 "{\"type\":\"LineString\",\"coordinates\":[[0,0],[200,0]]}}]}", &out, &error),
                 "features[0].geometry.coordinates[1]: longitude 200 is outside -180", "bad longitude");
    EXPECT_ERROR(pt_tiles_plan(engine, "{\"geojson\":{\"type\":\"FeatureCollection\",\"features\":[]},\"bbox\":[0,0,60,60],\"zooms\":\"8-12\"}", &out, &error),
                 "over the limit of 20000", "too many tiles");
    EXPECT_ERROR(pt_tiles_render(engine, job, "{\"zoom\":15,\"metatiles\":[]}", one, &out, &error), "batch.zoom: expected one of the job's zooms 16-16", "zoom outside the job");
    EXPECT_ERROR(pt_tiles_render(engine, job, "{\"zoom\":16,\"metatiles\":[[1,2]]}", one, &out, &error), "batch.metatiles[0]: expected a metatile", "metatile outside the plan");
    EXPECT_ERROR(pt_tiles_render(engine, job, "{\"zoom\":16,\"metatiles\":[[9326,4742]]}", "/dev/null/x", &out, &error), "cannot write", "unwritable folder");
    EXPECT_ERROR(pt_tiles_render(engine, NULL, "{}", one, &out, &error), "job_json is NULL", "NULL job");
    EXPECT_ERROR(pt_tiles_render(engine, job, "{}", NULL, &out, &error), "out_dir is NULL", "NULL folder");
    EXPECT_ERROR(pt_tiles_plan(NULL, job, &out, &error), "engine is NULL", "NULL engine");
    EXPECT_ERROR(pt_tiles_place(engine, job, 15, &out, &error), "zoom: expected one of the job's zooms 16-16, got 15", "place outside the zooms");
    EXPECT_ERROR(pt_tiles_render_placed(engine, job, "{\"zoom\":16,\"metatiles\":[[9326,4742]]}", "{}", one, &out, &error),
                 "placement: not a placement record", "not a record");
    char other[1024];  /* the same job with a space more: another job's JSON, so another job's record */
    snprintf(other, sizeof other, "%s ", job);
    EXPECT_ERROR(pt_tiles_render_placed(engine, other, "{\"zoom\":16,\"metatiles\":[[9326,4742]]}", record, one, &out, &error),
                 "placement.job: the placement is of another tiles job", "another job's record");
    EXPECT_ERROR(pt_tiles_render_placed(engine, job, "{}", NULL, one, &out, &error), "placement is NULL", "NULL record");
    pt_free(record);
    pt_engine_free(third);

    pt_engine_free(second);
    pt_engine_free(engine);
    char command[600];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    if (system(command) != 0) fprintf(stderr, "tiles_test: could not remove %s\n", dir);
    if (failures) { fprintf(stderr, "tiles_test: %d failures\n", failures); return 1; }
    printf("tiles_test: the plan, metatiles rendered apart and together (the same bytes), and errors\n");
    return 0;
}
