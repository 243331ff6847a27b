"""pathtext.dask's throughput with 1 and 2 worker processes on a distributed LocalCluster.

The same bag (N labels rendered to PNG, fitted canvases) runs on a cluster of one worker process and on one
of two (one thread each); each cluster is warmed up first (engines made, fonts loaded, code shipped), then
timed over ROUNDS runs, best kept. Prints labels per second for each and their ratio (goal: >= 1.8 on two
cores; other processes on the machine take their share).
    python scripts/bench-dask.py [N] [ROUNDS] [SIZE]     (make bench-dask, in the wheel's test venv)
"""
import os
import sys
import time

import logging

import dask.bag as db
from distributed import Client, LocalCluster

import pathtext
import pathtext.dask

N = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
SIZE = int(sys.argv[3]) if len(sys.argv) > 3 else 18
WORDS = ["Helsinki", "Mannerheimintie", "Kauppatori", "Esplanadi", "Töölönlahti", "Hakaniemi", "Kallio", "Punavuori"]


def labels(n):
    return [{"text": "%s %d" % (WORDS[i % len(WORDS)], i), "path": "M 0 %d C 80 -40 160 80 260 0" % (i % 17),
             "size": SIZE + i % 9, "align": "center"} for i in range(n)]


def throughput(workers, requests):
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    with Client(cluster) as client:
        client.register_plugin(pathtext.dask.EnginePlugin())
        bag = db.from_sequence(requests, npartitions=max(8, 4 * workers))
        pathtext.dask.render_labels(db.from_sequence(requests[:200], npartitions=8)).compute()  # warm up
        best = float("inf")
        for _ in range(ROUNDS):
            start = time.perf_counter()
            pngs = pathtext.dask.render_labels(bag).compute()
            best = min(best, time.perf_counter() - start)
            assert len(pngs) == len(requests) and all(p[:4] == b"\x89PNG" for p in pngs)
    cluster.close()
    return len(requests) / best


def local(requests):
    """The peer: the same labels in this process, one engine, no Dask."""
    engine = pathtext.default_engine()
    for r in requests[:200]:
        pathtext.render_label(engine=engine, **r)
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for r in requests:
            pathtext.render_label(engine=engine, **r)
        best = min(best, time.perf_counter() - start)
    return len(requests) / best


if __name__ == "__main__":
    logging.getLogger("distributed").setLevel(logging.CRITICAL)  # closing clusters logs closed connections
    requests = labels(N)
    alone = local(requests)
    one = throughput(1, requests)
    two = throughput(2, requests)
    print("dask/render_labels  %d labels of %d-%d px, best of %d, %d cores: 1 worker %.0f labels/s, 2 workers %.0f labels/s, "
          "ratio %.2fx; no Dask, one process: %.0f labels/s (load average %.1f)"
          % (N, SIZE, SIZE + 8, ROUNDS, os.cpu_count(), one, two, two / one, alone, os.getloadavg()[0]))
