// ICU's line break iterator behind an opaque handle, for Shaping/LineBreaks.swift (the one Swift file
// that reaches ICU). No ICU type appears here (see ../CICU/shim.h); ICU's versioned function names
// (ubrk_open is ubrk_open_72) are resolved by its headers inside pt_icu_break.c.
#ifndef PATHTEXT_ICU_BREAK_H
#define PATHTEXT_ICU_BREAK_H
#include <stdint.h>

/// A line break iterator over UTF-8 text, with the text it reads.
typedef struct pt_line_breaker pt_line_breaker;

/// Opens a line break iterator (UAX #14 with the locale's tailoring: dictionaries for Thai, Lao, Khmer
/// and Burmese, Japanese line-start rules) over `length` bytes of UTF-8, which it copies. Returns NULL
/// on failure with ICU's status in `*error`. Close with pt_line_breaker_close.
pt_line_breaker *pt_line_breaker_open(const char *locale, const char *text, int64_t length, int32_t *error);

/// The next boundary (a UTF-8 byte offset), or -1 at the end; `*hard` is set to whether it is a
/// mandatory break (after a newline).
int32_t pt_line_breaker_next(pt_line_breaker *breaker, int32_t *hard);

/// Closes the iterator and frees its copy of the text.
void pt_line_breaker_close(pt_line_breaker *breaker);

/// ICU's version, "72.1".
const char *pt_icu_version(void);
#endif
