#include <png.h>

/// Macros built from other macros, which Swift does not import.
static const png_uint_32 PT_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 PT_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
