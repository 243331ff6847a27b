"""Forking while other threads lay out (issue #27 item 12): os.fork() waits for calls in flight, so every child
can create an engine and lay out; before, 2 of 100 children hung in their first layout."""
import os
import signal
import threading
import time

import pathtext

CURVE = "M 20 200 C 120 40 280 360 380 200"


def test_children_forked_while_threads_lay_out_never_hang(engine):
    stop = threading.Event()

    def work():
        while not stop.is_set():
            engine.layout(text="Forking while laying out", path=CURVE, size=30)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    children = []
    try:
        for _ in range(100):
            time.sleep(0.005)
            pid = os.fork()
            if pid == 0:  # the child: the parent's engine, then a new one, then out without pytest's teardown
                status = 1
                try:
                    inherited = engine.layout(text="child", path=CURVE)
                    fresh = pathtext.Engine().layout(text="child", path=CURVE)
                    status = 0 if inherited["labels"][0]["glyphs"] and fresh["labels"][0]["glyphs"] else 1
                finally:
                    os._exit(status)
            children.append(pid)
    finally:
        stop.set()
        for t in threads:
            t.join()
    deadline = time.time() + 60
    hung = []
    for pid in children:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                assert os.waitstatus_to_exitcode(status) == 0
                break
            if time.time() > deadline:
                hung.append(pid)
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                break
            time.sleep(0.01)
    assert not hung, "%d of %d children hung" % (len(hung), len(children))
