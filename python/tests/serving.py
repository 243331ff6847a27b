"""A `pathtext serve` process for the tests that go through HTTP: started on a free port, ready when it
answers, stopped at the end."""
import json
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest


def free_port():
    """A TCP port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`pathtext serve FLAGS` on a free port: with only the fonts folder in its environment (PATHTEXT_FONTS
    unless a flag gives it), or the tests' whole environment when `inherit_env`."""

    def __init__(self, cli_binary, fonts_dir, flags, inherit_env=False):
        self.port = free_port()
        env = {} if "--fonts-dir" in flags else {"PATHTEXT_FONTS": fonts_dir}
        if inherit_env:
            env = None
        self.proc = subprocess.Popen([cli_binary, "serve", "--port", str(self.port), *flags], stderr=subprocess.PIPE, env=env)
        self.base = "http://127.0.0.1:%d" % self.port
        for _ in range(100):
            try:
                urllib.request.urlopen(self.base + "/api/options", timeout=1)
                return
            except urllib.error.HTTPError:
                return  # it answers (a server with a tiny time limit answers 503)
            except OSError:
                time.sleep(0.1)
        self.proc.kill()
        pytest.fail("the server did not start: " + self.proc.stderr.read().decode())

    def post(self, route, body, content_type, query=""):
        request = urllib.request.Request(self.base + route + query, data=body, method="POST", headers={"Content-Type": content_type})
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                data = response.read()
                return json.loads(data) if route == "/api/layout" else {"bytes": data}
        except urllib.error.HTTPError as error:
            return json.loads(error.read())

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)
