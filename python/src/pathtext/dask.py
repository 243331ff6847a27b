"""PathText on Dask: a bag of label, scene or place requests in, placements or images out.

Each worker process holds one Engine (pathtext.default_engine(): fonts are loaded once per worker, not per
task); Dask does the scheduling. Point a client at any cluster and the same calls run there:

    >>> from dask.distributed import Client
    >>> import dask.bag as db
    >>> import pathtext.dask
    >>> client = Client("tcp://scheduler:8786")          # or LocalCluster(n_workers=2)
    >>> client.register_plugin(pathtext.dask.EnginePlugin())  # optional: load the fonts when a worker starts
    >>> labels = db.from_sequence([{"text": "Hi", "path": "M 0 0 L 100 0"}] * 1000, npartitions=8)
    >>> pngs = pathtext.dask.render_labels(labels).compute()

Requests are dicts with keys in camelCase or snake_case, as Engine takes them.
"""

from . import Error, default_engine

__all__ = ["layout", "render", "render_labels", "place", "EnginePlugin"]


def _engine(engine_options):
    return default_engine(**engine_options)


def _layout_partition(requests, engine_options):
    engine = _engine(engine_options)
    return [engine.layout(**request) for request in requests]


def _render_partition(scenes, format, engine_options):
    engine = _engine(engine_options)
    if format == "rgba":
        return [engine.render_rgba(scene).tobytes() for scene in scenes]
    return [engine.render(scene, format=format) for scene in scenes]


def _render_label_partition(labels, format, engine_options):
    from . import render_label
    engine = _engine(engine_options)
    out = []
    for label in labels:
        label = dict(label)
        image = render_label(label.pop("text", None), label.pop("path", None), format=format, engine=engine, **label)
        out.append(image.tobytes() if format == "rgba" else image)
    return out


def _place_partition(requests, engine_options):
    engine = _engine(engine_options)
    return [engine.place(request) for request in requests]


def _check_format(format):
    if format not in ("png", "svg", "rgba"):
        raise Error('format: expected "png", "svg" or "rgba", got %r' % (format,))


def layout(bag, fonts_dir=None, system_fonts=True):
    """A bag of label requests (dicts: text, path and label options) -> a bag of placements dicts."""
    return bag.map_partitions(_layout_partition, dict(fonts_dir=fonts_dir, system_fonts=system_fonts))


def render(bag, format="png", fonts_dir=None, system_fonts=True):
    """A bag of scene requests (dicts: width, height, shapes, labels) -> a bag of PNG or SVG bytes (for
    format="rgba", the pixels' bytes, width × height × 4)."""
    _check_format(format)
    return bag.map_partitions(_render_partition, format, dict(fonts_dir=fonts_dir, system_fonts=system_fonts))


def render_labels(bag, format="png", fonts_dir=None, system_fonts=True):
    """A bag of label requests (dicts: text, path, label options, and width/height/background/margin as
    pathtext.render_label takes them) -> a bag of images, each fitted to its label."""
    _check_format(format)
    return bag.map_partitions(_render_label_partition, format, dict(fonts_dir=fonts_dir, system_fonts=system_fonts))


def place(bag, fonts_dir=None, system_fonts=True):
    """A bag of place requests (a map tile's labels each, as Engine.place takes them) -> a bag of results."""
    return bag.map_partitions(_place_partition, dict(fonts_dir=fonts_dir, system_fonts=system_fonts))


try:
    from distributed.diagnostics.plugin import WorkerPlugin as _WorkerPlugin
except ImportError:  # distributed is optional: the functions above work with any Dask scheduler
    _WorkerPlugin = object


class EnginePlugin(_WorkerPlugin):
    """A Dask worker plugin that makes the worker's Engine when the worker starts, so the first task does not
    pay for loading the fonts: client.register_plugin(pathtext.dask.EnginePlugin())."""

    name = "pathtext-engine"

    def __init__(self, fonts_dir=None, system_fonts=True):
        self.fonts_dir, self.system_fonts = fonts_dir, system_fonts

    def setup(self, worker):
        default_engine(fonts_dir=self.fonts_dir, system_fonts=self.system_fonts)
