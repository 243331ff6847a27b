"""render_label: one label to an image with no scene to write, and the per-process default engine."""

from __future__ import annotations

import json
import math
import os
import threading
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple, Union

from . import _pathdata

if TYPE_CHECKING:
    from . import Engine

_engines: Dict[Tuple[Optional[str], bool], "Engine"] = {}
_engines_lock = threading.Lock()
_engines_pid: Optional[int] = None
engines_made = 0


def default_engine(fonts_dir: Optional[Union[str, "os.PathLike[str]"]] = None, system_fonts: bool = True) -> Engine:
    """One Engine per process (per fonts_dir and system_fonts), made on first use and kept: fonts are loaded
    once per process, a Dask worker's included, however many calls follow. A forked child makes its own."""
    global _engines_pid, engines_made
    from . import Engine
    key = (None if fonts_dir is None else os.fspath(fonts_dir), bool(system_fonts))
    with _engines_lock:
        if _engines_pid != os.getpid():
            _engines.clear()
            _engines_pid = os.getpid()
        engine = _engines.get(key)
        if engine is None:
            engine = _engines[key] = Engine(fonts_dir=key[0], system_fonts=key[1])
            engines_made += 1
        return engine


class RGBAImage:
    """Pixels of a drawn label or scene: `height` rows of `width` RGBA pixels (8 bits each, straight alpha).

    It exposes its bytes through the buffer protocol (memoryview(image) has shape (height, width, 4)), so
    `numpy.asarray(image)` is an array of shape (height, width, 4), dtype uint8, without a copy;
    `image.to_pil()` is a Pillow image (the "pil" extra).
    """

    __slots__ = ("width", "height", "_data")

    def __init__(self, width: int, height: int, data: Any) -> None:
        if len(data) != width * height * 4:
            raise ValueError("expected %d bytes for %dx%d RGBA, got %d" % (width * height * 4, width, height, len(data)))
        self.width, self.height, self._data = width, height, data

    def _view(self) -> memoryview:
        data = self._data.array if hasattr(self._data, "array") else self._data
        return memoryview(data).cast("B").cast("B", (self.height, self.width, 4))

    def __buffer__(self, flags: int) -> memoryview:
        return self._view()

    def __release_buffer__(self, view: memoryview) -> None:
        view.release()

    @property
    def data(self) -> memoryview:
        """The pixels as a read-only memoryview of shape (height, width, 4)."""
        return self._view().toreadonly()

    @property
    def __array_interface__(self) -> Dict[str, Any]:
        # NumPy before Python 3.12's __buffer__: the same bytes, no copy.
        if hasattr(self._data, "address"):
            return {"shape": (self.height, self.width, 4), "typestr": "|u1", "version": 3,
                    "data": (self._data.address, False)}
        return {"shape": (self.height, self.width, 4), "typestr": "|u1", "version": 3, "data": self._data}

    def tobytes(self) -> bytes:
        """The pixels as bytes (a copy)."""
        return self._view().tobytes()

    def to_pil(self) -> Any:
        """The image as a Pillow RGBA image (needs Pillow: pip install "pathtext[pil]")."""
        from PIL import Image
        return Image.frombuffer("RGBA", (self.width, self.height), self._view().cast("B"), "raw", "RGBA", 0, 1).copy()

    def __repr__(self) -> str:
        return "RGBAImage(%dx%d)" % (self.width, self.height)


def _glyph_bounds(placements: Dict[str, Any]) -> Optional[Tuple[float, float, float, float]]:
    """The box around every glyph of the placements (each glyph's em box turned by its angle), or None."""
    xs, ys = [], []
    for label in placements.get("labels", []):
        for g in label.get("glyphs", []):
            size, advance = g.get("size", label.get("size", 16)), g.get("advance", 0)
            a = math.radians(g.get("angle", 0))
            ca, sa = math.cos(a), math.sin(a)
            for u, v in ((0, -1.1 * size), (advance, -1.1 * size), (0, 0.4 * size), (advance, 0.4 * size)):
                xs.append(g["x"] + u * ca - v * sa)
                ys.append(g["y"] + u * sa + v * ca)
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def render_label(engine: Engine, text: Optional[str], path: Optional[str], format: str = "png", margin: float = 4,
                 **options: Any) -> Union[bytes, RGBAImage]:
    """See pathtext.render_label."""
    from . import Engine
    fixed = "width" in options or "height" in options
    scene = {k: options.pop(k) for k in ("width", "height", "background") if k in options}
    label = Engine._label_request(text, path, options)
    if not fixed:
        placements = json.loads(engine.layout_json(label))
        bounds = _glyph_bounds(placements)
        halo = label.get("halo", {})
        pad = margin + (halo.get("width", 0) if isinstance(halo, dict) else 0)
        if bounds is None:
            x0, y0, x1, y1 = 0, 0, 1, 1
        else:
            x0, y0, x1, y1 = bounds
        dx, dy = pad - math.floor(x0), pad - math.floor(y0)
        try:
            label["path"] = _pathdata.translate(label["path"], dx, dy) if "path" in label else None
        except ValueError:
            pass  # the library reports bad path data in its own words
        if label.get("path") is None:
            label.pop("path", None)
        scene["width"] = max(1, math.ceil(x1) - math.floor(x0) + 2 * pad)
        scene["height"] = max(1, math.ceil(y1) - math.floor(y0) + 2 * pad)
    scene["labels"] = [label]
    if format == "rgba":
        return engine.render_rgba(scene)
    return engine.render(scene, format=format)
