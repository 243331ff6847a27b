"""The option catalog from the library, in Python: help() and the docstring list every option, and every
request (labels, runs, shapes of a scene) takes snake_case keys as well as camelCase."""
import pydoc

import pathtext

CURVE = "M 20 200 C 120 40 280 360 380 200"


def test_help_lists_every_option_of_the_library_s_catalog():
    text = pydoc.render_doc(pathtext.Engine.layout, renderer=pydoc.plaintext)
    rows = pathtext.options()
    assert len(rows) >= 40
    for row in rows:
        assert "%s / %s:" % (row["name"], row["key"]) in text, row["key"]
    for group in pathtext.catalog()["groups"]:
        assert group["title"] + ":" in text
    assert {"halo_width", "writing_mode", "decoration_skip_ink", "system_fonts", "missing_glyphs"} <= {r["name"] for r in rows}


def test_scene_dicts_take_snake_case_at_every_level(engine):
    camel = {"width": 300, "height": 120, "background": "#ffffff",
             "shapes": [{"type": "path", "d": "M 10 100 L 290 100", "stroke": "#334155", "strokeWidth": 3}],
             "labels": [{"runs": [{"text": "Snake ", "letterSpacing": 4}, {"text": "case", "fontFamily": ["DejaVu Sans"]}],
                         "path": "M 10 90 L 290 90", "haloWidth": 2, "haloColor": "#ff0000", "decorationSkipInk": True, "decoration": "underline"}]}
    snake = {"width": 300, "height": 120, "background": "#ffffff",
             "shapes": [{"type": "path", "d": "M 10 100 L 290 100", "stroke": "#334155", "stroke_width": 3}],
             "labels": [{"runs": [{"text": "Snake ", "letter_spacing": 4}, {"text": "case", "font_family": ["DejaVu Sans"]}],
                         "path": "M 10 90 L 290 90", "halo_width": 2, "halo_color": "#ff0000", "decoration_skip_ink": True, "decoration": "underline"}]}
    assert engine.render(snake) == engine.render(camel)
    assert engine.render(snake, "svg") == engine.render(camel, "svg")
    plain = dict(camel, labels=[dict(camel["labels"][0], haloWidth=0)])
    assert engine.render(plain) != engine.render(camel)
    # A label's runs too.
    assert engine.layout(runs=[{"text": "A", "letter_spacing": 9}], path=CURVE) == \
        engine.layout(runs=[{"text": "A", "letterSpacing": 9}], path=CURVE)


def test_system_fonts_is_an_engine_switch(fonts_dir):
    with pathtext.Engine(fonts_dir=fonts_dir, system_fonts=False) as e:
        assert e.system_fonts is False
        glyphs = e.layout(text="東", path=CURVE)["labels"][0]["glyphs"]
        assert [g["glyph"] for g in glyphs] == [0]


def test_embedded_fonts_by_the_names_the_placements_give_them(fonts_dir):
    names = pathtext.embedded_fonts()
    assert "NotoSans-Regular.ttf" in names
    data = pathtext.embedded_font("NotoSans-Regular.ttf")
    assert data[:4] == b"\0\1\0\0"
    # The same bytes as the installed font file of that name.
    with open(fonts_dir + "/NotoSans-Regular.ttf", "rb") as f:
        assert f.read() == data
    try:
        pathtext.embedded_font("Comic.ttf")
        raise AssertionError("expected an error")
    except pathtext.Error as e:
        assert "no embedded font" in str(e)
