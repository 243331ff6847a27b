#ifndef PATHTEXT_EMBEDDED_FONTS_H
#define PATHTEXT_EMBEDDED_FONTS_H

#include <stddef.h>

/// The fonts compiled into the library: the files of the package's top-level Fonts/ folder, read at
/// build time with C23 #embed. The bytes are static, read-only and live as long as the program.

/// Number of embedded fonts.
int pt_embedded_font_count(void);

/// The file name of embedded font `index` ("NotoSans-Regular.ttf"), or NULL when `index` is out of range.
const char *pt_embedded_font_name(int index);

/// The bytes of embedded font `index`, with their count in `*length`; NULL (and `*length` 0) when
/// `index` is out of range.
const unsigned char *pt_embedded_font_data(int index, size_t *length);

#endif
