"""pathtext.dask on a distributed LocalCluster with two worker processes: one Engine per worker."""
import json
import os

import dask.bag as db
import pytest
from clusters import local_client

import pathtext
import pathtext.dask

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def client():
    with local_client(2) as c:
        c.register_plugin(pathtext.dask.EnginePlugin())
        yield c


def _engine_facts(_):
    from pathtext import _render
    engine = pathtext.default_engine()
    return os.getpid(), id(engine), _render.engines_made


def test_layout_matches_the_local_engine(client, engine):
    requests = [{"text": "Label %d" % i, "path": "M 0 50 L %d 50" % (200 + i), "size": 20 + i % 7} for i in range(40)]
    placements = pathtext.dask.layout(db.from_sequence(requests, npartitions=8)).compute()
    assert placements == [engine.layout(**r) for r in requests]


def test_render_labels_gives_pngs(client):
    labels = [{"text": "Tile %d" % i, "path": "M 0 0 L 120 0", "size": 18} for i in range(24)]
    pngs = pathtext.dask.render_labels(db.from_sequence(labels, npartitions=6)).compute()
    assert len(pngs) == 24 and all(p.startswith(PNG) for p in pngs)
    assert pngs[3] == pathtext.render_label("Tile 3", "M 0 0 L 120 0", size=18)


def test_render_scenes_and_rgba(client, engine):
    scene = {"width": 120, "height": 60, "labels": [{"text": "Hi", "path": "M 10 40 L 110 40"}]}
    out = pathtext.dask.render(db.from_sequence([scene] * 4, npartitions=2), format="rgba").compute()
    assert out == [engine.render_rgba(scene).tobytes()] * 4
    svg = pathtext.dask.render(db.from_sequence([scene], npartitions=1), format="svg").compute()
    assert svg[0].startswith(b"<")


def test_place_a_bag_of_tiles(client, engine):
    tile = {"width": 300, "height": 200, "labels": [{"text": "Main Street", "path": "M 10 100 L 290 100", "size": 16},
                                                     {"text": "Side Road", "path": "M 10 104 L 290 104", "size": 16}]}
    results = pathtext.dask.place(db.from_sequence([tile] * 4, npartitions=2)).compute()
    assert results == [engine.place(tile)] * 4
    assert len(results[0]["placed"]) >= 1 and len(results[0]["placed"]) + len(results[0]["dropped"]) == 2


def test_one_engine_per_worker_process(client):
    pathtext.dask.layout(db.from_sequence([{"text": "x", "path": "M 0 0 L 50 0"}] * 64, npartitions=32)).compute()
    facts = db.from_sequence(range(64), npartitions=32).map(_engine_facts).compute()
    pids = {pid for pid, _, _ in facts}
    assert len(pids) == 2, "two worker processes did the work"
    for pid in pids:
        mine = {(engine, made) for p, engine, made in facts if p == pid}
        # One engine in each worker, made once (by the plugin at start), however many tasks ran there.
        assert mine == {next(iter(mine))} and next(iter(mine))[1] == 1, mine
    assert os.getpid() not in pids


def test_a_bad_request_fails_its_task_with_the_message(client):
    bag = db.from_sequence([{"text": "ok", "path": "M 0 0 L 10 0"}, {"text": "bad", "path": "M 0 0 L"}], npartitions=2)
    with pytest.raises(pathtext.Error, match="path"):
        pathtext.dask.layout(bag).compute()


def test_a_dataframe_of_label_requests(client, engine):
    import dask.dataframe as dd
    import pandas as pd
    rows = pd.DataFrame({"text": ["Road %d" % i for i in range(30)],
                         "path": ["M 0 40 L %d 40" % (150 + 5 * i) for i in range(30)],
                         "size": [14 + i % 5 for i in range(30)],
                         # A column some rows leave empty (NaN): those rows take the default.
                         "letter_spacing": [2.0 if i % 3 == 0 else float("nan") for i in range(30)]},
                        index=pd.RangeIndex(100, 130))
    frame = dd.from_pandas(rows, npartitions=5)
    placements = pathtext.dask.layout(frame).compute()
    assert isinstance(placements, pd.Series) and list(placements.index) == list(range(100, 130))
    expected = [engine.layout(text="Road %d" % i, path="M 0 40 L %d 40" % (150 + 5 * i), size=14 + i % 5,
                              **({"letter_spacing": 2} if i % 3 == 0 else {})) for i in range(30)]
    assert list(placements) == expected
    assert placements[100]["labels"][0]["glyphs"] != expected[1]["labels"][0]["glyphs"]

    images = pathtext.dask.render_labels(frame.head(6, npartitions=-1, compute=False)).compute()
    assert len(images) == 6 and all(p.startswith(PNG) for p in images)
    assert images[101] == pathtext.render_label("Road 1", "M 0 40 L 155 40", size=15)


def test_a_dataframe_runs_on_both_workers(client):
    import dask.dataframe as dd
    import pandas as pd
    frame = dd.from_pandas(pd.DataFrame({"text": ["x"] * 64, "path": ["M 0 0 L 50 0"] * 64}), npartitions=16)
    who = frame.map_partitions(lambda part: pd.Series([os.getpid()] * len(part), index=part.index),
                               meta=pd.Series(dtype=int)).compute()
    assert len(set(who)) == 2
    assert len(pathtext.dask.layout(frame).compute()) == 64


def test_workers_keep_freed_memory_past_dasks_trim_threshold(client):
    """Dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_=65536; pathtext's tasks raise glibc's threshold
    to 32 MiB in such a worker (renders there were 1.5 times slower from re-faulting the heap's top)."""
    bag = db.from_sequence([{"text": "Hi", "path": "M 0 20 L 100 20"}] * 4, npartitions=2)
    assert len(pathtext.dask.render_labels(bag).compute()) == 4
    states = client.run(lambda: (os.environ.get("MALLOC_TRIM_THRESHOLD_"), pathtext.dask._trim_checked))
    assert states and all(env == "65536" and checked for env, checked in states.values()), states


def test_the_trim_threshold_is_raised_only_when_the_environment_set_it_lower(monkeypatch):
    calls = []

    class Libc:
        def mallopt(self, option, value):
            calls.append((option, value))
            return 1

    monkeypatch.setattr("ctypes.CDLL", lambda name: Libc())
    for env, expected in [("65536", [(-1, 32 << 20), (-3, 32 << 20)]), (str(64 << 20), []), (None, []), ("junk", [])]:
        calls.clear()
        monkeypatch.setattr(pathtext.dask, "_trim_checked", False)
        if env is None:
            monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)
        else:
            monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", env)
        pathtext.dask._keep_freed_memory()
        pathtext.dask._keep_freed_memory()   # once per process
        assert calls == expected, (env, calls)
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")
    monkeypatch.setenv("PATHTEXT_KEEP_TRIM_THRESHOLD", "1")
    monkeypatch.setattr(pathtext.dask, "_trim_checked", False)
    calls.clear()
    pathtext.dask._keep_freed_memory()
    assert calls == []
