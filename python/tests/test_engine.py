"""The Python package over libpathtext: layout, render, options, errors, threads."""
import json
import os
import subprocess
import sys
import threading

import pytest

import pathtext

CURVE = "M 20 200 C 120 40 280 360 380 200"


def test_version_and_library(prefix):
    assert pathtext.version().count(".") == 2
    assert pathtext.library_path().endswith("libpathtext.so")


def test_layout_returns_the_placements(engine):
    p = engine.layout(text="Hello, curved world", path=CURVE, size=40, align="center")
    label = p["labels"][0]
    assert len(label["glyphs"]) == 19
    assert label["size"] == 40 and not label["overflow"]
    font = p["fonts"][label["glyphs"][0]["fontIndex"]]
    assert os.path.isabs(font["path"]) and os.path.exists(font["path"])
    assert font["path"].endswith("/NotoSans-Regular.ttf") and font["faceIndex"] == 0
    # Centred: the label's middle is the path's middle.
    assert abs(label["start"] + label["advance"] / 2 - label["pathLength"] / 2) < 1e-3
    for g in label["glyphs"]:
        a, b, c, d, e, f = g["transform"]
        assert (e, f) == (g["x"], g["y"])
        assert abs(a * a + b * b - 1) < 1e-5 and abs(a * d - b * c - 1) < 1e-5  # a rotation


def test_snake_case_and_camel_case_options_agree(engine):
    snake = engine.layout(text="Spacing", path=CURVE, letter_spacing=3, max_angle=170, min_size=8)
    camel = engine.layout(text="Spacing", path=CURVE, letterSpacing=3, maxAngle=170, minSize=8)
    plain = engine.layout(text="Spacing", path=CURVE)
    assert snake == camel
    assert snake["labels"][0]["advance"] == pytest.approx(plain["labels"][0]["advance"] + 7 * 3, abs=1e-4)


def test_font_as_a_string_or_a_list(engine):
    one = engine.layout(text="Bold", path=CURVE, font="NotoSans-Bold.ttf")
    two = engine.layout(text="Bold", path=CURVE, font=["NotoSans-Bold.ttf"])
    assert one == two and one["fonts"][0]["name"] == "NotoSans-Bold.ttf"


def test_runs_and_right_to_left_text(engine):
    p = engine.layout(runs=[{"text": "Cairo "}, {"text": "القاهرة", "color": "#b45309", "lang": "ar"}],
                      path=CURVE, size=36, align="center")
    names = [f["name"] for f in p["fonts"]]
    assert names == ["NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf"]
    colors = {g["color"] for g in p["labels"][0]["glyphs"]}
    assert colors == {"#000000", "#b45309"}


@pytest.mark.parametrize("options, message", [
    (dict(text="Hi", path="M 0 0 L 10"), "path: bad path data at character 10"),
    (dict(text="Hi", path="M 0 0 L 10 0", align="middle-ish"), 'align: expected start|center|end, got "middle-ish"'),
    (dict(text="Hi", path="M 0 0 L 10 0", font="/no/such.ttf"), "cannot read font file /no/such.ttf"),
    (dict(text="Hi", path="M 0 0 L 10 0", colour="#fff"), "colour: unknown key (did you mean color?)"),
    (dict(text="", path="M 0 0 L 10 0"), "text: the text is empty"),
    (dict(text="Hi", path="M 0 0 L 10 0", size=-3), "size: expected a number above 0"),
])
def test_bad_requests_raise_errors_with_the_message(engine, options, message):
    with pytest.raises(pathtext.Error) as info:
        engine.layout(**options)
    assert message in str(info.value)


def test_invalid_json_and_bad_scenes(engine):
    with pytest.raises(pathtext.Error, match="not valid JSON"):
        engine.layout_json('{"text": ')
    with pytest.raises(pathtext.Error, match="format"):
        engine.render({"width": 10, "height": 10}, format="gif")
    with pytest.raises(pathtext.Error, match="width"):
        engine.render({"width": 0, "height": 10})
    with pytest.raises(pathtext.Error, match="fonts folder"):
        pathtext.Engine(fonts_dir="/no/such/folder")


