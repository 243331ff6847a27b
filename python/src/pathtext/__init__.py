"""Text laid out along paths with real typography: Python bindings to libpathtext.

Pure Python over the C library through ctypes. The requests are the scene files' label and scene
objects (schema/request.schema.json), with keys in camelCase or snake_case at every level (labels, runs,
shapes); the reply to a layout is the placements JSON (schema/placements.schema.json) as a dict.
`pathtext.options()` lists every option from the library's own catalog, and help(Engine.layout) shows them.

    >>> import pathtext
    >>> png = pathtext.render_label("Hello", "M 0 100 C 100 0 300 0 400 100", size=32)   # or format="svg", "rgba"
    >>> placements = pathtext.layout("Hello", "M 0 100 L 400 100", size=32, letter_spacing=2)
    >>> placed = pathtext.place({"width": 400, "height": 200, "labels": [...]})
    >>> report = pathtext.check("scene.json", "strings.csv", shipped_fonts_only=True)

These run on one Engine per process (default_engine()); make an Engine of your own for other fonts or no
system fallback, and use pathtext.dask for bags and dataframes of requests on a Dask cluster.
"""

from __future__ import annotations

import contextlib
import ctypes
import difflib
import ctypes.util
import json
import math
import os
import re
import shutil
import subprocess
import threading
import weakref
from typing import Any, Dict, Iterator, List, Literal, Mapping, Optional, Sequence, Union, overload

from . import _render
from ._render import RGBAImage, default_engine

__all__ = ["Engine", "Error", "RGBAImage", "library_path", "version", "options", "catalog", "embedded_fonts",
           "embedded_font", "render_label", "layout", "place", "check", "default_engine", "Request", "PathLike",
           "__version__"]


class Error(Exception):
    """A request libpathtext could not carry out; the message names the bad key and value.

    `key` says where the bad value is, in the request's own spelling as the message names it ("size",
    "labels[2].path", "timeLimit"), or "" when the request as a whole is at fault (bad JSON, a closed
    engine): what a program acts on, for example to highlight the field.
    """

    def __init__(self, message: str, key: str = "") -> None:
        super().__init__(message)
        self.key = key

    def __reduce__(self) -> Any:
        # Kept through pickling (Dask sends a task's exception back to the client).
        return (Error, (str(self), self.key))


def _failure(lib: ctypes.CDLL, pointer: Optional[int], fallback: str) -> Error:
    """The Error of a call that failed: its message (released) and this thread's pt_error_key."""
    message = _take_string(lib, pointer)
    if message is None:
        return Error(fallback)
    return Error(message, (lib.pt_error_key() or b"").decode("utf-8", "replace"))


#: A request: a dict (keys in camelCase or snake_case at every level), or its JSON text.
Request = Union[str, bytes, Mapping[str, Any]]
#: A file or folder name.
PathLike = Union[str, "os.PathLike[str]"]


def _candidates() -> Iterator[str]:
    env = os.environ.get("PATHTEXT_LIBRARY")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(here, "libpathtext.so")
    if shutil.which("pkg-config"):
        try:
            libdir = subprocess.run(["pkg-config", "--variable=libdir", "pathtext"], capture_output=True,
                                    text=True, check=True).stdout.strip()
            if libdir:
                yield os.path.join(libdir, "libpathtext.so")
        except (OSError, subprocess.CalledProcessError):
            pass
    found = ctypes.util.find_library("pathtext")
    if found:
        yield found


_lib = None
_lib_path = None
_lib_lock = threading.Lock()


def _load() -> ctypes.CDLL:
    """Loads libpathtext once and declares its functions."""
    global _lib, _lib_path
    with _lib_lock:
        if _lib is not None:
            return _lib
        tried = []
        for path in _candidates():
            if os.path.sep in path and not os.path.exists(path):
                tried.append(path)
                continue
            try:
                lib = ctypes.CDLL(path)
            except OSError as e:
                tried.append("%s (%s)" % (path, e))
                continue
            _declare(lib)
            _lib, _lib_path = lib, path
            return lib
        raise Error("cannot find libpathtext.so (tried: %s); install it with `make install PREFIX=DIR` and set "
                    "PKG_CONFIG_PATH=DIR/lib/pkgconfig or PATHTEXT_LIBRARY=DIR/lib/libpathtext.so"
                    % (", ".join(tried) or "nothing"))


class _EngineOptions(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("fonts_dir", ctypes.c_char_p), ("system_fonts", ctypes.c_int)]


