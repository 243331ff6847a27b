// The default fonts, compiled in: each file of the top-level Fonts/ folder becomes a static array.
//
// #embed is C23; clang accepts it in earlier modes as an extension and warns, which the pragma silences
// (no unsafeFlags, so the package stays usable as a dependency). The paths are relative to this file,
// so they resolve wherever the package is checked out.
#include "embedded_fonts.h"

#if !defined(__has_embed)
#error "PathText's embedded fonts need C23 #embed: clang 19 or later (Swift 6.1 or later, Xcode 16.3 or later)"
#endif

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"

_Alignas(16) static const unsigned char noto_sans[] = {
#embed "../../../Fonts/NotoSans-Regular.ttf"
};
_Alignas(16) static const unsigned char noto_sans_arabic[] = {
#embed "../../../Fonts/NotoSansArabic-Regular.ttf"
};
_Alignas(16) static const unsigned char noto_sans_hebrew[] = {
#embed "../../../Fonts/NotoSansHebrew-Regular.ttf"
};
_Alignas(16) static const unsigned char noto_sans_devanagari[] = {
#embed "../../../Fonts/NotoSansDevanagari-Regular.ttf"
};
_Alignas(16) static const unsigned char noto_sans_thai[] = {
#embed "../../../Fonts/NotoSansThai-Regular.ttf"
};
_Alignas(16) static const unsigned char noto_sans_bold[] = {
#embed "../../../Fonts/NotoSans-Bold.ttf"
};
_Alignas(16) static const unsigned char noto_serif[] = {
#embed "../../../Fonts/NotoSerif-Regular.ttf"
};

#pragma clang diagnostic pop

static const struct {
    const char *name;
    const unsigned char *bytes;
    size_t count;
} fonts[] = {
    {"NotoSans-Regular.ttf", noto_sans, sizeof noto_sans},
    {"NotoSansArabic-Regular.ttf", noto_sans_arabic, sizeof noto_sans_arabic},
    {"NotoSansHebrew-Regular.ttf", noto_sans_hebrew, sizeof noto_sans_hebrew},
    {"NotoSansDevanagari-Regular.ttf", noto_sans_devanagari, sizeof noto_sans_devanagari},
    {"NotoSansThai-Regular.ttf", noto_sans_thai, sizeof noto_sans_thai},
    {"NotoSans-Bold.ttf", noto_sans_bold, sizeof noto_sans_bold},
    {"NotoSerif-Regular.ttf", noto_serif, sizeof noto_serif},
};

int pt_embedded_font_count(void) { return (int)(sizeof fonts / sizeof fonts[0]); }

const char *pt_embedded_font_name(int index) {
    if (index < 0 || index >= pt_embedded_font_count()) return NULL;
    return fonts[index].name;
}

const unsigned char *pt_embedded_font_data(int index, size_t *length) {
    if (index < 0 || index >= pt_embedded_font_count()) {
        if (length) *length = 0;
        return NULL;
    }
    if (length) *length = fonts[index].count;
    return fonts[index].bytes;
}
