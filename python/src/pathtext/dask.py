"""PathText on Dask: a bag or a dataframe of label, scene or place requests in, placements or images out.

Each worker process holds one Engine (pathtext.default_engine(): fonts are loaded once per worker, not per
task); Dask does the scheduling. Point a client at any cluster and the same calls run there:

    >>> from dask.distributed import Client
    >>> import dask.bag as db
    >>> import pathtext.dask
    >>> client = Client("tcp://scheduler:8786")          # or LocalCluster(n_workers=2)
    >>> client.register_plugin(pathtext.dask.EnginePlugin())  # optional: load the fonts when a worker starts
    >>> labels = db.from_sequence([{"text": "Hi", "path": "M 0 0 L 100 0"}] * 1000, npartitions=8)
    >>> pngs = pathtext.dask.render_labels(labels).compute()

A Dask dataframe works too: each row is a label request, its columns the request's keys (text, path and
any label option, in camelCase or snake_case; a missing value, None or NaN, leaves that key out), and the
answer is a Dask series of the same index:

    >>> import dask.dataframe as dd, pandas as pd
    >>> frame = dd.from_pandas(pd.DataFrame({"text": names, "path": roads, "size": 14}), npartitions=8)
    >>> placements = pathtext.dask.layout(frame).compute()       # a pandas Series of placements dicts

Requests are dicts with keys in camelCase or snake_case, as Engine takes them.

Map tiles of GeoJSON roads, one task per zoom that places its labels and one per batch of metatiles that
draws them, the same files `pathtext tiles` writes:

    >>> pathtext.dask.tiles("roads.geojson", "13-17", "tiles/", client=client)   # tiles/z/x/y.png, .json
    {'tiles': 187, 'tasks': 31, 'placements': 5, 'zooms': [13, 14, 15, 16, 17]}

The input and the output folder must be visible to every worker under the same paths (a shared file
system; on a LocalCluster they are).
"""

from __future__ import annotations

import math
import threading
from typing import Any, Dict, Iterable, List, Optional, Union

from . import Error, Engine, default_engine

__all__ = ["layout", "render", "render_labels", "place", "tiles", "EnginePlugin", "Images"]

Request = Dict[str, Any]


class Images(list):  # type: ignore[type-arg]
    """A list of images (PNG, SVG or RGBA bytes): what a partition of render() or render_labels() holds, and
    what compute() of their bag gives.

    It is a list in every way but one: Dask's distributed scheduler sends it between processes pickled in one
    piece, where it sends a plain list of bytes as one message frame per item. For 2 000 labels (6 MB of
    PNGs) gathering a plain list to the client took 70-90 ms, this one 13-15 ms (scripts/bench-dask.py):
    a tenth of a worker's time for those labels."""

    __slots__ = ()


def _images(partitions: Any) -> Images:
    """A bag's compute() result (the items of its partitions in order) as Images."""
    return Images(_bag_finalize(partitions))


try:
    from dask.bag import Bag as _Bag
    from dask.bag.core import finalize as _bag_finalize

    class _ImageBag(_Bag):  # type: ignore[misc, valid-type]
        """A bag of images whose compute() gives Images (and so do bags made from it with map, filter ...:
        their results are lists too)."""

        def __dask_postcompute__(self) -> Any:
            return _images, ()
except ImportError:  # pathtext.dask's functions take Dask collections: without Dask there is nothing to call
    _ImageBag = None


def _engine(engine_options: Dict[str, Any]) -> Engine:
    _keep_freed_memory()
    return default_engine(**engine_options)


#: The glibc trim threshold pathtext's tasks run with: the heap's top is returned to the system only past it.
TRIM_THRESHOLD = 32 << 20
_trim_checked = False


