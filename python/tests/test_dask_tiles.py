"""pathtext.dask.tiles on a distributed LocalCluster with two worker processes: the files of `pathtext tiles`."""
import filecmp
import json
import os
import subprocess

import pytest
from clusters import local_client

import pathtext
import pathtext.dask

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EDGES = os.path.join(ROOT, "fixtures", "geojson", "edges.geojson")


@pytest.fixture(scope="module")
def client():
    with local_client(2) as c:
        yield c


def _files(folder):
    return sorted(os.path.relpath(os.path.join(d, f), folder) for d, _, fs in os.walk(folder) for f in fs)


def test_tiles_on_two_workers_are_the_files_of_pathtext_tiles(client, tmp_path, cli_binary, fonts_dir):
    out = tmp_path / "dask"
    from distributed import get_task_stream
    with get_task_stream(client) as stream:
        summary = pathtext.dask.tiles(EDGES, "16-17", str(out), client=client)
    # 12 tiles at zoom 16 and 42 at 17, in 4 and 6 metatiles of 4 x 4 tiles; sized by cost for two workers
    # (54 / 8 tiles a task): zoom 16 in 2 batches of 2 metatiles, the last cut into singles (3 tasks), zoom 17
    # in 6 of 1 (7 tiles a metatile); one placement task per zoom.
    assert summary == {"tiles": 54, "tasks": 9, "placements": 2, "zooms": [16, 17]}
    # Each zoom was placed once in the cluster (not once per worker): two placement tasks ran, nine drawing tasks.
    ran = [t["key"] if isinstance(t["key"], str) else t["key"][0] for t in stream.data]
    assert sum(k.startswith("_tiles_place-") for k in ran) == 2
    assert sum(k.startswith("_tiles_batch-") for k in ran) == 9
    # The installed CLI (PATHTEXT_CLI for a wheel's tests) with the library's fonts.
    cli, fonts = cli_binary, fonts_dir
    single = tmp_path / "single"
    run = subprocess.run([cli, "tiles", EDGES, "--zooms", "16-17", "--out", str(single), "--fonts-dir", fonts],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    names = _files(str(single))
    assert len(names) == 108 and names == _files(str(out))
    match, mismatch, errors = filecmp.cmpfiles(str(single), str(out), names, shallow=False)
    assert mismatch == [] and errors == [] and len(match) == 108
    # The label across the metatile edge x = 37308 * 256 is in the tiles on both sides of it.
    left = json.loads((out / "16" / "37307" / "18968.json").read_text())
    right = json.loads((out / "16" / "37308" / "18968.json").read_text())
    assert "Mannerheimintie" in {p["text"] for p in left["placed"]} & {p["text"] for p in right["placed"]}


def test_batches_and_the_metatile_size_do_not_change_the_files(client, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    assert pathtext.dask.tiles(EDGES, 16, str(a), client=client, batch=3)["tasks"] == 2  # 4 metatiles: 3 and 1
    assert pathtext.dask.tiles(EDGES, (16, 16), str(b), client=client, metatile=1)["tasks"] == 12
    names = _files(str(a))
    assert len(names) == 24 and filecmp.cmpfiles(str(a), str(b), names, shallow=False)[0] == names


def test_bad_jobs_fail_before_any_task(client, tmp_path, cli_binary):
    bad = tmp_path / "bad.geojson"
    bad.write_text('{"type":"FeatureCollection","features":[{"type":"Feature","geometry":'
                   '{"type":"LineString","coordinates":[[0,0],[200,0]]}}]}')
    # Said as `pathtext tiles` says it: the file, then the feature (no "geojson." of the job tiles() wraps it in).
    with pytest.raises(pathtext.Error, match=r"bad\.geojson: features\[0\]\.geometry\.coordinates\[1\]: longitude 200 is outside") as caught:
        pathtext.dask.tiles(str(bad), 16, str(tmp_path / "out"), client=client)
    assert caught.value.key == "features[0].geometry.coordinates[1]"
    cli = subprocess.run([cli_binary, "tiles", str(bad),
                          "--zooms", "16", "--out", str(tmp_path / "cli")], capture_output=True, text=True)
    assert cli.stderr.strip() == "pathtext: " + str(caught.value)
    # A tiles job of its own keeps its own key.
    with pytest.raises(pathtext.Error, match=r"^geojson\.features\[0\]"):
        pathtext.dask.tiles({"geojson": json.loads(bad.read_text())}, 16, str(tmp_path / "out"), client=client)
    with pytest.raises(pathtext.Error, match="over the limit of 20000"):
        pathtext.dask.tiles(EDGES, "10-20", str(tmp_path / "out"), client=client, bbox=[20, 55, 30, 65])
    with pytest.raises(pathtext.Error, match="batch: expected a whole number"):
        pathtext.dask.tiles(EDGES, 16, str(tmp_path / "out"), client=client, batch=0)
    assert not (tmp_path / "out").exists()


def test_batches_sized_by_cost_the_most_expensive_first():
    plan = {"zooms": [{"zoom": 13, "tiles": 2, "metatiles": [[0, 0]]},
                      {"zoom": 17, "tiles": 32, "metatiles": [[x, 0] for x in range(8)]}]}
    one = pathtext.dask._tiles_batches(plan, None, 1)
    # One worker: 34 / 4 tiles a task, 2 metatiles of 4 tiles; zoom 13 in one task that places it too.
    assert [(b["zoom"], len(b["metatiles"]), b["placed"]) for b in one] == [(17, 2, True)] * 4 + [(13, 1, False)]
    assert one[-1]["cost"] == 2 + pathtext.dask.PLACEMENT_COST
    two = pathtext.dask._tiles_batches(plan, None, 2)
    # Two workers: 1 metatile a task (34 / 8 tiles), the cheapest last.
    assert [b["cost"] for b in two] == sorted((b["cost"] for b in two), reverse=True) and len(two) == 9
    assert [len(b["metatiles"]) for b in pathtext.dask._tiles_batches(plan, 3, 2)] == [3, 3, 2, 1]
    assert sorted(m for b in two if b["zoom"] == 17 for m in b["metatiles"]) == plan["zooms"][1]["metatiles"]


def test_the_engine_plans_and_renders_metatiles(engine, tmp_path):
    plan = engine.tiles_plan({"geojson": json.load(open(EDGES)), "zooms": "16"})
    assert plan["tiles"] == 12 and plan["zooms"][0]["metatiles"] == [[9326, 4741], [9327, 4741], [9326, 4742], [9327, 4742]]
    done = engine.tiles_render(open(EDGES).read(), 16, [[9327, 4742]], tmp_path)
    assert done["tiles"] == 6 and done["labels"] >= 5
    assert (tmp_path / "16" / "37309" / "18969.png").read_bytes().startswith(b"\x89PNG")


def test_a_zoom_placed_on_one_engine_draws_on_another(tmp_path):
    job = open(EDGES).read()
    placer, drawer = pathtext.Engine(), pathtext.Engine()
    try:
        record = placer.tiles_place(job, 16)
        assert isinstance(record, str) and json.loads(record)["zoom"] == 16
        assert len(json.loads(record)["labels"]) == placer.tiles_render(job, 16, [[9327, 4742]], tmp_path / "own")["labels"]
        done = drawer.tiles_render(job, 16, [[9327, 4742]], tmp_path / "placed", placement=record)
        assert done["tiles"] == 6
        names = _files(str(tmp_path / "own"))
        assert len(names) == 12 and names == _files(str(tmp_path / "placed"))
        assert filecmp.cmpfiles(str(tmp_path / "own"), str(tmp_path / "placed"), names, shallow=False)[0] == names
        # A record of another zoom, of another job (any change to its JSON), or not a record at all: an Error naming it.
        other_zoom = {"geojson": json.loads(job), "zooms": "16-17"}
        with pytest.raises(pathtext.Error, match="the metatiles of zoom 17") as caught:
            drawer.tiles_render(other_zoom, 17, [[18654, 9484]], tmp_path / "x", placement=placer.tiles_place(other_zoom, 16))
        assert caught.value.key == "placement.zoom"
        with pytest.raises(pathtext.Error, match="another tiles job") as caught:
            drawer.tiles_render(job + " ", 16, [[9327, 4742]], tmp_path / "x", placement=record)
        assert caught.value.key == "placement.job"
        with pytest.raises(pathtext.Error, match="not a placement record") as caught:
            drawer.tiles_render(job, 16, [[9327, 4742]], tmp_path / "x", placement='{"labels": []}')
        assert caught.value.key == "placement"
        with pytest.raises(pathtext.Error, match="expected the record tiles_place returns") as caught:
            drawer.tiles_render(job, 16, [[9327, 4742]], tmp_path / "x", placement=16)
        with pytest.raises(pathtext.Error, match="zoom: expected one of the job's zooms 16-16, got 15") as caught:
            placer.tiles_place(job, 15)
        assert caught.value.key == "zoom"
        assert not (tmp_path / "x").exists()
    finally:
        placer.close()
        drawer.close()