class _Diagnostic(ctypes.Structure):
    _fields_ = [("code", ctypes.c_char_p), ("message", ctypes.c_char_p),
                ("cluster_count", ctypes.c_size_t), ("clusters", ctypes.POINTER(ctypes.c_int32)),
                ("code_point_count", ctypes.c_size_t), ("code_points", ctypes.POINTER(ctypes.c_uint32)),
                ("number_count", ctypes.c_size_t), ("number_names", ctypes.POINTER(ctypes.c_char_p)),
                ("numbers", ctypes.POINTER(ctypes.c_double)), ("font", ctypes.c_char_p)]


class _Label(ctypes.Structure):
    _fields_ = [("path_length", ctypes.c_double), ("size", ctypes.c_double), ("advance", ctypes.c_double),
                ("start", ctypes.c_double), ("rejected_angle", ctypes.c_double), ("flipped", ctypes.c_int),
                ("overflow", ctypes.c_int), ("rejected", ctypes.c_int), ("dropped", ctypes.c_int),
                ("missing", ctypes.c_int), ("diagnostic_count", ctypes.c_size_t),
                ("diagnostics", ctypes.POINTER(_Diagnostic))]


def _declare(lib: ctypes.CDLL) -> None:
    err = ctypes.POINTER(ctypes.c_void_p)
    lib.pt_version.restype = ctypes.c_char_p
    lib.pt_version.argtypes = []
    lib.pt_error_key.restype = ctypes.c_char_p
    lib.pt_error_key.argtypes = []
    lib.pt_engine_new.restype = ctypes.c_void_p
    lib.pt_engine_new.argtypes = [ctypes.c_char_p, err]
    lib.pt_engine_options_init.restype = None
    lib.pt_engine_options_init.argtypes = [ctypes.POINTER(_EngineOptions)]
    lib.pt_engine_new2.restype = ctypes.c_void_p
    lib.pt_engine_new2.argtypes = [ctypes.POINTER(_EngineOptions), err]
    lib.pt_engine_new_json.restype = ctypes.c_void_p
    lib.pt_engine_new_json.argtypes = [ctypes.c_char_p, err]
    lib.pt_embedded_font_names.restype = ctypes.c_char_p
    lib.pt_embedded_font_names.argtypes = []
    lib.pt_embedded_font.restype = ctypes.c_int
    lib.pt_embedded_font.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t), err]
    lib.pt_options_catalog_json.restype = ctypes.c_char_p
    lib.pt_options_catalog_json.argtypes = []
    lib.pt_options_new.restype = ctypes.c_void_p
    lib.pt_options_new.argtypes = []
    lib.pt_options_free.restype = None
    lib.pt_options_free.argtypes = [ctypes.c_void_p]
    lib.pt_options_set.restype = ctypes.c_int
    lib.pt_options_set.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, err]
    lib.pt_layout.restype = ctypes.c_int
    lib.pt_layout.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.POINTER(_Label),
                              ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t), err]
    lib.pt_engine_free.restype = None
    lib.pt_engine_free.argtypes = [ctypes.c_void_p]
    lib.pt_layout_json.restype = ctypes.c_int
    lib.pt_layout_json.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), err]
    lib.pt_place_json.restype = ctypes.c_int
    lib.pt_place_json.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), err]
    lib.pt_tiles_plan.restype = ctypes.c_int
    lib.pt_tiles_plan.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), err]
    lib.pt_tiles_render.restype = ctypes.c_int
    lib.pt_tiles_render.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                                    ctypes.POINTER(ctypes.c_void_p), err]
    lib.pt_tiles_place.restype = ctypes.c_int
    lib.pt_tiles_place.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p), err]
    lib.pt_tiles_render_placed.restype = ctypes.c_int
    lib.pt_tiles_render_placed.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                                           ctypes.POINTER(ctypes.c_void_p), err]
    lib.pt_check_json.restype = ctypes.c_int
    lib.pt_check_json.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), err]
    lib.pt_render.restype = ctypes.c_int
    lib.pt_render.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p),
                              ctypes.POINTER(ctypes.c_size_t), err]
    lib.pt_render_rgba.restype = ctypes.c_int
    lib.pt_render_rgba.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p),
                                   ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_size_t), err]
    lib.pt_free.restype = None
    lib.pt_free.argtypes = [ctypes.c_void_p]


def library_path() -> str:
    """The file libpathtext was loaded from."""
    _load()
    return _lib_path


def version() -> str:
    """libpathtext's version."""
    return _load().pt_version().decode()


def _take_string(lib: ctypes.CDLL, pointer: Optional[int]) -> Optional[str]:
    """The C string at `pointer`, released."""
    if not pointer:
        return None
    try:
        return ctypes.string_at(pointer).decode("utf-8", "replace")
    finally:
        lib.pt_free(pointer)


def _no_nul(data: bytes, what: str) -> bytes:
    """`data` (bytes), refused with Error when it holds a NUL byte, which C would take as its end."""
    if b"\0" in data:
        raise Error("%s contains a NUL character (U+0000), which is not allowed" % what)
    return data


