"""The module-level API: pathtext.layout, place, check and render_label over the default engine, type hints
on every public function, and help() text that lists every option of the library's catalog."""
import inspect
import json
import os
import subprocess
import typing

import pytest

import pathtext
import pathtext.dask
from conftest import ROOT

SCENE = os.path.join(ROOT, "examples", "check", "welcome.json")
STRINGS = os.path.join(ROOT, "examples", "check", "welcome.csv")


def test_layout_is_the_engines(engine):
    assert pathtext.layout("Hello", "M 0 100 L 400 100", size=30, letter_spacing=2) == \
        engine.layout(text="Hello", path="M 0 100 L 400 100", size=30, letterSpacing=2)
    with pytest.raises(pathtext.Error, match="align"):
        pathtext.layout("Hello", "M 0 100 L 400 100", align="middle-ish")


def test_place_is_the_engines(engine):
    tile = {"width": 300, "height": 200, "labels": [{"text": "Main Street", "path": "M 10 100 L 290 100", "size": 16}]}
    assert pathtext.place(tile) == engine.place(tile)
    assert pathtext.place(json.dumps(tile))["placed"][0]["request"] == 0


def test_check_answers_as_the_cli_does(cli):
    result = pathtext.check(SCENE, STRINGS, shipped_fonts_only=True)
    by_locale = {r["locale"]: r for r in result["results"]}
    assert list(by_locale) == ["en", "de", "ru", "ar", "ja"]
    assert by_locale["en"]["result"] == "fits" and by_locale["en"]["issues"] == []
    assert by_locale["de"]["result"] == "shrunk" and round(by_locale["de"]["size"]) == 32
    assert by_locale["ru"]["issues"] == ["overflow"]
    assert by_locale["ja"]["missing"] == ["U+3088", "U+3046", "U+3053", "U+305D"]
    assert by_locale["ar"]["fallbackFonts"] == [{"name": "NotoSansArabic-Regular.ttf", "system": False}]
    assert result["summary"] == "5 labels in 5 locales: 1 overflow, 1 shrunk, 1 missing, 1 fallback"
    # The same report as `pathtext check --json`.
    run = cli("check", SCENE, "--strings", STRINGS, "--shipped-fonts-only", "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == result


def test_check_takes_dicts_and_the_scenes_text():
    scene = json.load(open(SCENE, encoding="utf-8"))
    strings = {"de": {"Welcome": "Herzlich willkommen"}, "ja": {"labels[0]": "ようこそ"}}
    result = pathtext.check(json.dumps(scene), strings, shipped_fonts_only=True)
    assert [(r["locale"], r["key"], r["text"]) for r in result["results"]] == \
        [("de", "Welcome", "Herzlich willkommen"), ("ja", "labels[0]", "ようこそ")]
    assert pathtext.check(scene, strings, shipped_fonts_only=True) == result


def test_check_names_what_is_wrong():
    with pytest.raises(pathtext.Error, match="stringsFile: .*cannot read"):
        pathtext.check(SCENE, "/no/such/strings.csv")
    with pytest.raises(pathtext.Error, match=r"scene: labels\[0\]\.align"):
        pathtext.check({"width": 10, "height": 10, "labels": [{"text": "a", "path": "M0 0 L9 0", "align": "x"}]}, {"de": {}})
    with pytest.raises(pathtext.Error, match="strings: .*expected"):
        pathtext.check(SCENE, {"de": "not an object"})


def test_help_lists_every_option():
    rows = pathtext.options()
    assert len(rows) >= 40
    for function in (pathtext.layout, pathtext.render_label, pathtext.Engine.layout):
        doc = inspect.getdoc(function)
        for row in rows:
            assert "%s / %s:" % (row["name"], row["key"]) in doc, "%s's help lacks %s" % (function.__name__, row["key"])
            assert row["help"] in doc


def _public_functions():
    modules = [pathtext, pathtext.dask]
    for module in modules:
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isfunction(value):
                yield "%s.%s" % (module.__name__, name), value
            elif inspect.isclass(value) and not issubclass(value, Exception):
                for attr, member in vars(value).items():
                    if inspect.isfunction(member) and (not attr.startswith("_") or attr == "__init__"):
                        yield "%s.%s.%s" % (module.__name__, name, attr), member


def test_every_public_function_has_type_hints():
    checked = 0
    for name, function in _public_functions():
        hints = typing.get_type_hints(function, localns=vars(pathtext))  # _render names Engine for type checkers only
        parameters = [p for p in inspect.signature(function).parameters.values() if p.name != "self"]
        missing = [p.name for p in parameters if p.name not in hints]
        assert not missing and "return" in hints, "%s lacks type hints for %s" % (name, missing or ["return"])
        checked += 1
    assert checked >= 25
    assert os.path.exists(os.path.join(os.path.dirname(pathtext.__file__), "py.typed"))


def test_render_label_declares_what_each_format_gives():
    overloads = typing.get_overloads(pathtext.render_label) if hasattr(typing, "get_overloads") else []
    if overloads:  # Python 3.11+
        assert [typing.get_type_hints(o)["return"] for o in overloads] == [bytes, pathtext.RGBAImage]
    assert isinstance(pathtext.render_label("Hi", "M0 0 L100 0", format="rgba"), pathtext.RGBAImage)
