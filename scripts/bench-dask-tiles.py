"""pathtext.dask.tiles with 1 and 2 worker processes on a distributed LocalCluster, against one process.

The Helsinki roads (fixtures/osm/helsinki-roads.geojson) cut into 256 px tiles at zooms 13-17 (or the
zooms given), one task per metatile of METATILE x METATILE tiles. The peer is one Engine in this process
rendering the same metatiles one after another (what `pathtext tiles` does). Each round runs on a fresh
cluster, warmed up first (engines made, fonts loaded), into a fresh folder, best kept; the files
are checked to be byte for byte the single process's. Prints tiles per second and the ratio of 2 workers
to 1 (goal: >= 1.8 on two cores; other processes on the machine take their share). Each zoom is placed
once in the cluster: a task per zoom makes the zoom's one placement over the whole map, and every metatile
task of the zoom takes its record as an input (each worker reads a record once and keeps it). For each
cluster's best round it prints where the wall time went, from distributed's task stream: to the first task,
the placement tasks and the metatile tasks (their compute summed over workers), the workers' idle time
between tasks, transfers (the records) and from the last task to the result.
    python scripts/bench-dask-tiles.py [--json bench.json] [ZOOMS] [ROUNDS] [METATILE] [BATCH]     (make bench, make bench-dask)
With --json, the rows dask/tiles/1-worker (against the single process) and dask/tiles/2-workers (against 1
worker) go into that bench.json (scripts/bench_rows.py), times per tile of every round, with the host's
control, dask/tiles/control-2-processes: the single-process render in two processes at once against one
alone (two processes that share nothing: what two workers could reach on this host at best).
"""
import filecmp
import logging
import os
import shutil
import sys
import tempfile
import time

from distributed import Client, LocalCluster, get_task_stream

import pathtext
import pathtext.dask

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_rows  # noqa: E402

JSON = bench_rows.json_path(sys.argv)
PLAIN_PASS = "--plain-pass" in sys.argv  # a child process of host_control()
if PLAIN_PASS:
    sys.argv.remove("--plain-pass")
ZOOMS = sys.argv[1] if len(sys.argv) > 1 else "13-17"
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
METATILE = int(sys.argv[3]) if len(sys.argv) > 3 else 2
BATCH = int(sys.argv[4]) if len(sys.argv) > 4 else None  # metatiles a task (None: tiles() sizes them by cost)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INPUT = os.path.join(ROOT, "fixtures", "osm", "helsinki-roads.geojson")
EDGES = os.path.join(ROOT, "fixtures", "geojson", "edges.geojson")


def files(folder):
    return sorted(os.path.relpath(os.path.join(d, f), folder) for d, _, fs in os.walk(folder) for f in fs)


def local(job, plan, folder):
    """The peer: every metatile in this process, one engine (a fresh one, so each zoom is placed once)."""
    walls = []
    for _ in range(ROUNDS + 1):  # the first is the warm-up
        engine = pathtext.Engine()
        out = tempfile.mkdtemp(dir=folder)
        start = time.perf_counter()
        for zone in plan["zooms"]:
            for m in zone["metatiles"]:
                engine.tiles_render(job, zone["zoom"], [m], out)
        walls.append(time.perf_counter() - start)
        engine.close()
        reference = out
    return min(walls[1:]), reference, walls[1:]


def on_dask(workers, folder, reference, drawn_zooms):
    """Each round on a fresh cluster (no worker keeps a placement from the round before), warmed up on the
    hand-made fixture (engines made, fonts loaded, code shipped) before the timed job."""
    best, split, walls = float("inf"), "", []
    for _ in range(ROUNDS):
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        with Client(cluster) as client:
            client.register_plugin(pathtext.dask.EnginePlugin())
            pathtext.dask.tiles(EDGES, "16", tempfile.mkdtemp(dir=folder), client=client, metatile=1)
            out = tempfile.mkdtemp(dir=folder)
            with get_task_stream(client) as stream:
                start, since = time.perf_counter(), time.time()
                summary = pathtext.dask.tiles(INPUT, ZOOMS, out, client=client, metatile=METATILE, batch=BATCH)
                wall = time.perf_counter() - start
            walls.append(wall)
            if wall < best:
                self_placed = sum(1 for z in summary["zooms"] if z in drawn_zooms) - summary["placements"]
                best, split = wall, time_split(stream.data, since, wall, workers, self_placed)
        cluster.close()
        names = files(reference)
        same = filecmp.cmpfiles(reference, out, names, shallow=False)[0]
        assert files(out) == names and same == names, "the Dask tiles differ from the single process's"
    return best, summary, split, walls


