#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_MULTIPLE_MASTERS_H
#include FT_TRUETYPE_TABLES_H
#include FT_BBOX_H

/// Function-like macros Swift cannot import.
static const FT_Int32 PT_LOAD_NO_HINTING_NO_BITMAP = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
static const FT_Int32 PT_LOAD_TARGET_NORMAL = FT_LOAD_TARGET_NORMAL;
#include FT_COLOR_H

/// Loads a glyph's colour layers or colour bitmap (FT_LOAD_COLOR), unhinted.
static const FT_Int32 PT_LOAD_COLOR = FT_LOAD_COLOR | FT_LOAD_NO_HINTING;
