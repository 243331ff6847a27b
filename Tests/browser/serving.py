"""`pathtext serve` for the browser tests: started on a free port, ready when `ready` answers, stopped with
SIGTERM at the end (and it must stop cleanly)."""
import contextlib
import os
import socket
import subprocess
import time
import urllib.request

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("PATHTEXT_BIN", os.path.join(ROOT, ".build", "debug", "pathtext"))


def free_port():
    """A TCP port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(flags, ready):
    """`pathtext serve --port P FLAGS`; yields its base URL once GET `ready` answers."""
    port = free_port()
    proc = subprocess.Popen([BINARY, "serve", "--port", str(port), *flags], stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + ready, timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        proc.kill()
        pytest.fail("the server did not start: " + proc.stderr.read().decode())
    yield base
    proc.terminate()
    assert proc.wait(timeout=10) == 0, "serve should stop cleanly on SIGTERM"
