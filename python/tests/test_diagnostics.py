"""Diagnostics as data in Python: a list of dicts with stable codes, the same through the placements JSON and
through the C library's pt_label."""
import pytest

import pathtext

CURVE = "M 20 200 C 120 40 280 360 380 200"


@pytest.fixture(scope="module")
def isolated(fonts_dir):
    with pathtext.Engine(fonts_dir=fonts_dir, system_fonts=False) as e:
        yield e


def test_without_system_fonts_japanese_is_notdef_with_its_code_points(isolated, engine):
    placements = isolated.layout(text="東京", path="M 0 0 L 300 0")
    assert [g["glyph"] for g in placements["labels"][0]["glyphs"]] == [0, 0]
    found = isolated.diagnostics(text="東京", path="M 0 0 L 300 0")
    assert [(d["code"], d["clusters"], d["codePoints"], d["font"]) for d in found] == [
        ("missing-glyph", [0], [0x6771], "NotoSans-Regular.ttf"), ("missing-glyph", [3], [0x4EAC], "NotoSans-Regular.ttf")]
    # With the system's fonts (IPAex Gothic from scripts/install-deps) nothing is missing.
    assert engine.diagnostics(text="東京", path="M 0 0 L 300 0") == []
    assert all(g["glyph"] != 0 for g in engine.layout(text="東京", path="M 0 0 L 300 0")["labels"][0]["glyphs"])


@pytest.mark.parametrize("options,code", [
    ({"text": "東京", "path": "M 0 0 L 300 0"}, "missing-glyph"),
    ({"text": "A label far too long", "path": "M 0 0 L 100 0", "overflow": "shrink", "min_size": 10}, "shrunk"),
    ({"text": "A label far too long", "path": "M 0 0 L 100 0", "overflow": "ellipsis"}, "truncated"),
    ({"text": "Sharp", "path": "M 0 100 L 60 100 L 60 40", "max_angle": 5}, "rejected-turn"),
    ({"text": "A label far too long", "path": "M 0 0 L 60 0"}, "dropped-clusters"),
])
def test_the_c_library_and_the_placements_json_give_the_same_diagnostics(isolated, options, code):
    from_json = isolated.diagnostics(**options)
    assert from_json and from_json[0]["code"] == code
    through_c = isolated._c_diagnostics(**options)
    assert [sorted(d) for d in through_c] == [sorted(d) for d in from_json]
    for c, j in zip(through_c, from_json):
        for name, value in j.items():
            # The JSON writes numbers to 6 decimals; the C library gives the doubles.
            assert c[name] == pytest.approx(value, abs=1e-6) if isinstance(value, float) else c[name] == value, name
    if code == "shrunk":
        assert from_json[0]["from"] == 32 and 10 <= from_json[0]["to"] < 32 and from_json[0]["fits"] is True
    if code == "rejected-turn":
        assert from_json[0]["limit"] == 5 and from_json[0]["degrees"] > 5