def time_split(stream, since, wall, workers, self_placed):
    """Where a compute's wall time went, from the task stream's start and stop times (seconds since the epoch,
    as the scheduler corrects each worker's clock: a few milliseconds off, so a short tail can read below 0).
    `self_placed` drawing tasks placed their zoom too (a zoom drawn in one task has no placement task)."""
    def name(task):
        return task["key"] if isinstance(task["key"], str) else task["key"][0]

    def computing(tasks):
        return [s for t in tasks for s in t["startstops"] if s["action"] == "compute"]
    places = computing(t for t in stream if name(t).startswith("_tiles_place-"))
    draws = computing(t for t in stream if name(t).startswith("_tiles_batch-"))
    spans = places + draws
    first, last = min(s["start"] for s in spans), max(s["stop"] for s in spans)
    busy = sum(s["stop"] - s["start"] for s in spans)
    transfer = sum(s["stop"] - s["start"] for t in stream for s in t["startstops"] if s["action"] == "transfer")
    return ("%.3f s: %.3f to the first task, %d placement tasks %.3f (the longest %.3f), %d drawing tasks %.3f "
            "(%d of them placing their zoom too), %.3f s idle between tasks per worker, transfers %.3f, "
            "%.3f from the last task to the result"
            % (wall, first - since, len(places), sum(s["stop"] - s["start"] for s in places),
               max((s["stop"] - s["start"] for s in places), default=0), len(draws), sum(s["stop"] - s["start"] for s in draws),
               self_placed, (last - first) - busy / workers, transfer, since + wall - last))


def plain_pass():
    """`--plain-pass`, in a child process of the host's control: the single-process render (a fresh engine each
    pass, as local() does), a warm-up pass then a timed one (bench_rows.ready_then_timed)."""
    job = pathtext.dask._tiles_job(INPUT, ZOOMS, None, METATILE, None, None, None, None, None)
    plan = pathtext.Engine().tiles_plan(job)
    folder = tempfile.mkdtemp(prefix="pathtext-bench-tiles-pass-")

    def one_pass():
        engine = pathtext.Engine()
        out = tempfile.mkdtemp(dir=folder)
        for zone in plan["zooms"]:
            for m in zone["metatiles"]:
                engine.tiles_render(job, zone["zoom"], [m], out)
        engine.close()
    try:
        bench_rows.ready_then_timed(one_pass, one_pass)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def host_control():
    """The single-process render in one child process, then in two at once (bench_rows.host_control)."""
    return bench_rows.host_control([sys.executable, os.path.abspath(__file__), "--plain-pass", ZOOMS, "1", str(METATILE)], ROUNDS)


if __name__ == "__main__" and PLAIN_PASS:
    plain_pass()
elif __name__ == "__main__":
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    folder = tempfile.mkdtemp(prefix="pathtext-bench-tiles-")
    try:
        job = pathtext.dask._tiles_job(INPUT, ZOOMS, None, METATILE, None, None, None, None, None)
        plan = pathtext.Engine().tiles_plan(job)
        drawn = {z["zoom"] for z in plan["zooms"] if z["metatiles"]}
        alone, reference, alone_walls = local(job, plan, folder)
        one, summary, one_split, one_walls = on_dask(1, folder, reference, drawn)
        two, _, two_split, two_walls = on_dask(2, folder, reference, drawn)
        lone_walls, pair_walls = host_control()
        tiles = plan["tiles"]
        print("dask/tiles  Helsinki zooms %s, %d tiles of 256 px in %d tasks (metatiles of %d x %d), best of %d, %d cores: "
              "1 worker %.0f tiles/s, 2 workers %.0f tiles/s, ratio %.2fx; one process, no Dask: %.0f tiles/s; "
              "the files byte for byte the same (load average %.1f)"
              % (ZOOMS, tiles, summary["tasks"], METATILE, METATILE, ROUNDS, os.cpu_count(), tiles / one, tiles / two,
                 one / two, tiles / alone, os.getloadavg()[0]))
        print("  1 worker, best run %s" % one_split)
        print("  2 workers, best run %s" % two_split)
        host = 2 * min(lone_walls) / min(pair_walls)
        print("  the host's control: the single-process render in two processes at once gives %.2fx one alone "
              "(%.3f s alone, %.3f s for the pair, best of %d); 2 workers reached %.2f of that" % (host, min(lone_walls), min(pair_walls), ROUNDS, (one / two) / host))
        if JSON:
            what = ("the Helsinki roads at zooms %s, %d tiles of 256 px in %d tasks (metatiles of %d x %d; a placement task per zoom), "
                    "files byte for byte the single process's, wall clock per tile of each of %d rounds (load average %.1f)"
                    % (ZOOMS, tiles, summary["tasks"], METATILE, METATILE, ROUNDS, os.getloadavg()[0]))
            bench_rows.add(JSON, bench_rows.dask_rows("tiles", "tile", tiles, alone_walls, one_walls, two_walls, lone_walls, pair_walls,
                                                      what, "one process, no Dask (Engine.tiles_render)"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
