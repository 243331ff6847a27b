"""One request, every door (issue #22): the test walks the library's option catalog and sets every label
key with its sample value through CLI flags, a scene file, `pathtext layout --batch`, the C library's
pt_options (as JSON and as the flag's text), Python and HTTP (`pathtext serve`), and gets the same
placements each time; they validate against schema/placements.schema.json.

The Swift door is tested in Swift; a further door can be added here through PATHTEXT_EXTRA_DOOR: a
command that reads one label request (JSON) on stdin and prints its placements JSON.
"""
import ctypes
import json
import os
import shlex
import subprocess
import urllib.request

import jsonschema
import pytest

import pathtext
from serving import Server
from conftest import ROOT

PLACEMENTS_SCHEMA = json.load(open(os.path.join(ROOT, "schema", "placements.schema.json")))

CURVE = "M 20 200 C 120 40 280 360 380 200"
BASE = {"text": "Every door", "path": CURVE}

# What some samples need beside them to show (minSize needs overflow shrink on a short path, ...).
CONTEXT = {k: v for k, v in json.load(open(os.path.join(ROOT, "fixtures", "doors", "context.json"))).items()
           if not k.startswith("__")}
# Keys whose sample leaves these placements unchanged even so: they show only in drawing (blend), or do
# not change this Latin text (lang, dir rtl, missingGlyphs error when every character is covered), or the
# given font covers it with or without the embedded stack (embeddedFonts). Every other key must change them.
# fontStretch: the test fonts have no family in more than one width, so the normal face is the nearest.
# fontOpticalSizing: no installed test font has an opsz axis (Roboto Flex's is checked against hb-shape in
# Tests/CLITests/CSSFontMatchCLITests.swift).
INERT = {"blend", "lang", "dir", "missingGlyphs", "embeddedFonts", "fontStretch", "fontOpticalSizing"}
# Keys only a scene has (a shape to follow): laid out through the scene door alone.
SCENE_ONLY = {"shape"}


def rows():
    return [r for r in pathtext.catalog()["label"]]


def request_without(key):
    """The base label with what `key`'s sample needs beside it."""
    request = dict(BASE)
    request.update(CONTEXT.get(key, {}))
    return request


def request_with(row):
    request = request_without(row["key"])
    if row["key"] == "runs":
        del request["text"]
    if row["key"] == "shape":
        del request["path"]
    request[row["key"]] = row["sample"]
    return request


def flag_words(sample, repeatable):
    """The command-line text of a sample (as Tests/PathTextEngineTests/CatalogDoorsTests.swift writes it)."""
    if isinstance(sample, bool):
        return ["true" if sample else "false"]
    if isinstance(sample, (int, float)):
        return [("%d" % sample) if float(sample).is_integer() else repr(sample)]
    if isinstance(sample, str):
        return [sample]
    if isinstance(sample, list):
        words = [w for item in sample for w in flag_words(item, False)]
        return words if repeatable else [",".join(words)]
    return [json.dumps(sample)]


def snake(key):
    return "".join("_" + c.lower() if c.isupper() else c for c in key)


@pytest.fixture(scope="module")
def server(cli_binary, fonts_dir):
    server = Server(cli_binary, fonts_dir, ["--fonts-dir", fonts_dir], inherit_env=True)
    yield server.base
    server.close()


@pytest.fixture(scope="module")
def c_api(engine):
    """pt_options_set + pt_layout_options_json, through ctypes."""
    lib = engine._lib
    err = ctypes.POINTER(ctypes.c_void_p)
    lib.pt_options_add.restype = ctypes.c_int
    lib.pt_options_add.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, err]
    lib.pt_layout_options_json.restype = ctypes.c_int
    lib.pt_layout_options_json.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_void_p,
                                           ctypes.POINTER(ctypes.c_void_p), err]

    def layout(pairs):
        """pairs: (key, [value, …]) — the first value set, the others added."""
        handle = lib.pt_options_new()
        try:
            error = ctypes.c_void_p()
            for key, values in pairs:
                for k, value in enumerate(values):
                    call = lib.pt_options_set if k == 0 else lib.pt_options_add
                    status = call(handle, key.encode(), value.encode("utf-8"), ctypes.byref(error))
                    assert status == 0, pathtext._take_string(lib, error.value)
            out = ctypes.c_void_p()
            with engine._using() as engine_handle:
                status = lib.pt_layout_options_json(engine_handle, None, None, handle, ctypes.byref(out), ctypes.byref(error))
            assert status == 0, pathtext._take_string(lib, error.value)
            return json.loads(pathtext._take_string(lib, out.value))
        finally:
            lib.pt_options_free(handle)
    return layout