def _keep_freed_memory() -> None:
    """Raises glibc's trim and mmap thresholds to TRIM_THRESHOLD in a process whose environment set the trim
    threshold lower.

    Dask's nanny starts every worker with MALLOC_TRIM_THRESHOLD_=65536 (distributed.nanny.pre-spawn-environ),
    so that freed memory goes back to the system. glibc then hands the top of the heap back after nearly
    every render and takes it again for the next one, and the page faults make a render 1.5 times slower
    than in a plain process (scripts/bench-dask.py). 32 MiB keeps one render's buffers; memory freed past
    that still goes back. Set PATHTEXT_KEEP_TRIM_THRESHOLD=1 to leave the environment's value alone."""
    global _trim_checked
    if _trim_checked:
        return
    _trim_checked = True
    import ctypes
    import os
    import platform
    given = os.environ.get("MALLOC_TRIM_THRESHOLD_")
    if given is None or os.environ.get("PATHTEXT_KEEP_TRIM_THRESHOLD") or platform.libc_ver()[0] != "glibc":
        return
    try:
        if int(given) >= TRIM_THRESHOLD:
            return
        libc = ctypes.CDLL(None)
        libc.mallopt(-1, TRIM_THRESHOLD)  # M_TRIM_THRESHOLD
        # A trim threshold in the environment also stops glibc moving its mmap threshold up as it frees large
        # blocks, so every buffer of 128 KiB or more would be mapped and unmapped per render (a task thread's
        # renders were still 1.2 times slower): blocks up to TRIM_THRESHOLD come from the heap instead.
        libc.mallopt(-3, TRIM_THRESHOLD)  # M_MMAP_THRESHOLD (32 MiB is glibc's largest on 64-bit)
    except (ValueError, OSError, AttributeError):
        return


# The name of each item of the partition being worked on, for errors: the dataframe's index labels (set
# by _frame_partition), else the item's place in its partition.
_rows_here = threading.local()


def _each(items: Iterable[Any], work: Any) -> List[Any]:
    """`work` on every item; an Error names the request it came from (its "id", else its row or its
    place in the partition), so a failed compute says which request failed."""
    out = []
    names = getattr(_rows_here, "names", None)
    for i, item in enumerate(items):
        try:
            out.append(work(item))
        except Error as e:
            given = item.get("id") if isinstance(item, dict) else None
            if given is not None:
                where = "request id %r" % (given,)
            elif names is not None and i < len(names):
                where = "request at row %r" % (names[i],)
            else:
                where = "request %d of its partition" % i
            raise Error("%s: %s" % (where, e)) from None
    return out


def _layout_partition(requests: Iterable[Request], engine_options: Dict[str, Any]) -> List[Dict[str, Any]]:
    engine = _engine(engine_options)
    return _each(requests, lambda request: engine.layout(**request))


def _render_partition(scenes: Iterable[Any], format: str, engine_options: Dict[str, Any]) -> List[bytes]:
    engine = _engine(engine_options)
    if format == "rgba":
        return Images(_each(scenes, lambda scene: engine.render_rgba(scene).tobytes()))
    return Images(_each(scenes, lambda scene: engine.render(scene, format=format)))


def _render_label_partition(labels: Iterable[Request], format: str, engine_options: Dict[str, Any]) -> List[bytes]:
    from . import render_label
    engine = _engine(engine_options)

    def one(label: Any) -> Any:
        label = dict(label)
        image = render_label(label.pop("text", None), label.pop("path", None), format=format, engine=engine, **label)
        return image.tobytes() if format == "rgba" else image
    return Images(_each(labels, one))


def _place_partition(requests: Iterable[Any], engine_options: Dict[str, Any]) -> List[Dict[str, Any]]:
    engine = _engine(engine_options)
    return _each(requests, engine.place)


def _check_format(format: str) -> None:
    if format not in ("png", "svg", "rgba"):
        raise Error('format: expected "png", "svg" or "rgba", got %r' % (format,))


def _missing(value: Any) -> bool:
    """Whether a dataframe cell holds no value (None, NaN or pandas' NA), so its key is left out."""
    if value is None:
        return True
    if isinstance(value, float) and math.isnan(value):
        return True
    try:
        import pandas
        return value is pandas.NA or value is pandas.NaT
    except ImportError:
        return False


def _rows(frame: Any) -> List[Request]:
    """The requests of a pandas dataframe's rows, each without its missing values; numbers as Python's."""
    rows = []
    for record in frame.to_dict("records"):
        rows.append({str(k): (v.item() if hasattr(v, "item") else v) for k, v in record.items() if not _missing(v)})
    return rows


def _frame_partition(frame: Any, work: Any, *args: Any) -> Any:
    """One dataframe partition through a partition function, as a series on the partition's index."""
    import pandas
    _rows_here.names = list(frame.index)
    try:
        return pandas.Series(work(_rows(frame), *args), index=frame.index, dtype=object)
    finally:
        _rows_here.names = None


def _is_frame(data: Any) -> bool:
    try:
        import dask.dataframe
    except ImportError:
        return False
    return isinstance(data, dask.dataframe.DataFrame)


