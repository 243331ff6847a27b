"""Issue #38 (hardening round four) through the Python door: each test is an input that broke it on main 83dac51."""
import copy
import gc
import math
import pickle

import dask.bag as db
import pytest
from clusters import local_client

import pathtext
import pathtext.dask


def test_a_huge_road_coordinate_is_an_error_not_a_crash(engine):
    """Row 1: SIGILL in RoadMerger.NodeKey killed the interpreter."""
    for d in ["M0 0 L1e16 0", "M0 0 L1.7e308 0"]:
        with pytest.raises(pathtext.Error, match=r"labels\[0\]\.path: a coordinate"):
            engine.place({"width": 400, "height": 200, "labels": [{"text": "A", "path": d}]})
    assert engine.place({"width": 400, "height": 200, "labels": [{"text": "A", "path": "M0 100 L300 100"}]})["placed"]


def test_copying_or_pickling_an_engine_makes_a_new_one():
    """Row 10: copy.copy(engine) held the freed handle (SIGSEGV once the original was closed); pickle and
    deepcopy failed with ctypes messages."""
    original = pathtext.Engine(system_fonts=False)
    copies = [copy.copy(original), copy.deepcopy(original), pickle.loads(pickle.dumps(original))]
    assert all(c._handle != original._handle for c in copies)
    original.close()
    del original
    gc.collect()
    for c in copies:
        assert c.system_fonts is False
        assert c.layout("A", "M0 0 L100 0")["labels"]
        c.close()


def test_nan_and_infinity_are_named_by_key_and_value(engine):
    """Row 17: NaN gave "not valid JSON ... unexpected 'N'"."""
    with pytest.raises(pathtext.Error, match=r"^size: expected a finite number, got nan$"):
        engine.layout("A", "M0 0 L100 0", size=math.nan)
    with pytest.raises(pathtext.Error, match=r"labels\[0\]\.size: expected a finite number, got inf"):
        engine.render({"width": 100, "height": 50, "labels": [{"text": "A", "path": "M0 20 L90 20", "size": math.inf}]})
    with pytest.raises(pathtext.Error, match=r"labels\[0\]\.priority: expected a finite number, got -inf"):
        engine.place({"width": 100, "height": 50, "labels": [{"text": "A", "path": "M0 20 L90 20", "priority": -math.inf}]})
    with pytest.raises(pathtext.Error, match=r"letterSpacing: expected a finite number, got nan"):
        engine.diagnostics("A", "M0 0 L100 0", letter_spacing=math.nan)


def test_one_number_syntax_for_every_door(engine):
    """Row 17: a size of 1e-320 was accepted; numbers are the catalog's in every door."""
    with pytest.raises(pathtext.Error, match=r"size"):
        engine.layout("A", "M0 0 L100 0", size=1e-320)
    with pytest.raises(pathtext.Error, match=r"size"):
        engine.layout("A", "M0 0 L100 0", size="0x10")
    assert engine.layout("A", "M0 0 L100 0", size=-0.0 + 16)["labels"]


@pytest.fixture(scope="module")
def client():
    with local_client(1) as c:
        yield c


def test_a_failed_dask_compute_names_the_request(client):
    """Row 17 (and row 1's KilledWorker): a failed compute did not say which request failed."""
    good = {"width": 400, "height": 200, "labels": [{"text": "A", "path": "M0 20 L300 20"}]}
    bad = {"width": 400, "height": 200, "labels": [{"text": "A", "path": "M0 0 L1e16 0"}]}
    with pytest.raises(pathtext.Error, match=r"request 1 of its partition: labels\[0\]\.path: a coordinate"):
        pathtext.dask.place(db.from_sequence([good, bad, good], npartitions=1)).compute()
    labels = [{"text": "A", "path": "M0 0 L100 0"}, {"text": "B", "path": "M0 0 L100 0", "size": -3}]
    with pytest.raises(pathtext.Error, match=r"request 1 of its partition: .*size"):
        pathtext.dask.layout(db.from_sequence(labels, npartitions=1)).compute()
    import pandas
    import dask.dataframe as dd
    frame = pandas.DataFrame({"text": ["A", "B"], "path": ["M0 0 L100 0", "M0 0 L100 0"], "size": [12.0, -3.0]}, index=[10, 11])
    with pytest.raises(pathtext.Error, match=r"request at row 11: .*size"):
        pathtext.dask.layout(dd.from_pandas(frame, npartitions=1)).compute()


EXTREMES = [1e308, -1e308, 1e-320, -1e-320, math.nan, math.inf, -math.inf, -0.0, 2 ** 53 + 1, -(2 ** 53 + 1), 10 ** 30, "0x10", "1e400"]


def _numeric_keys():
    return [row["key"] for row in pathtext.catalog()["label"] if any(t in str(row).lower() for t in ("number", "integer", "px", "deg"))]


def test_every_catalog_number_with_extreme_values(engine):
    """Numbers everywhere, the Python door: every label key of the catalog with each extreme value is a
    pathtext.Error naming the key, or a bounded result; never a crash."""
    keys = _numeric_keys()
    assert len(keys) >= 10
    answered = 0
    for key in keys:
        for value in EXTREMES:
            try:
                placed = engine.layout("A", "M0 50 L100 50", **{key: value})
                assert isinstance(placed, dict)
                answered += 1
            except pathtext.Error as e:
                assert str(e), (key, value)
    for value in EXTREMES:
        request = {"width": 200, "height": 100, "labels": [{"text": "A", "path": "M0 50 L100 50", "priority": value}],
                   "placement": {"spacing": value}}
        try:
            engine.place(request)
        except pathtext.Error as e:
            assert str(e)
        try:
            engine.render({"width": 100, "height": 100, "shapes": [{"type": "rect", "x": 0, "y": 0, "width": value, "height": 5}]}, format="svg")
        except pathtext.Error as e:
            assert str(e)
    assert engine.layout("A", "M0 50 L100 50")["labels"]
