"""Draws PathText's placements with Cairo: PathText shapes and places the text, Cairo fills the glyphs.

Each glyph of the placements JSON names its font (a file, or a font compiled into the library), its glyph
id, its size and a transform from the glyph's outline (in pixels, y down) to the canvas. FreeType
(freetype-py) gives the outline; Cairo draws it through that transform, halo first, then the fill.

    python draw_with_cairo.py out.png        (pip install pathtext cairocffi freetype-py)
"""
import io
import sys

import freetype
import pathtext

try:
    import cairo  # pycairo
except ImportError:
    import cairocffi as cairo


def open_face(font):
    """A FreeType face for an entry of the placements' "fonts" table."""
    if font.get("path"):
        return freetype.Face(font["path"], font.get("faceIndex", 0))
    return freetype.Face(io.BytesIO(pathtext.embedded_font(font["embedded"])), font.get("faceIndex", 0))


def outline_path(ctx, face, glyph):
    """Adds the glyph's outline, in pixels with y down, to the context's path."""
    face.load_glyph(glyph, freetype.FT_LOAD_NO_HINTING | freetype.FT_LOAD_NO_BITMAP)

    def point(v):
        return v.x / 64, -v.y / 64

    def move_to(a, _):
        if ctx.has_current_point():
            ctx.close_path()
        ctx.move_to(*point(a))

    def line_to(a, _):
        ctx.line_to(*point(a))

    def conic_to(a, b, _):  # a quadratic Bézier, drawn as the cubic it is
        (x0, y0), (x1, y1), (x2, y2) = ctx.get_current_point(), point(a), point(b)
        ctx.curve_to(x0 + 2 / 3 * (x1 - x0), y0 + 2 / 3 * (y1 - y0), x2 + 2 / 3 * (x1 - x2), y2 + 2 / 3 * (y1 - y2), x2, y2)

    def cubic_to(a, b, c, _):
        ctx.curve_to(*point(a), *point(b), *point(c))

    face.glyph.outline.decompose(None, move_to=move_to, line_to=line_to, conic_to=conic_to, cubic_to=cubic_to)
    if ctx.has_current_point():
        ctx.close_path()


def rgba(color):
    """#RRGGBB or #RRGGBBAA as Cairo's 0..1 components."""
    values = [int(color[i:i + 2], 16) / 255 for i in range(1, len(color), 2)]
    return values + [1.0] * (4 - len(values))


def draw(placements, width, height, background=None):
    """A Cairo image surface with every label of the placements drawn on it."""
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    ctx = cairo.Context(surface)
    if background:
        ctx.set_source_rgba(*rgba(background))
        ctx.paint()
    faces = {}
    for label in placements["labels"]:
        halo = label.get("halo")
        for painting in (["halo"] if halo else []) + ["fill"]:
            for g in label["glyphs"]:
                face = faces.get(g["fontIndex"])
                if face is None:
                    face = faces[g["fontIndex"]] = open_face(placements["fonts"][g["fontIndex"]])
                face.set_char_size(int(round(g["size"] * 64)))
                a, b, c, d, e, f = g["transform"]
                ctx.save()
                ctx.transform(cairo.Matrix(a, b, c, d, e, f))
                outline_path(ctx, face, g["glyph"])
                ctx.restore()  # the path stays, in canvas coordinates
                if painting == "halo":
                    ctx.set_source_rgba(*rgba(halo["color"]))
                    ctx.set_line_width(2 * halo["width"])
                    ctx.set_line_join(cairo.LINE_JOIN_ROUND)
                    ctx.stroke()
                else:
                    ctx.set_source_rgba(*rgba(g["color"]))
                    ctx.fill()
    surface.flush()
    return surface


def main(out):
    label = {"text": "Drawn by Cairo", "path": "M 20 170 C 120 40 300 40 400 160", "size": 44, "align": "center",
             "color": "#1d4ed8", "halo_width": 3, "halo_color": "#fde68a"}
    placements = pathtext.layout(**label)
    draw(placements, 420, 200, background="#ffffff").write_to_png(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "cairo.png")