def test_render_png_and_svg(engine):
    scene = {"width": 200, "height": 100, "background": "#ffffff",
             "labels": [{"text": "Hi", "path": "M 10 70 L 190 70", "size": 48}]}
    png = engine.render(scene)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    svg = engine.render(scene, format="svg").decode()
    assert svg.startswith("<?xml") and 'width="200"' in svg


def test_a_closed_engine_raises():
    e = pathtext.Engine()
    e.close()
    with pytest.raises(pathtext.Error, match="closed"):
        e.layout(text="Hi", path="M 0 0 L 10 0")


def test_one_engine_from_many_threads(engine):
    requests = [dict(text="Thread %d שלום" % i, path=CURVE, size=20 + i, align="center") for i in range(16)]
    expected = [engine.layout_json(r) for r in requests]
    wrong = []

    def work(k):
        for round in range(5):
            for i, r in enumerate(requests):
                if engine.layout_json(r) != expected[i]:
                    wrong.append((k, i))
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong


def test_library_found_through_the_environment_variable(prefix):
    code = "import pathtext; print(pathtext.library_path())"
    lib = pathtext.library_path()
    env = {"PATHTEXT_LIBRARY": lib, "PATH": os.environ.get("PATH", "")}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == lib
    env["PATHTEXT_LIBRARY"] = "/no/such/libpathtext.so"
    out = subprocess.run([sys.executable, "-c", "import pathtext; pathtext.Engine()"], env=env, capture_output=True, text=True)
    assert out.returncode == 1 and "pathtext.Error: cannot find libpathtext.so" in out.stderr


def test_the_cli_prints_what_the_library_returns(engine, cli):
    request = {"text": "Same everywhere", "path": CURVE, "size": 30, "align": "center"}
    r = cli("layout", "--text", request["text"], "--path", CURVE, "--size", "30", "--align", "center")
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode() == engine.layout_json(request)


def test_batch_streams_one_reply_per_line(engine, cli):
    lines = [json.dumps({"text": "A%d" % i, "path": "M 0 0 L 100 0"}) for i in range(3)]
    lines.insert(1, "not json")
    r = cli("layout", "--batch", stdin=("\n".join(lines) + "\n").encode())
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode().splitlines()
    assert len(out) == 4
    assert "error" in json.loads(out[1]) and "not valid JSON" in json.loads(out[1])["error"]
    for line, request in zip([out[0]] + out[2:], [lines[0]] + lines[2:]):
        assert json.loads(line) == engine.layout(**json.loads(request))


def test_render_streams(engine, cli):
    scene = {"width": 120, "height": 60, "background": "#ffffff",
             "labels": [{"text": "Hi", "path": "M 10 40 L 110 40"}]}
    r = cli("render", "-", "--out", "-", stdin=json.dumps(scene).encode())
    assert r.returncode == 0, r.stderr
    assert r.stdout == engine.render(scene)
    r = cli("render", "-", "--json", "-", stdin=json.dumps(scene).encode())
    assert r.returncode == 0 and json.loads(r.stdout)["labels"][0]["glyphs"][0]["glyph"] == 43


def test_place_labels_many_roads_without_collisions(engine):
    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                           "fixtures", "osm", "helsinki-roads.json"), encoding="utf-8") as f:
        request = json.load(f)
    reply = engine.place(request)
    placed, dropped = reply["placed"], reply["dropped"]
    assert len(placed) == len(reply["labels"]) >= 60
    assert len({p["text"] for p in placed}) >= 54
    # Every request is behind a placed label or dropped with a reason.
    behind = {r for p in placed for r in p["requests"]}
    assert behind.isdisjoint({d["request"] for d in dropped})
    assert behind | {d["request"] for d in dropped} == set(range(len(request["labels"])))
    assert {d["reason"] for d in dropped} <= {"tooShort", "tooCurved", "outside", "collides", "tooClose"}
    # Every glyph carries its ink box; none reads upside down.
    for label in reply["labels"]:
        for g in label["glyphs"]:
            assert len(g["ink"]) == 4 and -90 <= g["angle"] <= 90
    with pytest.raises(pathtext.Error, match="did you mean labels"):
        engine.place({"width": 10, "height": 10, "lables": []})