def _map(data: Any, work: Any, *args: Any, name: str) -> Any:
    """A bag's partitions, or a dataframe's as a series named `name`, through `work`."""
    if _is_frame(data):
        import pandas
        return data.map_partitions(_frame_partition, work, *args, meta=pandas.Series(dtype=object, name=name))
    return data.map_partitions(work, *args)


def _image_bag(images: Any) -> Any:
    """A bag of images as one whose compute() gives Images; a dataframe's series as it is (pandas pickles a
    series in one piece)."""
    if _ImageBag is not None and type(images) is _Bag:
        return _ImageBag(images.dask, images.name, images.npartitions)
    return images


def layout(data: Any, fonts_dir: Optional[str] = None, system_fonts: bool = True) -> Any:
    """Label requests (a bag of dicts: text, path and label options; or a dataframe, a row each) -> their
    placements dicts (a bag, or a series with the dataframe's index)."""
    return _map(data, _layout_partition, dict(fonts_dir=fonts_dir, system_fonts=system_fonts), name="placements")


def render(data: Any, format: str = "png", fonts_dir: Optional[str] = None, system_fonts: bool = True) -> Any:
    """A bag of scene requests (dicts: width, height, shapes, labels) -> a bag of PNG or SVG bytes (for
    format="rgba", the pixels' bytes, width × height × 4)."""
    _check_format(format)
    return _image_bag(data.map_partitions(_render_partition, format, dict(fonts_dir=fonts_dir, system_fonts=system_fonts)))


def render_labels(data: Any, format: str = "png", fonts_dir: Optional[str] = None, system_fonts: bool = True) -> Any:
    """Label requests (a bag of dicts, or a dataframe: text, path, label options, and width/height/background/
    margin as pathtext.render_label takes them) -> images, each fitted to its label (a bag, or a series
    with the dataframe's index)."""
    _check_format(format)
    return _image_bag(_map(data, _render_label_partition, format, dict(fonts_dir=fonts_dir, system_fonts=system_fonts), name="image"))


def place(data: Any, fonts_dir: Optional[str] = None, system_fonts: bool = True) -> Any:
    """A bag of place requests (a map tile's labels each, as Engine.place takes them) -> a bag of results."""
    return data.map_partitions(_place_partition, dict(fonts_dir=fonts_dir, system_fonts=system_fonts))


def _tiles_job(input: Any, zooms: Any, tile_size: Optional[int], metatile: Optional[int], bbox: Optional[Any],
               name_property: Optional[str], class_property: Optional[str], label_defaults: Optional[Dict[str, Any]],
               placement: Optional[Dict[str, Any]]) -> str:
    """The tiles job's JSON text: the input (a GeoJSON or tiles-job file's name, or a dict) with the keys given.
    A GeoJSON file's own text goes into the job as it is (parsing it is needed to tell GeoJSON from a tiles
    job; writing it again took as long as parsing, on the way to the first task)."""
    import json
    import os
    text = None
    if isinstance(input, dict):
        value: Any = input
    else:
        with open(os.fspath(input), encoding="utf-8") as f:
            text = f.read()
        value = json.loads(text)
    geojson = isinstance(value, dict) and value.get("type") in ("FeatureCollection", "Feature")
    job = {"geojson": value} if geojson else dict(value)
    if zooms is not None:
        if isinstance(zooms, int):
            zooms = str(zooms)
        elif isinstance(zooms, range):
            zooms = "%d-%d" % (zooms.start, zooms.stop - 1)
        elif isinstance(zooms, (tuple, list)):
            zooms = "%d-%d" % (min(zooms), max(zooms))
        job["zooms"] = str(zooms)
    for key, value in (("tileSize", tile_size), ("metatile", metatile), ("bbox", list(bbox) if bbox is not None else None),
                       ("nameProperty", name_property), ("classProperty", class_property),
                       ("labelDefaults", label_defaults), ("placement", placement)):
        if value is not None:
            job[key] = value
    if geojson and text is not None:
        del job["geojson"]
        rest = json.dumps(job, ensure_ascii=False, allow_nan=False)
        return '{"geojson":' + text + ("," + rest[1:] if job else "}")
    return json.dumps(job, ensure_ascii=False, allow_nan=False)