def _camel(key: str) -> str:
    """letter_spacing -> letterSpacing (camelCase keys pass unchanged)."""
    return re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), key)


def _camel_keys(value: Any) -> Any:
    """A request with every object key in camelCase, at every level (labels, runs, shapes)."""
    if isinstance(value, dict):
        return {_camel(k) if isinstance(k, str) else k: _camel_keys(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_camel_keys(v) for v in value]
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return value


def _finite(value: Any, path: str = "") -> Any:
    """`value` unchanged, after checking every float in it is finite: JSON has no NaN or infinity, and a
    request holding one is refused naming its key and value (not "not valid JSON ... unexpected 'N'")."""
    if isinstance(value, float) and not math.isfinite(value):
        raise Error("%s: expected a finite number, got %r" % (path or "the request", value), path)
    if isinstance(value, dict):
        for k, v in value.items():
            _finite(v, "%s.%s" % (path, k) if path else str(k))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _finite(v, "%s[%d]" % (path, i))
    return value


def _request_text(value: Any, camel: bool = True) -> str:
    """A request (a dict) as JSON text, keys in camelCase when `camel`, numbers checked by `_finite`."""
    value = _camel_keys(value) if camel else value
    return json.dumps(_finite(value), ensure_ascii=False, allow_nan=False)


def _job_bytes(job: Any) -> bytes:
    """A tiles job (a dict, or its JSON text) as the bytes the C library reads."""
    if not isinstance(job, (str, bytes)):
        job = _request_text(job, camel=False)
    if isinstance(job, str):
        job = job.encode("utf-8")
    return _no_nul(job, "the tiles job")


def _snake(key: str) -> str:
    """letterSpacing -> letter_spacing."""
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), key)


_catalog_cache: Optional[Dict[str, Any]] = None


def catalog() -> Dict[str, Any]:
    """The library's option catalog as a dict (what `pt_options_catalog_json()` and `GET /api/options`
    give): "groups", and rows for "label", "run", "scene" and "shape" keys, each with key, flag, placeholder,
    expected, default, help, group, repeatable, sample and schema."""
    global _catalog_cache
    if _catalog_cache is None:
        _catalog_cache = json.loads(_load().pt_options_catalog_json().decode("utf-8"))
    return _catalog_cache


def embedded_fonts() -> List[str]:
    """The names of the fonts compiled into the library: what the placements JSON's fonts name as
    "embedded" (they have no file path)."""
    return json.loads(_load().pt_embedded_font_names().decode("utf-8"))


def embedded_font(name: str) -> bytes:
    """The bytes of the embedded font `name` (one of embedded_fonts()), for a renderer that opens them itself."""
    lib = _load()
    data, length, error = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_void_p()
    if lib.pt_embedded_font(os.fsencode(name), ctypes.byref(data), ctypes.byref(length), ctypes.byref(error)) != 0:
        raise _failure(lib, error.value, "no embedded font %s" % name)
    return ctypes.string_at(data.value, length.value)


def options() -> List[Dict[str, Any]]:
    """Every label option: a list of dicts (key, snake_case name, values, default, help, group), from the
    library's catalog, so it lists exactly what the library accepts."""
    return [dict(row, name=_snake(row["key"])) for row in catalog()["label"]]


def _options_text() -> str:
    """The label options as docstring lines, grouped as the playground groups them."""
    rows = options()
    lines = []
    for group in catalog()["groups"]:
        members = [r for r in rows if r.get("group") == group["id"]]
        if not members:
            continue
        lines.append("        %s:" % group["title"])
        for r in members:
            default = "" if r["default"] is None else " (default %s)" % r["default"]
            lines.append("          %s / %s: %s -- %s%s" % (r["name"], r["key"], r["placeholder"], r["help"], default))
    return "\n".join(lines)


