"""render_label: one label to PNG, SVG or RGBA pixels, the canvas fitted to the glyphs."""
import struct

import pytest

import pathtext
from test_freetype_draw import decode_png

PNG = b"\x89PNG\r\n\x1a\n"


def png_size(data):
    assert data.startswith(PNG)
    return struct.unpack(">II", data[16:24])


def png_pixels(data):
    """The pixels of an 8-bit RGBA, non-interlaced PNG (what the library writes) as bytes."""
    _, _, rows = decode_png(data)
    return b"".join(bytes(row) for row in rows)


def test_render_label_returns_png_bytes():
    data = pathtext.render_label("Hi", "M0 0 L100 0")
    assert type(data) is bytes and data.startswith(PNG)
    width, height = png_size(data)
    # Fitted: about the text's size, not the path's 100 px nor an empty canvas.
    size = pathtext.Engine().layout("Hi", "M0 0 L100 0")["labels"][0]["size"]
    assert size <= width <= 2 * size and size <= height <= 2 * size, (width, height, size)


def test_the_fitted_canvas_holds_every_inked_pixel_inside_its_margin():
    image = pathtext.render_label("Hello, curved world", "M 20 200 C 120 40 280 360 380 200", format="rgba",
                                  size=40, align="center")
    w, h, px = image.width, image.height, image.tobytes()
    inked = [(i // 4 % w, i // 4 // w) for i in range(3, len(px), 4) if px[i]]
    assert len(inked) > 2000
    xs, ys = [p[0] for p in inked], [p[1] for p in inked]
    assert min(xs) >= 1 and min(ys) >= 1 and max(xs) <= w - 2 and max(ys) <= h - 2
    # ... and the margin is the library's: the ink box plus 8 px, rounded out (a pixel of antialiasing either way).
    assert max(min(xs), min(ys), w - 1 - max(xs), h - 1 - max(ys)) <= 10, (w, h, min(xs), max(xs), min(ys), max(ys))
    assert min(min(xs), min(ys), w - 1 - max(xs), h - 1 - max(ys)) >= 6, (w, h, min(xs), max(xs), min(ys), max(ys))


def test_rgba_is_the_png_s_pixels():
    png = pathtext.render_label("Ag", "M 0 0 L 80 0", size=30, color="#2563eb")
    image = pathtext.render_label("Ag", "M 0 0 L 80 0", size=30, color="#2563eb", format="rgba")
    assert (image.width, image.height) == png_size(png)
    assert image.tobytes() == png_pixels(png)
    view = memoryview(image.data)
    assert view.shape == (image.height, image.width, 4) and view.readonly


def test_svg_is_an_svg_document():
    svg = pathtext.render_label("Hi", "M0 0 L100 0", format="svg")
    assert type(svg) is bytes and b"<svg" in svg[:200] and b"<path" in svg


def test_a_fixed_canvas_keeps_the_paths_coordinates():
    data = pathtext.render_label("Hi", "M 10 50 L 190 50", width=200, height=80, background="#ffffff")
    assert png_size(data) == (200, 80)


def test_bad_input_is_an_error():
    with pytest.raises(pathtext.Error, match="format"):
        pathtext.render_label("Hi", "M0 0 L100 0", format="gif")
    with pytest.raises(pathtext.Error, match="path"):
        pathtext.render_label("Hi", "M0 0 L")
    with pytest.raises(pathtext.Error, match="size"):
        pathtext.render_label("Hi", "M0 0 L100 0", size=-3)


def test_numpy_array_without_a_copy():
    import numpy
    image = pathtext.render_label("Hi", "M0 0 L100 0", format="rgba", color="#ff0000")
    array = numpy.asarray(image)
    assert array.shape == (image.height, image.width, 4) and array.dtype == numpy.uint8
    assert array.base is image or array.base is not None
    # No copy: the array's memory is the library's buffer.
    assert array.__array_interface__["data"][0] == image.__array_interface__["data"][0]
    opaque = array[array[:, :, 3] == 255]
    assert len(opaque) > 20 and (opaque[:, 0] == 255).all() and (opaque[:, 1] == 0).all()


def test_pillow_image():
    from PIL import Image
    image = pathtext.render_label("Hi", "M0 0 L100 0", format="rgba")
    pil = image.to_pil()
    assert isinstance(pil, Image.Image) and pil.mode == "RGBA" and pil.size == (image.width, image.height)
    assert pil.tobytes() == image.tobytes()


def test_one_default_engine_per_process():
    assert pathtext.default_engine() is pathtext.default_engine()


def test_help_lists_every_option():
    doc = pathtext.render_label.__doc__
    for row in pathtext.options():
        assert "%s / %s:" % (row["name"], row["key"]) in doc


def test_rgba_of_an_svg_document_is_its_png_s_pixels(engine):
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">'
           '<text x="10" y="30" font-size="20" fill="#000">SVG in</text></svg>')
    image = engine.render_rgba(svg)
    assert (image.width, image.height) == (120, 40)
    assert image.tobytes() == png_pixels(engine.render(svg))