def _in_input_terms(error: Error, input: Any) -> Error:
    """A tiles job's error said as `pathtext tiles` says it: when the input was bare GeoJSON (which _tiles_job
    wraps as {"geojson": ...}), without the wrapper's key, and after the file's name (as given) when it came from one."""
    import json
    import os
    try:
        if isinstance(input, dict):
            value: Any = input
        else:
            with open(os.fspath(input), encoding="utf-8") as f:
                value = json.load(f)
    except (OSError, ValueError):
        return error
    if not (isinstance(value, dict) and value.get("type") in ("FeatureCollection", "Feature")):
        return error

    def unwrapped(text: str) -> str:
        return text[len("geojson."):] if text.startswith("geojson.") else text

    message = unwrapped(str(error))
    if not isinstance(input, dict):
        message = "%s: %s" % (os.fspath(input), message)
    return Error(message, unwrapped(error.key))


def _tiles_place(job: str, zoom: int, engine_options: Dict[str, Any]) -> str:
    """A zoom's placement task: the zoom's labels placed over the whole map, as a record (Engine.tiles_place)."""
    return _engine(engine_options).tiles_place(job, zoom)


def _tiles_batch(job: str, zoom: int, metatiles: List[List[int]], out: str, engine_options: Dict[str, Any],
                 placement: Optional[str] = None) -> Dict[str, Any]:
    """A drawing task: a batch of metatiles of one zoom drawn and written by this worker's Engine, from the
    zoom's placement record (read once per worker and kept for its next batches of the zoom), or with none
    (a zoom drawn in one task) placing the zoom itself."""
    return _engine(engine_options).tiles_render(job, zoom, metatiles, out, placement=placement)


#: How many drawing tasks tiles() gives each worker thread when it sizes the batches itself: few enough that
#: Dask's time per task (about 1 ms, 3 when the scheduler queues them) is small beside a task's drawing,
#: enough that the cheapest tasks, drawn last, let the workers finish together.
TASKS_PER_WORKER = 4

#: What placing a zoom costs, in tiles drawn (a placement took 17-27 ms on the Helsinki extract, a tile 7-18 ms).
PLACEMENT_COST = 1.5


def _tiles_batches(plan: Dict[str, Any], batch: Optional[int], workers: int) -> List[Dict[str, Any]]:
    """The drawing tasks of a tiles plan, the most expensive first: [{"zoom", "metatiles", "cost", "placed"}].

    A metatile costs its zoom's tiles per metatile (drawing takes about the same time a tile). With `batch`,
    each task draws `batch` metatiles of one zoom. Without, each draws about a TASKS_PER_WORKER-th of a
    worker's share of the tiles, and on more than one worker the last batch of each zoom is cut into single
    metatiles, the cheap tasks that fill the end of the run. A zoom drawn in one task ("placed": False) is
    placed by that task (its cost counts PLACEMENT_COST more): no placement task, no record to move."""
    zones = [z for z in plan["zooms"] if z["metatiles"]]
    target = sum(z["tiles"] for z in zones) / (TASKS_PER_WORKER * max(1, workers))
    out = []
    for zone in zones:
        metatiles, each = zone["metatiles"], zone["tiles"] / len(zone["metatiles"])
        size = batch if batch is not None else max(1, int(target / each))
        chunks = [metatiles[i:i + size] for i in range(0, len(metatiles), size)]
        if batch is None and workers > 1 and len(chunks) > 1:
            chunks[-1:] = [[m] for m in chunks[-1]]
        placed = len(chunks) > 1
        for chunk in chunks:
            out.append({"zoom": zone["zoom"], "metatiles": chunk, "cost": each * len(chunk) + (0 if placed else PLACEMENT_COST),
                        "placed": placed})
    out.sort(key=lambda b: -b["cost"])
    return out


def _workers(client: Any) -> int:
    """The worker threads of the client's cluster (client None: the current distributed client's, else this
    machine's cores, which Dask's local schedulers use)."""
    import os
    if client is None:
        try:
            from distributed import get_client
            client = get_client()
        except (ImportError, ValueError):
            return os.cpu_count() or 1
    return max(1, sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values()))