class _ForkBarrier:
    """Calls into the library in flight in this process. `os.fork()` waits until none is (and holds new ones
    back until it returns), so a child process never starts with another thread inside the library holding
    one of its locks: without this, 2 of 100 children forked while threads laid out hung in their first
    call (issue #27 item 12). The child starts with a fresh barrier."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.calls = 0
        self.forking = False

    @contextlib.contextmanager
    def call(self) -> Iterator[None]:
        with self.cond:
            while self.forking:  # a fork is waiting for the calls in flight: no new ones until it is done
                self.cond.wait()
            self.calls += 1
        try:
            yield
        finally:
            with self.cond:
                self.calls -= 1
                if not self.calls:
                    self.cond.notify_all()


_barrier = _ForkBarrier()


def _before_fork() -> None:
    _barrier.cond.acquire()
    _barrier.forking = True
    while _barrier.calls:
        _barrier.cond.wait()


def _after_fork_in_parent() -> None:
    _barrier.forking = False
    _barrier.cond.notify_all()
    _barrier.cond.release()


def _after_fork_in_child() -> None:
    global _barrier, _lib_lock
    _barrier = _ForkBarrier()
    _lib_lock = threading.Lock()
    # Another thread of the parent may have held an engine's own lock at the fork (it takes it just before
    # and after the barrier to count its call): the child, where that thread does not exist, gets new ones.
    for engine in list(_engines):
        engine._state = threading.Condition()
        engine._in_flight = 0


_engines: "weakref.WeakSet[Engine]" = weakref.WeakSet()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent,
                        after_in_child=_after_fork_in_child)


class Engine:
    """Loaded fonts and caches: make one and use it for many requests, from any number of threads.

    fonts_dir: the folder of the default fonts; None for the installed fonts.
    system_fonts: False never falls back to the system's fonts (Fontconfig) after the stack, so which
    characters are missing does not depend on the machine (the CLI's --no-system-fonts).
    **settings: any other request setting of the library's catalog (catalog()["settings"]), by its
    snake_case name: time_limit (seconds a call may run), and the defaults of the engine's calls: format
    ("png" or "svg" for render()), ink (True: layout() gives ink boxes), strict (SVG input: what the reader
    does not draw is an error). The same settings as the CLI's flags and pt_engine_new_json's keys.
    """

    def __init__(self, fonts_dir: Optional[PathLike] = None, system_fonts: bool = True, **settings: Any) -> None:
        self._lib = _load()
        # Calls in flight, counted under a condition: close() waits for them before freeing the engine.
        self._state = threading.Condition()
        self._in_flight = 0
        _engines.add(self)
        # Every request setting of the library's catalog (catalog()["settings"]), snake_case or camelCase,
        # passed to pt_engine_new_json as one JSON object: the library reads and checks them.
        known = {_snake(row["key"]): row["key"] for row in catalog()["settings"]}
        given: Dict[str, Any] = {}
        for name, value in settings.items():
            key = known.get(name) or (name if name in known.values() else None)
            if key is None:
                near = difflib.get_close_matches(name, list(known), n=1)
                raise TypeError("Engine() got an unexpected setting %r%s" % (name, " (did you mean %r?)" % near[0] if near else ""))
            given[key] = value
        if fonts_dir is not None:
            given["fontsDir"] = os.fsdecode(fonts_dir)
        if not system_fonts:
            given["systemFonts"] = False
        self.system_fonts = bool(given.get("systemFonts", True))
        self.settings = dict(given)
        # What a copy or an unpickled engine is made from (a new engine, never this one's handle).
        self._made_with = (fonts_dir, system_fonts, dict(settings))
        _finite(given, "Engine settings")
        try:
            text = json.dumps(given, ensure_ascii=False, allow_nan=False).encode("utf-8")
        except (ValueError, UnicodeEncodeError) as e:
            raise Error("Engine settings: %s" % e) from None
        _no_nul(text, "the settings")
        error = ctypes.c_void_p()
        with _barrier.call():
            handle = self._lib.pt_engine_new_json(text, ctypes.byref(error))
        if not handle:
            raise _failure(self._lib, error.value, "cannot create the engine")
        self._handle = handle

    def close(self) -> None:
        """Releases the engine (also done when it is garbage-collected).

        Safe while other threads are inside layout() or render(): the engine is closed at once for new
        calls (they raise Error "the engine is closed"), and freed when the calls in flight return.
        """
        state = getattr(self, "_state", None)
        if state is None:
            return
        with state:
            handle, self._handle = getattr(self, "_handle", None), None
            while self._in_flight:
                state.wait()
        if handle:
            self._lib.pt_engine_free(handle)

    def __del__(self) -> None:
        self.close()

    def __copy__(self) -> Engine:
        """A new engine with the same options (its own fonts and caches): never this one's handle, which
        closing or collecting either would free under the other."""
        fonts_dir, system_fonts, settings = self._made_with
        return Engine(fonts_dir, system_fonts, **settings)

    def __deepcopy__(self, memo: Dict[int, Any]) -> Engine:
        return self.__copy__()

    def __reduce__(self) -> Any:
        """Pickling an engine pickles its options: unpickling makes a new engine (in another process, a
        Dask worker)."""
        fonts_dir, system_fonts, settings = self._made_with
        return (_engine_from, (None if fonts_dir is None else os.fspath(fonts_dir), system_fonts, settings))

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _checked(self) -> int:
        """The engine's handle, or Error when it is closed. Not counted as in use: a call made with it can
        race close(); the library's own calls use _using()."""
        if not self._handle:
            raise Error("the engine is closed")
        return self._handle

    @contextlib.contextmanager
    def _using(self) -> Iterator[int]:
        """The engine's handle, counted as in use until the block ends (so close() waits for it)."""
        with self._state:
            if not self._handle:
                raise Error("the engine is closed")
            handle = self._handle
            self._in_flight += 1
        try:
            with _barrier.call():
                yield handle
        finally:
            with self._state:
                self._in_flight -= 1
                if not self._in_flight:
                    self._state.notify_all()

    def layout_json(self, request: Request) -> str:
        """Lays out one label request (a JSON string or a dict, keys in camelCase or snake_case) and returns
        the placements JSON text."""
        if not isinstance(request, (str, bytes)):
            request = _request_text(request)
        if isinstance(request, str):
            request = request.encode("utf-8")
        _no_nul(request, "the request")
        out, error = ctypes.c_void_p(), ctypes.c_void_p()
        with self._using() as handle:
            status = self._lib.pt_layout_json(handle, request, ctypes.byref(out), ctypes.byref(error))
        if status != 0:
            raise _failure(self._lib, error.value, "layout failed (status %d)" % status)
        return _take_string(self._lib, out.value)

    @staticmethod
    def _label_request(text: Optional[str], path: Optional[str], options: Mapping[str, Any]) -> Dict[str, Any]:
        request = {}
        if text is not None:
            request["text"] = text
        if path is not None:
            request["path"] = path
        for key, value in options.items():
            key = _camel(key)
            if key == "font" and isinstance(value, (str, os.PathLike)):
                value = [os.fspath(value)]
            request[key] = _camel_keys(value)
        return request

    def layout(self, text: Optional[str] = None, path: Optional[str] = None, **options: Any) -> Dict[str, Any]:
        """Lays out `text` along SVG path data `path` and returns the placements as a dict.

        options: the scene files' label keys, in snake_case or camelCase (runs' keys too); the list is
        the library's catalog (pathtext.options()).
        """
        return json.loads(self.layout_json(self._label_request(text, path, options)))

    def diagnostics(self, text: Optional[str] = None, path: Optional[str] = None, **options: Any) -> List[Dict[str, Any]]:
        """Lays out a label as layout() does and returns its diagnostics as a list of dicts (those of the
        placements JSON's first label), each with a stable "code" (missing-glyph, dropped-clusters,
        truncated, shrunk, wrapped, rejected-turn, suppressed-spacing, elongated-spacing,
        elongation-unavailable, synthesized-weight, synthesized-style, color-glyph-outline,
        color-glyph-composite, shaping), a "message", the "clusters"
        and "codePoints" it concerns, and its numbers by name ("from", "to" and "fits" for shrunk; "lines"
        for wrapped; "degrees", "limit" for rejected-turn; "width", "tatweels" for elongated-spacing;
        "start", "end", "run" for synthesized-*; "font" for missing-glyph, synthesized-* and
        elongation-unavailable)."""
        labels = self.layout(text, path, **options)["labels"]
        return list(labels[0].get("diagnostics", [])) if labels else []

    def _c_diagnostics(self, text: Optional[str] = None, path: Optional[str] = None, **options: Any) -> List[Dict[str, Any]]:
        """diagnostics() through the C library's pt_options_set (each key as JSON) and pt_layout's pt_label,
        in the placements JSON's words (tests check the two agree)."""
        request = self._label_request(text, path, options)
        lib = self._lib
        handle = lib.pt_options_new()
        if not handle:
            raise Error("out of memory")
        try:
            error = ctypes.c_void_p()
            for key, value in request.items():
                if lib.pt_options_set(handle, key.encode(), json.dumps(_finite(value, key), ensure_ascii=False).encode("utf-8"),
                                      ctypes.byref(error)) != 0:
                    raise _failure(lib, error.value, "bad option %s" % key)
            label, glyphs, count = _Label(), ctypes.c_void_p(), ctypes.c_size_t()
            with self._using() as engine:
                status = lib.pt_layout(engine, None, None, handle, ctypes.byref(label), ctypes.byref(glyphs),
                                       ctypes.byref(count), ctypes.byref(error))
            if status != 0:
                raise _failure(lib, error.value, "layout failed")
            lib.pt_free(glyphs.value)
            out = []
            try:
                for k in range(label.diagnostic_count):
                    d = label.diagnostics[k]
                    item = {"code": d.code.decode(), "message": d.message.decode("utf-8", "replace"),
                            "clusters": [d.clusters[i] for i in range(d.cluster_count)]}
                    if d.code_point_count:
                        item["codePoints"] = [d.code_points[i] for i in range(d.code_point_count)]
                    for i in range(d.number_count):
                        name = d.number_names[i].decode()
                        item[name] = bool(d.numbers[i]) if name == "fits" else d.numbers[i]
                    if d.font:
                        item["font"] = d.font.decode("utf-8", "replace")
                    out.append(item)
            finally:
                lib.pt_free(ctypes.cast(label.diagnostics, ctypes.c_void_p))
            return out
        finally:
            lib.pt_options_free(handle)

    def place(self, request: Request) -> Dict[str, Any]:
        """Places many labels without collisions and returns the result as a dict.

        request: a place file (a dict, or its JSON text): width, height, shapes (drawn under the labels),
        placement (spacing, padding, maxTurn, ...), labelDefaults, labels (each a label request with
        priority, group, minDistance, id, class) and obstacles. The reply holds the placed labels'
        placements with ink boxes ("fonts", "labels"), which request each came from ("placed") and why
        each dropped request was dropped ("dropped": request, id, text, reason, message).
        """
        if not isinstance(request, (str, bytes)):
            request = _request_text(request, camel=False)
        if isinstance(request, str):
            request = request.encode("utf-8")
        _no_nul(request, "the request")
        out, error = ctypes.c_void_p(), ctypes.c_void_p()
        with self._using() as handle:
            status = self._lib.pt_place_json(handle, request, ctypes.byref(out), ctypes.byref(error))
        if status != 0:
            raise _failure(self._lib, error.value, "place failed (status %d)" % status)
        return json.loads(_take_string(self._lib, out.value))

    def tiles_plan(self, job: Union[str, bytes, Request]) -> Dict[str, Any]:
        """The plan of a tiles job: {"tiles": N, "tileSize": 256, "metatile": 4, "zooms": [{"zoom": 16,
        "tiles": 12, "metatiles": [[x, y], ...]}, ...]}.

        job: a GeoJSON FeatureCollection of roads, or {"geojson": {...}, "zooms": "13-17", "tileSize": 256,
        "metatile": 4, "bbox": [W, S, E, N], "nameProperty": "name", "classProperty": "highway",
        "labelDefaults": {...}, "placement": {...}} (a dict, or its JSON text). A job over the tile limit
        raises Error before any work."""
        out, error = ctypes.c_void_p(), ctypes.c_void_p()
        data = _job_bytes(job)
        with self._using() as handle:
            status = self._lib.pt_tiles_plan(handle, data, ctypes.byref(out), ctypes.byref(error))
        if status != 0:
            raise _failure(self._lib, error.value, "tiles plan failed (status %d)" % status)
        return json.loads(_take_string(self._lib, out.value))

    def tiles_place(self, job: Union[str, bytes, Request], zoom: int) -> str:
        """The placement of one zoom of a tiles job, over the whole job, as a record (JSON text: each placed
        label's request, path and offset) that tiles_render(..., placement=record) draws from on any engine,
        in any process: a cluster places each zoom once. The engine keeps the zoom for its own next renders.
        Raises Error (key "zoom") for a zoom that is not the job's."""
        if isinstance(zoom, bool) or not isinstance(zoom, int) or not -(1 << 31) <= zoom < (1 << 31):
            raise Error("zoom: expected one of the job's zooms, got %r" % (zoom,), "zoom")
        out, error = ctypes.c_void_p(), ctypes.c_void_p()
        data = _job_bytes(job)
        with self._using() as handle:
            status = self._lib.pt_tiles_place(handle, data, zoom, ctypes.byref(out), ctypes.byref(error))
        if status != 0:
            raise _failure(self._lib, error.value, "tiles place failed (status %d)" % status)
        return _take_string(self._lib, out.value)

    def tiles_render(self, job: Union[str, bytes, Request], zoom: int, metatiles: Sequence[Sequence[int]],
                     out: PathLike, placement: Optional[Union[str, bytes]] = None) -> Dict[str, Any]:
        """Draws `metatiles` (addresses [x, y] from tiles_plan) of one zoom of a tiles job and writes their
        tiles, out/z/x/y.png and out/z/x/y.json, byte for byte what `pathtext tiles` writes. The labels come
        from the zoom's one placement over the whole job: `placement`, a record from tiles_place (of this
        job and zoom, else Error with key "placement..."; read once per engine and kept), or when None the
        engine places the zoom itself, once, and keeps it for the next calls. Returns
        {"tiles": written, "labels": labels of the zoom's placement}."""
        batch = json.dumps({"zoom": int(zoom), "metatiles": [[int(x), int(y)] for x, y in metatiles]}).encode("utf-8")
        folder = _no_nul(os.fsencode(os.fspath(out)), "the folder")
        if placement is not None and not isinstance(placement, (str, bytes)):
            raise Error("placement: expected the record tiles_place returns (a str), got %s" % type(placement).__name__, "placement")
        record = None if placement is None else _no_nul(placement.encode("utf-8") if isinstance(placement, str) else placement, "the placement")
        result, error = ctypes.c_void_p(), ctypes.c_void_p()
        data = _job_bytes(job)
        with self._using() as handle:
            if record is None:
                status = self._lib.pt_tiles_render(handle, data, batch, folder, ctypes.byref(result), ctypes.byref(error))
            else:
                status = self._lib.pt_tiles_render_placed(handle, data, batch, record, folder, ctypes.byref(result), ctypes.byref(error))
        if status != 0:
            raise _failure(self._lib, error.value, "tiles render failed (status %d)" % status)
        return json.loads(_take_string(self._lib, result.value))

    def check(self, scene: Union[Request, PathLike], strings: Union[Mapping[str, Mapping[str, str]], PathLike],
              shipped_fonts_only: bool = False) -> Dict[str, Any]:
        """Lays every label of `scene` out in every locale of `strings` and says, per locale and label, whether
        it fits, what no font covers, which fonts it fell back to and what collides (`pathtext check`).

        scene: a scene (a dict, its JSON text, or a scene file's name). strings: the translations, a dict
        {locale: {key: text}} (a key is a label's own text, or "labels[N]"), or a translation file's name
        (CSV, TSV, JSON, gettext .po, .strings, .xcstrings, Android strings.xml, XLIFF). shipped_fonts_only:
        no system fallback, so the answer does not depend on the machine.

        Returns {"results": [...], "summary": "..."}: one result per locale and label, with locale, label,
        key, text, result ("fits", "shrunk", "ellipsized", "overflows"), size, requestedSize, issues
        (overflow, shrunk, ellipsized, missing, fallback, system-font, spacing, overlap, collision), missing
        (code points as "U+XXXX"), fallbackFonts, suppressedSpacing, overlaps, collisions and diagnostics.
        """
        if isinstance(scene, Mapping):
            scene_value: Any = _camel_keys(scene)
        else:
            text = scene.decode("utf-8") if isinstance(scene, bytes) else os.fspath(scene)
            if not text.lstrip().startswith("{"):
                with open(text, encoding="utf-8") as f:
                    text = f.read()
            scene_value = json.loads(text)
        request: Dict[str, Any] = {"scene": scene_value, "shippedFontsOnly": bool(shipped_fonts_only)}
        if isinstance(strings, Mapping):
            request["strings"] = {str(locale): dict(texts) if isinstance(texts, Mapping) else texts
                                  for locale, texts in strings.items()}
        else:
            request["stringsFile"] = os.fspath(strings)
        data = _no_nul(_request_text(request, camel=False).encode("utf-8"), "the request")
        out, error = ctypes.c_void_p(), ctypes.c_void_p()
        with self._using() as handle:
            status = self._lib.pt_check_json(handle, data, ctypes.byref(out), ctypes.byref(error))
        if status != 0:
            raise _failure(self._lib, error.value, "check failed (status %d)" % status)
        return json.loads(_take_string(self._lib, out.value) or "{}")

    def render(self, scene: Request, format: Optional[str] = None) -> bytes:
        """Draws a scene (a dict, or its JSON text) or an SVG document (its text) and returns the PNG or SVG
        file's bytes (format None: the engine's format setting, png unless Engine(format="svg")). A dict's
        keys may be camelCase or snake_case at every level (labels, runs, shapes)."""
        if not isinstance(scene, (str, bytes)):
            scene = _request_text(scene)
        if isinstance(scene, str):
            scene = scene.encode("utf-8")
        _no_nul(scene, "the scene")
        format_word = None if format is None else _no_nul(str(format).encode(), "format")
        data, length, error = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_void_p()
        with self._using() as handle:
            status = self._lib.pt_render(handle, scene, format_word, ctypes.byref(data),
                                         ctypes.byref(length), ctypes.byref(error))
        if status != 0:
            raise _failure(self._lib, error.value, "render failed (status %d)" % status)
        try:
            return ctypes.string_at(data.value, length.value)
        finally:
            self._lib.pt_free(data.value)


    def render_rgba(self, scene: Request) -> RGBAImage:
        """Draws a scene as render() does and returns its pixels as an RGBAImage (no PNG is encoded): numpy.asarray()
        of it is a (height, width, 4) uint8 array over the library's own buffer, without a copy."""
        if not isinstance(scene, (str, bytes)):
            scene = _request_text(scene)
        if isinstance(scene, str):
            scene = scene.encode("utf-8")
        _no_nul(scene, "the scene")
        data, width, height, error = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_void_p()
        with self._using() as handle:
            status = self._lib.pt_render_rgba(handle, scene, ctypes.byref(data), ctypes.byref(width),
                                              ctypes.byref(height), ctypes.byref(error))
        if status != 0:
            raise _failure(self._lib, error.value, "render failed (status %d)" % status)
        return RGBAImage(width.value, height.value, _CBuffer(self._lib, data.value, width.value * height.value * 4))


def _engine_from(fonts_dir: Optional[PathLike], system_fonts: bool, settings: Dict[str, Any]) -> Engine:
    """An engine made from pickled options (see Engine.__reduce__)."""
    return Engine(fonts_dir, system_fonts, **settings)


class _CBuffer:
    """Bytes the library allocated, released with pt_free when the last view of them goes."""

    def __init__(self, lib: ctypes.CDLL, address: int, length: int) -> None:
        self._lib, self.address = lib, address
        self.array = (ctypes.c_ubyte * length).from_address(address)
        # A memoryview of the array (Python 3.12's __buffer__) keeps the array alive; the array keeps this.
        self.array.owner = self

    def __len__(self) -> int:
        return len(self.array)

    def __del__(self) -> None:
        if self.address:
            self._lib.pt_free(self.address)
            self.address = None


@overload
def render_label(text: str, path: str, format: Literal["png", "svg"] = "png", **options: Any) -> bytes: ...


@overload
def render_label(text: str, path: str, format: Literal["rgba"], **options: Any) -> RGBAImage: ...


def render_label(text: str, path: str, format: str = "png", **options: Any) -> Union[bytes, RGBAImage]:
    """Draws one label along SVG path data `path` and returns it: PNG bytes (format="png"), SVG text's bytes
    (format="svg"), or an RGBAImage (format="rgba"; numpy.asarray() gives a (height, width, 4) uint8 array).

    The canvas is fitted by the library, by the rule of every door (a scene's "fitCanvas", Swift's TextLabel): the
    label's ink box, halo included, with a margin (margin=8 pixels), rounded out to whole pixels; width= and
    height= give a fixed canvas instead, in the path's own coordinates; background= colours
    it. Every other keyword is a label option (pathtext.options(); help(Engine.layout) lists them). Uses
    one engine per process (default_engine()); engine= takes another.
    """
    engine = options.pop("engine", None) or default_engine()
    if format not in ("png", "svg", "rgba"):
        raise Error('format: expected "png", "svg" or "rgba", got %r' % (format,))
    return _render.render_label(engine, text, path, format=format, margin=options.pop("margin", 8), **options)


def layout(text: Optional[str] = None, path: Optional[str] = None, **options: Any) -> Dict[str, Any]:
    """Lays out `text` along SVG path data `path` and returns the placements as a dict (the placements JSON:
    "fonts" and "labels", each label's "glyphs" with glyph id, font, x, y, angle and transform).

    Every keyword is a label option (pathtext.options()), in snake_case or camelCase; the list follows.
    Uses one engine per process (default_engine()); engine= takes another.
    """
    engine = options.pop("engine", None) or default_engine()
    return engine.layout(text, path, **options)


def place(request: Request, engine: Optional[Engine] = None) -> Dict[str, Any]:
    """Places many labels without collisions (a place file: a dict or its JSON text) and returns the result as
    a dict; see Engine.place. Uses default_engine() unless engine= is given."""
    return (engine or default_engine()).place(request)


def check(scene: Union[Request, PathLike], strings: Union[Mapping[str, Mapping[str, str]], PathLike],
          shipped_fonts_only: bool = False, engine: Optional[Engine] = None) -> Dict[str, Any]:
    """Lays every label of a scene out in every locale of a translation table and reports what fits, what is
    missing, what falls back and what collides; see Engine.check. Uses default_engine() unless engine= is
    given."""
    return (engine or default_engine()).check(scene, strings, shipped_fonts_only=shipped_fonts_only)


def _document_options() -> None:
    """Adds the catalog's options to layout()'s docstring (at import; skipped when no library is found,
    so importing never fails)."""
    try:
        text = _options_text()
    except Error:
        return
    Engine.layout.__doc__ = (Engine.layout.__doc__ or "") + "\n        Options:\n" + text + "\n"
    render_label.__doc__ = (render_label.__doc__ or "") + "\n    Options:\n" + text + "\n"
    layout.__doc__ = (layout.__doc__ or "") + "\n    Options:\n" + text + "\n"


_document_options()


def _read_version() -> str:
    """The library's pt_version() (one declaration: Sources/Doors/PathText/Version.swift); the package's own
    metadata when no library is found, so importing never fails."""
    try:
        return version()
    except Error:
        try:
            from importlib.metadata import version as _metadata_version
            return _metadata_version("pathtext")
        except Exception:
            return "unknown"


__version__ = _read_version()
