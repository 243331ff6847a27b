"""render_label: one label to an image with no scene to write, and the per-process default engine."""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple, Union

if TYPE_CHECKING:
    from . import Engine

_engines: Dict[Tuple[Optional[str], bool], "Engine"] = {}
_engines_lock = threading.Lock()
_engines_pid: Optional[int] = None
engines_made = 0


def _after_fork_in_child() -> None:
    # A thread of the parent may have held the lock at the fork (making an engine): the child gets a new one.
    global _engines_lock
    _engines_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


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


def render_label(engine: Engine, text: Optional[str], path: Optional[str], format: str = "png", margin: float = 8,
                 **options: Any) -> Union[bytes, RGBAImage]:
    """See pathtext.render_label."""
    from . import Engine
    fixed = "width" in options or "height" in options
    scene = {k: options.pop(k) for k in ("width", "height", "background") if k in options}
    label = Engine._label_request(text, path, options)
    if not fixed:
        scene["fitCanvas"] = margin  # the library fits the canvas (CanvasFit): one rule for every door
    scene["labels"] = [label]
    if format == "rgba":
        return engine.render_rgba(scene)
    return engine.render(scene, format=format)
