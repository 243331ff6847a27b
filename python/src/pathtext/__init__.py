"""Text laid out along paths with real typography: Python bindings to libpathtext.

Pure Python over the C library through ctypes. The requests are the scene files' label and scene
objects; the reply to a layout is the placements JSON (schema/placements.schema.json) as a dict.

    >>> import pathtext
    >>> engine = pathtext.Engine()
    >>> placements = engine.layout(text="Hello", path="M 0 100 L 400 100", size=32)
    >>> png = engine.render({"width": 400, "height": 200,
    ...                      "labels": [{"text": "Hi", "path": "M 10 100 L 390 100"}]})
"""

import ctypes
import ctypes.util
import json
import os
import re
import shutil
import subprocess
import threading

__all__ = ["Engine", "Error", "library_path", "version"]


class Error(Exception):
    """A request libpathtext could not carry out; the message names the bad key and value."""


def _candidates():
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


def _load():
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


def _declare(lib):
    err = ctypes.POINTER(ctypes.c_void_p)
    lib.pt_version.restype = ctypes.c_char_p
    lib.pt_version.argtypes = []
    lib.pt_engine_new.restype = ctypes.c_void_p
    lib.pt_engine_new.argtypes = [ctypes.c_char_p, err]
    lib.pt_engine_free.restype = None
    lib.pt_engine_free.argtypes = [ctypes.c_void_p]
    lib.pt_layout_json.restype = ctypes.c_int
    lib.pt_layout_json.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), err]
    lib.pt_place_json.restype = ctypes.c_int
    lib.pt_place_json.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), err]
    lib.pt_render.restype = ctypes.c_int
    lib.pt_render.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p),
                              ctypes.POINTER(ctypes.c_size_t), err]
    lib.pt_free.restype = None
    lib.pt_free.argtypes = [ctypes.c_void_p]


def library_path():
    """The file libpathtext was loaded from."""
    _load()
    return _lib_path


def version():
    """libpathtext's version."""
    return _load().pt_version().decode()


def _take_string(lib, pointer):
    """The C string at `pointer`, released."""
    if not pointer:
        return None
    try:
        return ctypes.string_at(pointer).decode("utf-8", "replace")
    finally:
        lib.pt_free(pointer)


def _camel(key):
    """letter_spacing -> letterSpacing (camelCase keys pass unchanged)."""
    return re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), key)


class Engine:
    """Loaded fonts and caches: make one and use it for many requests, from any number of threads.

    fonts_dir: the folder of the default fonts; None for the installed fonts.
    """

    def __init__(self, fonts_dir=None):
        self._lib = _load()
        error = ctypes.c_void_p()
        arg = None if fonts_dir is None else os.fsencode(fonts_dir)
        handle = self._lib.pt_engine_new(arg, ctypes.byref(error))
        if not handle:
            raise Error(_take_string(self._lib, error.value) or "cannot create the engine")
        self._handle = handle

    def close(self):
        """Releases the engine (also done when it is garbage-collected)."""
        handle, self._handle = getattr(self, "_handle", None), None
        if handle:
            self._lib.pt_engine_free(handle)

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _checked(self):
        if not self._handle:
            raise Error("the engine is closed")
        return self._handle

    def layout_json(self, request):
        """Lays out one label request (a JSON string or a dict) and returns the placements JSON text."""
        if not isinstance(request, (str, bytes)):
            request = json.dumps(request, ensure_ascii=False)
        if isinstance(request, str):
            request = request.encode("utf-8")
        out, error = ctypes.c_void_p(), ctypes.c_void_p()
        status = self._lib.pt_layout_json(self._checked(), request, ctypes.byref(out), ctypes.byref(error))
        if status != 0:
            raise Error(_take_string(self._lib, error.value) or "layout failed (status %d)" % status)
        return _take_string(self._lib, out.value)

    def layout(self, text=None, path=None, **options):
        """Lays out `text` along SVG path data `path` and returns the placements as a dict.

        options: the scene files' label keys, in snake_case or camelCase: size, align, offset, font (a
        file or a list), color, features, lang, dir, side, baseline, dy, shift, upright, letter_spacing,
        method, overflow, min_size, fit, length, warp, max_angle, repeat, runs.
        """
        request = {}
        if text is not None:
            request["text"] = text
        if path is not None:
            request["path"] = path
        for key, value in options.items():
            key = _camel(key)
            if key == "font" and isinstance(value, (str, os.PathLike)):
                value = [os.fspath(value)]
            request[key] = value
        return json.loads(self.layout_json(request))

    def place(self, request):
        """Places many labels without collisions and returns the result as a dict.

        request: a place file (a dict, or its JSON text): width, height, shapes (drawn under the labels),
        placement (spacing, padding, maxTurn, ...), labelDefaults, labels (each a label request with
        priority, group, minDistance, id, class) and obstacles. The reply holds the placed labels'
        placements with ink boxes ("fonts", "labels"), which request each came from ("placed") and why
        each dropped request was dropped ("dropped": request, id, text, reason, message).
        """
        if not isinstance(request, (str, bytes)):
            request = json.dumps(request, ensure_ascii=False)
        if isinstance(request, str):
            request = request.encode("utf-8")
        out, error = ctypes.c_void_p(), ctypes.c_void_p()
        status = self._lib.pt_place_json(self._checked(), request, ctypes.byref(out), ctypes.byref(error))
        if status != 0:
            raise Error(_take_string(self._lib, error.value) or "place failed (status %d)" % status)
        return json.loads(_take_string(self._lib, out.value))

    def render(self, scene, format="png"):
        """Draws a scene (a dict, or its JSON text) and returns the PNG or SVG file's bytes."""
        if not isinstance(scene, (str, bytes)):
            scene = json.dumps(scene, ensure_ascii=False)
        if isinstance(scene, str):
            scene = scene.encode("utf-8")
        data, length, error = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_void_p()
        status = self._lib.pt_render(self._checked(), scene, str(format).encode(), ctypes.byref(data),
                                     ctypes.byref(length), ctypes.byref(error))
        if status != 0:
            raise Error(_take_string(self._lib, error.value) or "render failed (status %d)" % status)
        try:
            return ctypes.string_at(data.value, length.value)
        finally:
            self._lib.pt_free(data.value)
