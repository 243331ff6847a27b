/*
 * label.c: lay out one label with libpathtext and print the placements JSON.
 *
 *   cc label.c $(pkg-config --cflags --libs pathtext) -o label
 *   ./label '{"text":"Hello, curved world","path":"M 20 200 C 120 40 280 360 380 200","size":40,"align":"center"}'
 *
 * With no argument it reads the request from standard input. Exit code 1 and the message on stderr
 * when the request fails.
 */
#include <pathtext.h>
#include <stdio.h>
#include <stdlib.h>

static char *read_all(FILE *f) {
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    size_t n;
    while (text && (n = fread(text + size, 1, capacity - size - 1, f)) > 0) {
        size += n;
        if (capacity - size < 2) {
            char *bigger = realloc(text, capacity *= 2);
            if (!bigger) { free(text); return NULL; }
            text = bigger;
        }
    }
    if (text) text[size] = '\0';
    return text;
}

int main(int argc, char **argv) {
    char *input = argc > 1 ? NULL : read_all(stdin);
    const char *request = argc > 1 ? argv[1] : input;
    if (!request) { fprintf(stderr, "label: out of memory\n"); return 1; }

    char *error = NULL;
    pt_engine *engine = pt_engine_new(NULL, &error); /* NULL: the installed fonts */
    if (!engine) {
        fprintf(stderr, "label: %s\n", error);
        pt_free(error);
        free(input);
        return 1;
    }

    char *json = NULL;
    int status = pt_layout_json(engine, request, &json, &error);
    if (status == PT_OK) {
        fputs(json, stdout);
        pt_free(json);
    } else {
        fprintf(stderr, "label: %s\n", error);
        pt_free(error);
    }
    pt_engine_free(engine);
    free(input);
    return status == PT_OK ? 0 : 1;
}
