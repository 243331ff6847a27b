"""Real placements, from the library and from the CLI, validate against schema/placements.schema.json."""
import json
import os

import jsonschema
import pathtext
import pytest

from conftest import ROOT

SCHEMA = json.load(open(os.path.join(ROOT, "schema", "placements.schema.json")))
CURVE = "M 20 200 C 120 40 280 360 380 200"

REQUESTS = [
    {"text": "Hello, curved world", "path": CURVE, "size": 40, "align": "center"},
    {"runs": [{"text": "Cairo "}, {"text": "القاهرة", "lang": "ar"}, {"text": " नमस्ते"}], "path": CURVE},
    {"text": "Stretched", "path": "M 0 50 L 300 50", "fit": "stretch", "length": 280},
    {"text": "漢字 missing", "path": "M 0 50 L 300 50"},
    {"text": "Repeat", "path": "M 0 50 L 900 50", "repeat": 40, "size": 20},
    {"text": "Too long for the path", "path": "M 0 50 L 60 50", "overflow": "ellipsis"},
    {"text": "Bent", "path": "M 0 100 Q 100 0 200 100", "warp": "bend", "maxAngle": 5},
]


def validator():
    cls = jsonschema.validators.validator_for(SCHEMA)
    cls.check_schema(SCHEMA)
    return cls(SCHEMA)


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: r.get("text", "runs"))
def test_library_output_validates(engine, request_):
    placements = engine.layout(**request_)
    validator().validate(placements)
    # Every glyph's font row exists and names its file.
    for label in placements["labels"]:
        for g in label["glyphs"]:
            assert placements["fonts"][g["fontIndex"]]["name"] == g["font"]


def test_the_schema_rejects_what_it_should(engine):
    placements = engine.layout(text="Hi", path=CURVE)
    broken = json.loads(json.dumps(placements))
    del broken["labels"][0]["glyphs"][0]["transform"]
    with pytest.raises(jsonschema.ValidationError):
        validator().validate(broken)
    broken = json.loads(json.dumps(placements))
    broken["fonts"][0]["path"] = "relative/font.ttf"
    with pytest.raises(jsonschema.ValidationError):
        validator().validate(broken)


def test_cli_output_with_ink_boxes_validates(cli):
    r = cli("layout", "--text", "Ink", "--path", CURVE, "--ink")
    assert r.returncode == 0, r.stderr
    validator().validate(json.loads(r.stdout))
    scene = os.path.join(ROOT, "fixtures", "scenes", "dial-multilingual.json")
    r = cli("render", scene, "--json", "-")
    assert r.returncode == 0, r.stderr
    placements = json.loads(r.stdout)
    validator().validate(placements)
    assert len(placements["fonts"]) >= 3


REQUEST_SCHEMA = json.load(open(os.path.join(ROOT, "schema", "request.schema.json")))


def request_validator():
    cls = jsonschema.validators.validator_for(REQUEST_SCHEMA)
    cls.check_schema(REQUEST_SCHEMA)
    return cls(REQUEST_SCHEMA)


def test_the_request_schema_is_what_the_cli_generates(cli):
    r = cli("help", "options", "--schema")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == REQUEST_SCHEMA


def test_requests_validate_and_bad_ones_do_not():
    v = request_validator()
    for request in REQUESTS:
        v.validate(request)
    # Every catalog sample, alone on a label.
    for row in pathtext.catalog()["label"]:
        v.validate({"text": "Hi", "path": CURVE, row["key"]: row["sample"]})
    # Every scene file of the repository.
    scenes = os.path.join(ROOT, "fixtures", "scenes")
    for name in sorted(os.listdir(scenes)):
        if name.endswith(".json"):
            v.validate(json.load(open(os.path.join(scenes, name))))
    for bad in [{"text": "Hi", "path": CURVE, "align": "middle-ish"}, {"text": "Hi", "path": CURVE, "haloWidth": -1},
                {"text": "Hi", "path": CURVE, "aling": "center"}, {"path": CURVE},
                {"width": 10, "height": 10, "labels": [{"text": "A", "runs": [{"text": 3}]}]}]:
        with pytest.raises(jsonschema.ValidationError):
            v.validate(bad)


HALO_UNDERLINE_VERTICAL = {"text": "縦書き Tokyo", "path": "M 100 20 L 100 380", "haloWidth": 3, "haloColor": "#ffffff",
                           "decoration": "underline", "writingMode": "vertical"}


def test_every_door_s_output_validates(engine, cli, tmp_path):
    """The CLI's layout JSON, the C library's (pt_layout_json), Python's and HTTP's (the same engine) replies,
    for labels with halos, decorations, vertical writing and missing glyphs."""
    v = validator()
    requests = REQUESTS + [HALO_UNDERLINE_VERTICAL, {"text": "東京", "path": CURVE, "overflow": "shrink"}]
    for request in requests:
        v.validate(json.loads(engine.layout_json(request)))
        line = cli("layout", "--batch", stdin=(json.dumps(request) + "\n").encode())
        assert line.returncode == 0, line.stderr
        v.validate(json.loads(line.stdout))
    r = cli("layout", "--text", "Halo", "--path", CURVE, "--halo-width", "3", "--decoration", "underline,overline",
            "--writing-mode", "vertical")
    assert r.returncode == 0, r.stderr
    v.validate(json.loads(r.stdout))


def test_a_halo_an_underline_and_vertical_writing_are_in_the_placements(engine):
    placements = engine.layout(**HALO_UNDERLINE_VERTICAL)
    validator().validate(placements)
    label = placements["labels"][0]
    assert label["writingMode"] == "vertical"
    assert label["halo"] == {"width": 3, "color": "#ffffff"}
    assert [b["kind"] for b in label["decorations"]] == ["underline"]
    assert label["decorations"][0]["d"].startswith("M ")
    orientations = [g["orientation"] for g in label["glyphs"]]
    assert orientations[:3] == ["upright"] * 3 and "sideways" in orientations   # 縦書き up, Tokyo sideways
