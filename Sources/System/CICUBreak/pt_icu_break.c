#include "pt_icu_break.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

struct pt_line_breaker {
    UBreakIterator *iterator;
    UText *text;
    char *bytes;
};

pt_line_breaker *pt_line_breaker_open(const char *locale, const char *text, int64_t length, int32_t *error) {
    *error = 0;
    if (length < 0 || length > INT32_MAX) { *error = U_INDEX_OUTOFBOUNDS_ERROR; return NULL; }
    pt_line_breaker *b = calloc(1, sizeof *b);
    if (!b) { *error = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    b->bytes = malloc(length > 0 ? (size_t)length : 1);
    if (!b->bytes) { free(b); *error = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    if (length > 0) memcpy(b->bytes, text, (size_t)length);
    UErrorCode status = U_ZERO_ERROR;
    b->text = utext_openUTF8(NULL, b->bytes, length, &status);
    if (U_SUCCESS(status)) b->iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
    if (U_SUCCESS(status)) ubrk_setUText(b->iterator, b->text, &status);
    if (U_FAILURE(status)) {
        *error = (int32_t)status;
        pt_line_breaker_close(b);
        return NULL;
    }
    return b;
}

int32_t pt_line_breaker_next(pt_line_breaker *b, int32_t *hard) {
    int32_t next = ubrk_next(b->iterator);
    *hard = next != UBRK_DONE && ubrk_getRuleStatus(b->iterator) >= UBRK_LINE_HARD;
    return next == UBRK_DONE ? -1 : next;
}

void pt_line_breaker_close(pt_line_breaker *b) {
    if (!b) return;
    if (b->iterator) ubrk_close(b->iterator);
    if (b->text) utext_close(b->text);
    free(b->bytes);
    free(b);
}

const char *pt_icu_version(void) { return U_ICU_VERSION; }
