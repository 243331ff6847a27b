"""The request settings, every door: the test walks the catalog's "settings" rows (fontsDir, systemFonts,
timeLimit, format, ink, strict; catalog()["settings"]) and sets each through the CLI's flag, Python's Engine
keyword (the C library's pt_engine_new_json underneath), and HTTP (a request setting as a query
parameter, an engine setting as a `pathtext serve` flag). Each door must show the setting's effect, and
all must show the same one; a setting a door forgets fails here.
"""
import json
import os
import subprocess
import urllib.request

import pytest

import pathtext
from serving import Server

CURVE = "M 20 200 C 120 40 280 360 380 200"
# An SVG document with an element the reader does not draw (a filter primitive, feTurbulence): a warning,
# or with strict an error.
FILTERED_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><filter id="f">'
                '<feTurbulence baseFrequency="0.05"/></filter><text x="10" y="50" filter="url(#f)">Hi</text></svg>')


def settings_rows():
    return pathtext.catalog()["settings"]


def snake(key):
    return "".join("_" + c.lower() if c.isupper() else c for c in key)


def value_of(row, copied_fonts):
    """The setting's value for the walk: its catalog sample, or for the fonts folder a copy of the installed
    fonts (so that the placements' font paths show which folder was read)."""
    return copied_fonts if row["key"] == "fontsDir" else row["sample"]


@pytest.fixture(scope="module")
def copied_fonts(fonts_dir, tmp_path_factory):
    folder = tmp_path_factory.mktemp("settings-fonts")
    for name in os.listdir(fonts_dir):
        with open(os.path.join(fonts_dir, name), "rb") as src, open(folder / name, "wb") as dst:
            dst.write(src.read())
    return str(folder)


# What each setting changes, as something the test can compare: (what to run, what to read off the answer).
# "layout" runs a label request, "render" a scene, "svg" an SVG document.
PROBES = {
    "fontsDir": ("layout", {"text": "Hi", "path": CURVE}, lambda a: "settings-fonts" in (a.get("fonts") or [{}])[0].get("path", "")),
    "systemFonts": ("layout", {"text": "東", "path": CURVE}, lambda a: [g["glyph"] for g in a["labels"][0]["glyphs"]] == [0]),
    # A server past its time limit before the request's turn answers 503 "busy" (the limit counts waiting too).
    "timeLimit": ("layout", {"text": "Hi", "path": CURVE},
                  lambda a: "error" in a and ("time limit" in a["error"] or a["error"].startswith("the server is busy"))),
    "format": ("render", {"fitCanvas": 8, "labels": [{"text": "Hi", "path": CURVE}]},
               lambda a: b"<svg " in a.get("bytes", b"")[:100]),
    "ink": ("layout", {"text": "Hi", "path": CURVE}, lambda a: "ink" in a["labels"][0]["glyphs"][0]),
    "strict": ("svg", FILTERED_SVG, lambda a: "error" in a and "filter" in a["error"]),
}


def test_every_setting_has_a_probe_and_a_flag():
    keys = [r["key"] for r in settings_rows()]
    assert keys == ["fontsDir", "systemFonts", "timeLimit", "format", "ink", "strict"]
    assert set(PROBES) == set(keys)
    for row in settings_rows():
        assert row["flag"] and row["scope"] in ("engine", "request"), row
        assert row["key"] == "fontsDir" or row["sample"] is not None, row


def python_door(row, value, fonts_dir):
    kind, request, _ = PROBES[row["key"]]
    settings = {snake(row["key"]): value}
    if row["key"] != "fontsDir":
        settings["fonts_dir"] = fonts_dir
    try:
        with pathtext.Engine(**settings) as e:
            if kind == "layout":
                return e.layout(**request)
            if kind == "render":
                return {"bytes": e.render(request)}
            return {"bytes": e.render(request)}
    except pathtext.Error as error:
        return {"error": str(error)}


def cli_door(row, value, cli_binary, fonts_dir, tmp_path):
    kind, request, _ = PROBES[row["key"]]
    flag = ["--" + row["flag"]] + ([] if row["switch"] else [str(value)])
    env = {} if row["key"] == "fontsDir" else {"PATHTEXT_FONTS": fonts_dir}
    if kind == "layout":
        args = ["layout", "--text", request["text"], "--path", request["path"]]
        r = subprocess.run([cli_binary, *args, *flag], capture_output=True, env=env)
        return json.loads(r.stdout) if r.returncode == 0 else {"error": r.stderr.decode()}
    source = tmp_path / ("scene.json" if kind == "render" else "doc.svg")
    source.write_text(json.dumps(request) if kind == "render" else request)
    r = subprocess.run([cli_binary, "render", str(source), "--out", "-", *flag], capture_output=True, env=env)
    return {"bytes": r.stdout} if r.returncode == 0 else {"error": r.stderr.decode()}


