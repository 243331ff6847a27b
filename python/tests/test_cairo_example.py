"""examples/python/draw_with_cairo.py, the "own renderer" article's example: Cairo draws the placements and
the picture matches PathText's own."""
import importlib.util
import os

import numpy
import pytest

import pathtext
from conftest import ROOT

EXAMPLE = os.path.join(ROOT, "examples", "python", "draw_with_cairo.py")
ARTICLE = os.path.join(ROOT, "Sources", "Doors", "PathText", "PathText.docc", "OwnRenderer.md")
LABEL = {"runs": [{"text": "Cairo draws "}, {"text": "שלום", "color": "#b45309"}], "path": "M 20 170 C 120 20 300 20 420 150",
         "size": 34, "align": "center", "color": "#1d4ed8", "halo_width": 3, "halo_color": "#fde68a"}
WIDTH, HEIGHT = 440, 200


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("draw_with_cairo", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cairo_pixels(surface):
    """A Cairo ARGB32 surface (premultiplied, little-endian BGRA) as straight RGB, 0..255 floats."""
    data = numpy.frombuffer(surface.get_data(), dtype=numpy.uint8).reshape(surface.get_height(), surface.get_stride())
    bgra = data[:, :surface.get_width() * 4].reshape(surface.get_height(), surface.get_width(), 4).astype(float)
    alpha = bgra[:, :, 3:4] / 255
    return numpy.where(alpha > 0, bgra[:, :, 2::-1] / numpy.maximum(alpha, 1e-9), 0)


def test_the_article_shows_the_example():
    code = open(EXAMPLE, encoding="utf-8").read()
    article = open(ARTICLE, encoding="utf-8").read()
    assert "```python\n" + code + "```\n" in article


def test_cairo_draws_what_pathtext_draws(example, engine):
    placements = engine.layout(**LABEL)
    assert placements["labels"][0]["halo"] == {"width": 3, "color": "#fde68a"}
    theirs = cairo_pixels(example.draw(placements, WIDTH, HEIGHT, background="#ffffff"))
    scene = {"width": WIDTH, "height": HEIGHT, "background": "#ffffff", "labels": [pathtext.Engine._label_request(None, None, LABEL)]}
    ours = numpy.asarray(engine.render_rgba(scene))[:, :, :3].astype(float)
    assert ours.shape == theirs.shape == (HEIGHT, WIDTH, 3)

    inked = (ours < 250).any(axis=2) | (theirs < 250).any(axis=2)
    mean = numpy.abs(ours - theirs)[inked].mean()
    blue_ours = ((ours[:, :, 2] > 150) & (ours[:, :, 0] < 100)).sum()
    blue_theirs = ((theirs[:, :, 2] > 150) & (theirs[:, :, 0] < 100)).sum()
    halo_ours = ((ours[:, :, 0] > 240) & (ours[:, :, 2] < 180)).sum()
    halo_theirs = ((theirs[:, :, 0] > 240) & (theirs[:, :, 2] < 180)).sum()
    print("mean difference %.2f of 255 over %d inked pixels; fill %d vs %d px, halo %d vs %d px"
          % (mean, inked.sum(), blue_ours, blue_theirs, halo_ours, halo_theirs))
    assert inked.sum() > 4000 and blue_ours > 1000 and halo_ours > 1000
    assert abs(blue_ours - blue_theirs) / blue_ours < 0.03
    assert abs(halo_ours - halo_theirs) / halo_ours < 0.03
    assert mean < 6

    # Without the glyphs' rotation the same measures fail by far.
    flat = {"fonts": placements["fonts"], "labels": [dict(placements["labels"][0], glyphs=[
        dict(g, transform=[1, 0, 0, 1, g["x"], g["y"]]) for g in placements["labels"][0]["glyphs"]])]}
    wrong = cairo_pixels(example.draw(flat, WIDTH, HEIGHT, background="#ffffff"))
    assert numpy.abs(ours - wrong)[inked].mean() > 4 * mean


def test_the_example_writes_a_png(example, tmp_path):
    out = tmp_path / "cairo.png"
    example.main(str(out))
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
