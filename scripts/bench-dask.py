"""pathtext.dask's throughput with 1 and 2 worker processes on a distributed LocalCluster.

The same bag (N labels rendered to PNG, fitted canvases) runs on a cluster of one worker process and on one
of two (one thread each); each cluster is warmed up first (engines made, fonts loaded, code shipped), then
timed over ROUNDS runs, best kept. Prints labels per second for each and their ratio (goal: >= 1.8 on two
cores; other processes on the machine take their share), the same bag on Dask's synchronous scheduler in this
process, and where each cluster's best run spent its time, from distributed's task stream: from compute() to
the first task, the tasks' compute (summed over workers), the gaps between tasks, transfers, and from the last
task to compute()'s return (the bag's finalize and the gather of the images to the client).
The bag has PER_WORKER partitions per worker (default 2: a task of 1 000 labels renders for about a quarter
second, which pays for the few milliseconds Dask spends on each task and the tens on each compute).
    python scripts/bench-dask.py [--json bench.json] [N] [ROUNDS] [SIZE] [PER_WORKER]     (make bench, make bench-dask)
With --json, the rows dask/labels/1-worker (against the plain process) and dask/labels/2-workers (against 1
worker) go into that bench.json (scripts/bench_rows.py), times per label of every round, with the host's
control, dask/labels/control-2-processes: the labels rendered in two plain processes at once against one alone.
"""
import os
import sys
import time

import logging

import dask.bag as db
from distributed import Client, LocalCluster, get_task_stream

import pathtext
import pathtext.dask

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_rows  # noqa: E402

JSON = bench_rows.json_path(sys.argv)
PLAIN_PASS = "--plain-pass" in sys.argv  # a child process of the host's control
if PLAIN_PASS:
    sys.argv.remove("--plain-pass")
N = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
SIZE = int(sys.argv[3]) if len(sys.argv) > 3 else 18
PER_WORKER = int(sys.argv[4]) if len(sys.argv) > 4 else 2
WORDS = ["Helsinki", "Mannerheimintie", "Kauppatori", "Esplanadi", "Töölönlahti", "Hakaniemi", "Kallio", "Punavuori"]


def labels(n):
    return [{"text": "%s %d" % (WORDS[i % len(WORDS)], i), "path": "M 0 %d C 80 -40 160 80 260 0" % (i % 17),
             "size": SIZE + i % 9, "align": "center"} for i in range(n)]


def throughput(workers, requests):
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    with Client(cluster) as client:
        client.register_plugin(pathtext.dask.EnginePlugin())
        bag = db.from_sequence(requests, npartitions=PER_WORKER * workers)
        pathtext.dask.render_labels(db.from_sequence(requests[:200], npartitions=8)).compute()  # warm up
        best, split, walls = float("inf"), "", []
        for _ in range(ROUNDS):
            with get_task_stream(client) as stream:
                start, since = time.perf_counter(), time.time()
                pngs = pathtext.dask.render_labels(bag).compute()
                wall = time.perf_counter() - start
            assert len(pngs) == len(requests) and all(p[:4] == b"\x89PNG" for p in pngs)
            walls.append(wall)
            if wall < best:
                best, split = wall, time_split(stream.data, since, wall, workers)
    cluster.close()
    return len(requests) / best, split, walls


def time_split(stream, since, wall, workers):
    """Where a compute's wall time went, from the task stream's start and stop times (seconds since the epoch)."""
    spans = [s for task in stream for s in task["startstops"]]
    computes = [s for s in spans if s["action"] == "compute"]
    first, last = min(s["start"] for s in computes), max(s["stop"] for s in computes)
    busy = sum(s["stop"] - s["start"] for s in computes)
    transfer = sum(s["stop"] - s["start"] for s in spans if s["action"] == "transfer")
    return ("%.3f s: %.3f to the first task, tasks %.3f (%d tasks, %.3f s idle between them per worker), "
            "transfers %.3f, %.3f from the last task to the result"
            % (wall, first - since, busy, len(stream), (last - first) - busy / workers, transfer, since + wall - last))


def synchronous(requests):
    """The same bag on Dask's synchronous scheduler in this process: the graph's own cost, no cluster."""
    bag = db.from_sequence(requests, npartitions=PER_WORKER)
    pathtext.dask.render_labels(bag).compute(scheduler="sync")
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        pathtext.dask.render_labels(bag).compute(scheduler="sync")
        best = min(best, time.perf_counter() - start)
    return len(requests) / best


def local(requests):
    """The peer: the same labels in this process, one engine, no Dask."""
    engine = pathtext.default_engine()
    for r in requests[:200]:
        pathtext.render_label(engine=engine, **r)
    walls = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for r in requests:
            pathtext.render_label(engine=engine, **r)
        walls.append(time.perf_counter() - start)
    return len(requests) / min(walls), walls


def plain_pass():
    """`--plain-pass`, in a child process of the host's control: the labels rendered in this process, a warm-up
    pass then a timed one (bench_rows.ready_then_timed)."""
    requests = labels(N)
    engine = pathtext.default_engine()

    def one_pass():
        for r in requests:
            pathtext.render_label(engine=engine, **r)
    bench_rows.ready_then_timed(one_pass, one_pass)


if __name__ == "__main__" and PLAIN_PASS:
    plain_pass()
elif __name__ == "__main__":
    logging.getLogger("distributed").setLevel(logging.CRITICAL)  # closing clusters logs closed connections
    requests = labels(N)
    alone, alone_walls = local(requests)
    sync = synchronous(requests)
    one, one_split, one_walls = throughput(1, requests)
    two, two_split, two_walls = throughput(2, requests)
    lone_walls, pair_walls = bench_rows.host_control([sys.executable, os.path.abspath(__file__), "--plain-pass", str(N), "1", str(SIZE)], ROUNDS)
    host = 2 * min(lone_walls) / min(pair_walls)
    print("dask/render_labels  %d labels of %d-%d px, %d partitions a worker, best of %d, %d cores: 1 worker %.0f labels/s, 2 workers %.0f labels/s, "
          "ratio %.2fx; no Dask, one process: %.0f labels/s (load average %.1f)"
          % (N, SIZE, SIZE + 8, PER_WORKER, ROUNDS, os.cpu_count(), one, two, two / one, alone, os.getloadavg()[0]))
    print("  synchronous scheduler, this process: %.0f labels/s; 1 worker %.2f of one process, 2 workers %.2f"
          % (sync, one / alone, two / alone))
    print("  1 worker, best run %s" % one_split)
    print("  2 workers, best run %s" % two_split)
    print("  the host's control: the labels rendered in two plain processes at once give %.2fx one alone "
          "(%.3f s alone, %.3f s for the pair, best of %d); 2 workers reached %.2f of that" % (host, min(lone_walls), min(pair_walls), ROUNDS, (two / one) / host))
    if JSON:
        what = "%d labels of %d-%d px rendered to PNG through pathtext.dask.render_labels, %d partitions a worker, wall clock per label of each of %d rounds (load average %.1f)" % (
            N, SIZE, SIZE + 8, PER_WORKER, ROUNDS, os.getloadavg()[0])
        bench_rows.add(JSON, bench_rows.dask_rows("labels", "label", N, alone_walls, one_walls, two_walls, lone_walls, pair_walls, what,
                                                  "one process, no Dask (pathtext.render_labels)",
                                                  "; goal: within 10 % of the plain process"))