@pytest.fixture(scope="module")
def plain_server(cli_binary, fonts_dir):
    server = Server(cli_binary, fonts_dir, [])
    yield server
    server.close()


def http_door(row, value, cli_binary, fonts_dir, plain_server):
    kind, request, _ = PROBES[row["key"]]
    if row["scope"] == "engine":
        flag = ["--" + row["flag"]] + ([] if row["switch"] else [str(value)])
        server, query = Server(cli_binary, fonts_dir, flag), ""
    else:
        server, query = plain_server, "?%s=%s" % (row["key"], "1" if row["switch"] else value)
    try:
        if kind == "layout":
            return server.post("/api/layout", json.dumps(request).encode(), "application/json", query)
        if kind == "render":
            return server.post("/api/render", json.dumps(request).encode(), "application/json", query)
        return server.post("/api/render", request.encode(), "application/json", query)  # the API takes JSON only; the body is recognised as SVG
    finally:
        if server is not plain_server:
            server.close()


@pytest.mark.parametrize("key", [r["key"] for r in pathtext.catalog()["settings"]])
def test_every_door_takes_every_setting(key, cli_binary, fonts_dir, copied_fonts, plain_server, tmp_path):
    row = next(r for r in settings_rows() if r["key"] == key)
    value = value_of(row, copied_fonts)
    _, _, shows = PROBES[key]
    # Without the setting, no door shows its effect (Python's default engine; the installed fonts).
    with pathtext.Engine() as e:
        kind, request, _ = PROBES[key]
        default = e.layout(**request) if kind == "layout" else {"bytes": e.render(request)}
    assert not shows(default), "%s: the default already shows the effect" % key
    doors = {
        "python (pt_engine_new_json)": python_door(row, value, fonts_dir),
        "CLI --" + row["flag"]: cli_door(row, value, cli_binary, fonts_dir, tmp_path),
        "HTTP": http_door(row, value, cli_binary, fonts_dir, plain_server),
    }
    for door, answer in doors.items():
        assert shows(answer), "%s through %s: %r" % (key, door, str(answer)[:300])


def test_an_unknown_setting_is_a_type_error_with_the_nearest_name():
    with pytest.raises(TypeError, match=r"unexpected setting 'time_limt' \(did you mean 'time_limit'\?\)"):
        pathtext.Engine(time_limt=2)


def test_a_bad_setting_value_names_the_key():
    with pytest.raises(pathtext.Error, match=r"timeLimit: expected"):
        pathtext.Engine(time_limit=-1)
    with pytest.raises(pathtext.Error, match=r"format: expected png\|svg"):
        pathtext.Engine(format="gif")


def test_the_engine_s_format_is_the_default_of_render_and_a_call_may_override_it(fonts_dir):
    scene = {"fitCanvas": 8, "labels": [{"text": "Hi", "path": CURVE}]}
    with pathtext.Engine(fonts_dir=fonts_dir, format="svg") as e:
        assert b"<svg " in e.render(scene)[:100]
        assert e.render(scene, "png").startswith(b"\x89PNG")


def test_an_error_names_its_key(engine):
    """Error.key is where the bad value is (the library's pt_error_key), as the message names it."""
    with pytest.raises(pathtext.Error) as bad_size:
        engine.layout_json({"text": "Hi", "path": CURVE, "size": -3})
    assert bad_size.value.key == "size" and str(bad_size.value).startswith("size: ")
    with pytest.raises(pathtext.Error) as bad_label:
        engine.render({"width": 100, "height": 50, "labels": [{"text": "A", "path": "M 0 0 L 9 0"},
                                                             {"text": "B", "path": "M 0 0 L 9 0", "align": "sideways"}]})
    assert bad_label.value.key == "labels[1].align"
    with pytest.raises(pathtext.Error) as bad_setting:
        pathtext.Engine(time_limit=-1)
    assert bad_setting.value.key == "timeLimit"
    with pytest.raises(pathtext.Error) as nan:
        engine.layout_json({"text": "Hi", "path": CURVE, "size": float("nan")})
    assert nan.value.key == "size"
    # The key survives pickling (Dask sends a task's exception back).
    import pickle
    again = pickle.loads(pickle.dumps(bad_label.value))
    assert again.key == "labels[1].align" and str(again) == str(bad_label.value)
