"""README's Python quick start, run as written (in a fresh folder, by this interpreter)."""
import os
import re
import subprocess
import sys

import pathtext
from conftest import ROOT

PNG = b"\x89PNG\r\n\x1a\n"


def block(name, path=os.path.join(ROOT, "README.md")):
    """The code of the fenced block between <!-- NAME:begin --> and <!-- NAME:end -->."""
    text = open(path, encoding="utf-8").read()
    found = re.search(r"<!-- %s:begin -->\n```[a-z]*\n(.*?)```\n<!-- %s:end -->" % (name, name), text, re.S)
    assert found, "no %s block in %s" % (name, path)
    return found.group(1)


def test_the_quick_start_is_at_most_ten_lines():
    assert len(block("quickstart-python").strip("\n").split("\n")) <= 10


def test_the_quick_start_runs_as_written(tmp_path):
    run = subprocess.run([sys.executable, "-c", block("quickstart-python")], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert os.listdir(tmp_path) == ["hello.png"]
    png = (tmp_path / "hello.png").read_bytes()
    assert png.startswith(PNG) and png == pathtext.render_label("Hello, curved world",
                                                                "M 20 200 C 120 40 280 360 380 200", size=40)
    # It prints the glyph count of the Arabic label: 13 characters, fewer glyphs where letters ligate.
    glyphs = pathtext.Engine().layout("مرحبا بالعالم", "M 0 100 C 100 0 300 0 400 100", size=40,
                                      align="center")["labels"][0]["glyphs"]
    assert run.stdout == "%d glyphs\n" % len(glyphs) and 8 <= len(glyphs) <= 13
