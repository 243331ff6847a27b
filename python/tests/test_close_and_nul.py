"""Issue #27 items 10 and 17: close() while other threads are inside layout(), and NUL bytes."""
import os
import subprocess
import sys
import textwrap

import pytest

import pathtext

RACE = textwrap.dedent("""
    import threading, pathtext
    for round in range(20):
        engine = pathtext.Engine()
        errors, done = [], []
        busy = threading.Barrier(5)
        def work():
            engine.layout("warm", "M 0 0 L 100 0")
            busy.wait()
            for _ in range(200):
                try:
                    engine.layout("Hello, curved world", "M 0 100 C 100 0 300 0 400 100", size=30)
                except pathtext.Error as e:
                    errors.append(str(e))
            done.append(1)
        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads: t.start()
        busy.wait()  # every thread is laying out
        engine.close()
        for t in threads: t.join()
        assert len(done) == 4
        assert all(e == "the engine is closed" for e in errors), set(errors)
    print("ok")
""")


def test_close_while_other_threads_lay_out_never_crashes():
    # In a child interpreter, so a segfault (exit 139 before) fails this test instead of ending pytest.
    run = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True, timeout=300, env=os.environ)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "ok"


def test_calls_after_close_fail_cleanly():
    engine = pathtext.Engine()
    engine.close()
    engine.close()  # twice is fine
    with pytest.raises(pathtext.Error, match="the engine is closed"):
        engine.layout("A", "M 0 0 L 10 0")


def test_nul_in_request_format_or_fonts_dir_is_refused():
    engine = pathtext.Engine()
    with pytest.raises(pathtext.Error, match="NUL"):
        engine.layout_json('{"text":"A","path":"M 0 0 L 10 0"}\0{"text":"B"}')
    with pytest.raises(pathtext.Error, match="NUL"):
        engine.render({"width": 10, "height": 10}, format="png\0svg")
    with pytest.raises(pathtext.Error, match="NUL"):
        pathtext.Engine(fonts_dir="/usr/share/fonts\0/x")
    # A NUL inside a JSON string naming a font: the truncated name is not opened.
    with pytest.raises(pathtext.Error, match="NUL"):
        engine.layout("A", "M 0 0 L 10 0", font="/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf\0.x")