def test_the_catalog_has_a_sample_for_every_key():
    keys = [r["key"] for r in rows()]
    assert len(keys) >= 38 and len(set(keys)) == len(keys)
    assert [r["key"] for r in rows() if r["sample"] is None] == []
    assert {"haloWidth", "decoration", "writingMode", "textOrientation", "repeat", "dx", "runs", "fontFamily",
            "closedPath", "missingGlyphs"} <= set(keys)


@pytest.mark.parametrize("key", [r["key"] for r in pathtext.catalog()["label"]])
def test_every_door_gives_the_same_placements(key, engine, cli, c_api, server, tmp_path):
    row = next(r for r in rows() if r["key"] == key)
    request = request_with(row)
    scene = {"width": 400, "height": 300, "labels": [request]}
    if key in SCENE_ONLY:
        scene["shapes"] = [{"type": "circle", "id": row["sample"], "center": [200, 150], "radius": 100}]
    scene_file = tmp_path / "scene.json"
    scene_file.write_text(json.dumps(scene, ensure_ascii=False))
    r = cli("render", str(scene_file), "--out", str(tmp_path / "scene.png"), "--json", "-")
    assert r.returncode == 0, r.stderr.decode()
    through_scene = json.loads(r.stdout)
    if key in SCENE_ONLY:
        assert sum(len(l["glyphs"]) for l in through_scene["labels"]) == len(BASE["text"])
        return

    doors = {"scene file": through_scene}
    # Python, the keys in snake_case.
    doors["python"] = engine.layout(**{snake(k): v for k, v in request.items()})
    # --batch: one request per line.
    r = cli("layout", "--batch", stdin=(json.dumps(request, ensure_ascii=False) + "\n").encode())
    assert r.returncode == 0, r.stderr.decode()
    doors["batch"] = json.loads(r.stdout)
    # C: pt_options_set with JSON values, and with the flags' text.
    doors["C (JSON)"] = c_api([(k, [json.dumps(v, ensure_ascii=False)]) for k, v in request.items()])
    by_row = {x["key"]: x for x in rows()}
    if row["flag"]:
        doors["C (text)"] = c_api([(k, flag_words(v, by_row[k]["repeatable"])) for k, v in request.items()])
        # CLI flags.
        args = ["layout"]
        for k, v in request.items():
            for w in flag_words(v, by_row[k]["repeatable"]):
                args += ["--" + by_row[k]["flag"], w]
        r = cli(*args)
        assert r.returncode == 0, (args, r.stderr.decode())
        doors["CLI flags"] = json.loads(r.stdout)
    # HTTP.
    post = urllib.request.Request(server + "/api/layout", data=json.dumps(request).encode(), method="POST",
                                  headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(post, timeout=20) as response:
        doors["HTTP"] = json.loads(response.read())
    extra = os.environ.get("PATHTEXT_EXTRA_DOOR")
    if extra:
        r = subprocess.run(shlex.split(extra), input=json.dumps(request).encode(), capture_output=True)
        assert r.returncode == 0, r.stderr.decode()
        doors["extra"] = json.loads(r.stdout)

    reference = json.loads(engine.layout_json(request))
    jsonschema.validate(reference, PLACEMENTS_SCHEMA)
    jsonschema.validate(doors["HTTP"], PLACEMENTS_SCHEMA)
    for name, placements in doors.items():
        assert placements == reference, "%s: %s differs from the JSON request's placements" % (key, name)
    if key not in INERT:
        assert reference != json.loads(engine.layout_json(request_without(key))), "%s's sample %r changes nothing" % (key, row["sample"])