def tiles(input: Any, zooms: Any, out: Any, client: Any = None, tile_size: Optional[int] = None, metatile: Optional[int] = None,
          batch: Optional[int] = None, bbox: Optional[Any] = None, name_property: Optional[str] = None, class_property: Optional[str] = None,
          label_defaults: Optional[Dict[str, Any]] = None, placement: Optional[Dict[str, Any]] = None,
          fonts_dir: Optional[str] = None, system_fonts: bool = True) -> Dict[str, Any]:
    """Writes the XYZ tiles of GeoJSON roads, out/z/x/y.png and out/z/x/y.json, on Dask: one task per zoom that
    places the zoom's labels, and tasks that draw batches of metatiles of one zoom; the files are byte for
    byte those `pathtext tiles` writes.

    input: a GeoJSON FeatureCollection's file name (or a tiles job's: {"geojson": ..., "zooms": ...}), or the
    dict. zooms: "13-17", 16, range(13, 18) or (13, 17). client: a distributed Client (None: Dask's current
    scheduler). batch: metatiles a drawing task; None sizes the tasks by their cost (about TASKS_PER_WORKER
    tasks a worker thread, a zoom's tiles per metatile its cost). tile_size (256 or 512), metatile (tiles per
    side), bbox ([W, S, E, N]), name_property, class_property, label_defaults and placement as `pathtext tiles`
    takes them.

    Each zoom has one label placement over the whole map, made once in the cluster by the zoom's placement
    task; its result (a record of the placed labels, Engine.tiles_place) is an input of every drawing task
    of the zoom (Dask moves it to the workers that need it), so a label across any tile or metatile edge is
    the same in every tile. A zoom drawn in one task is placed by that task. Dask runs the placement tasks
    first (the larger zoom first: priority=), then the drawing tasks, the most expensive first, so that the
    workers finish together. Returns {"tiles": written, "tasks": drawing tasks run, "placements": placement
    tasks run, "zooms": [the zooms]}.
    """
    import os
    import dask
    if batch is not None and (isinstance(batch, bool) or not isinstance(batch, int) or batch < 1):
        raise Error("batch: expected a whole number of metatiles, at least 1, or None, got %r" % (batch,))
    engine_options = dict(fonts_dir=fonts_dir, system_fonts=system_fonts)
    job = _tiles_job(input, zooms, tile_size, metatile, bbox, name_property, class_property, label_defaults, placement)
    try:
        plan = _engine(engine_options).tiles_plan(job)  # checks the job (and the tile limit) before any task
    except Error as error:
        raise _in_input_terms(error, input) from None
    folder = os.path.abspath(os.fspath(out))
    batches = _tiles_batches(plan, batch, _workers(client))
    shared = dask.delayed(job, name="pathtext-tiles-job-%x" % (hash(job) & 0xFFFFFFFFFFFF))
    # Dask runs a higher priority first: the placements above every drawing task, a zoom with more drawing first.
    drawing = {}
    for b in batches:
        drawing[b["zoom"]] = drawing.get(b["zoom"], 0) + b["cost"] if b["placed"] else drawing.get(b["zoom"], 0)
    top = int(max((b["cost"] for b in batches), default=0) * 100) + 1
    records = {}
    for rank, zoom in enumerate(sorted((z for z, cost in drawing.items() if cost), key=lambda z: -drawing[z])):
        with dask.annotate(priority=top + len(drawing) - rank):
            records[zoom] = dask.delayed(_tiles_place, pure=True)(shared, zoom, engine_options)
    tasks = []
    for b in batches:
        with dask.annotate(priority=int(b["cost"] * 100)):
            tasks.append(dask.delayed(_tiles_batch, pure=True)(shared, b["zoom"], b["metatiles"], folder, engine_options,
                                                                records.get(b["zoom"])))
    if client is not None:
        results = client.gather(client.compute(tasks))
    else:
        results = dask.compute(*tasks)
    return {"tiles": sum(r["tiles"] for r in results), "tasks": len(tasks), "placements": len(records),
            "zooms": [z["zoom"] for z in plan["zooms"]]}


try:
    from distributed.diagnostics.plugin import WorkerPlugin as _WorkerPlugin
except ImportError:  # distributed is optional: the functions above work with any Dask scheduler
    _WorkerPlugin = object


class EnginePlugin(_WorkerPlugin):  # type: ignore[misc, valid-type]
    """A Dask worker plugin that makes the worker's Engine when the worker starts, so the first task does not
    pay for loading the fonts: client.register_plugin(pathtext.dask.EnginePlugin())."""

    name = "pathtext-engine"

    def __init__(self, fonts_dir: Optional[str] = None, system_fonts: bool = True) -> None:
        self.fonts_dir, self.system_fonts = fonts_dir, system_fonts

    def setup(self, worker: Any) -> None:
        _engine(dict(fonts_dir=self.fonts_dir, system_fonts=self.system_fonts))
