"""Rows of the Python benches (scripts/bench-dask.py, scripts/bench-dask-tiles.py) in `make bench`'s bench.json.

pathtext-bench writes bench.json; each Python bench then adds its rows there, in the same shape (name, unit,
median, min, max, runs, peer, peerMedian, ratio, note), replacing rows of the same name, so that
scripts/bench-table puts them in BENCHMARKS.md's one table with their goals. The file is replaced whole
(written beside it, then renamed), never left half-written. Python 3 standard library only.
"""
import json
import os


def row(name, times, peer, peer_times, note, unit="ns"):
    """A row from our times and the peer's (seconds), as medians in ns; ratio = ours ÷ the peer's."""
    def median(values):
        s = sorted(values)
        n = len(s)
        return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
    ours, theirs = [t * 1e9 for t in times], [t * 1e9 for t in peer_times]
    return {"name": name, "unit": unit, "median": median(ours), "min": min(ours), "max": max(ours), "runs": len(ours),
            "peer": peer, "peerMedian": median(theirs), "ratio": median(ours) / median(theirs), "note": note}


def add(path, rows):
    """Adds `rows` to the bench.json at `path` (made if missing), replacing rows of the same names."""
    try:
        with open(path) as f:
            document = json.load(f)
    except FileNotFoundError:
        document = {"rows": []}
    if document.get("smoke"):
        raise SystemExit("%s is a smoke run's: not adding measurements to it" % path)
    names = {r["name"] for r in rows}
    document["rows"] = [r for r in document.get("rows", []) if r["name"] not in names] + rows
    partial = path + ".partial"
    with open(partial, "w") as f:
        json.dump(document, f, indent=1)
    os.replace(partial, path)


def json_path(argv):
    """`--json PATH` from the arguments (removed from `argv`), or None."""
    if "--json" not in argv:
        return None
    i = argv.index("--json")
    if i + 1 >= len(argv):
        raise SystemExit("--json needs a path")
    path = argv[i + 1]
    del argv[i:i + 2]
    return path


def host_control(command, rounds):
    """What the host gives two processes that share nothing. `command` starts a child that does its warm-up,
    prints "ready", waits for a line on stdin, then does one timed pass and prints its wall time in seconds.
    Runs it alone and then two at once (started together after their warm-ups), `rounds` times each; returns
    the walls of the lone passes and of the pairs (the slower child's)."""
    import subprocess

    def passes(n):
        children = [subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for _ in range(n)]
        for c in children:
            line = c.stdout.readline().strip()
            if line != "ready":
                raise SystemExit("host control: the child said %r, not ready" % line)
        for c in children:
            c.stdin.write("go\n")
            c.stdin.flush()
        walls = [float(c.stdout.readline()) for c in children]
        for c in children:
            c.wait()
        return max(walls)
    return [passes(1) for _ in range(rounds)], [passes(2) for _ in range(rounds)]


def ready_then_timed(warm_up, timed):
    """The child's side of host_control: `warm_up()`, "ready", a line from stdin, `timed()` timed, its wall."""
    import sys
    import time
    warm_up()
    print("ready", flush=True)
    sys.stdin.readline()
    start = time.perf_counter()
    timed()
    print(time.perf_counter() - start, flush=True)


def dask_rows(group, unit, count, plain, one, two, lone, pairs, what, plain_name, one_goal=""):
    """The three rows of one Dask bench, `dask/<group>/…`, in time per `unit` (each wall divided by `count`):
    1 worker against the plain process, 2 workers against 1, and the host's control (two plain processes at
    once against one alone, bench_rows.host_control's walls)."""
    def per(walls, k=1):
        return [w / k / count for w in walls]
    host = 2 * min(lone) / min(pairs)
    reached = (min(one) / min(two)) / host
    return [
        row("dask/%s/1-worker" % group, per(one), plain_name, per(plain), what + "; one worker process on a LocalCluster" + one_goal),
        row("dask/%s/2-workers" % group, per(two), "1 worker", per(one),
            what + "; two worker processes (one thread each) against one; goal: >= 1.8 x (ratio <= 0.556); "
            "the host's control (the next row) gave %.2f x, and 2 workers reached %.2f of it" % (host, reached)),
        row("dask/%s/control-2-processes" % group, per(pairs, 2), "the same work in one plain process alone", per(lone),
            "what the host gives two processes that share nothing: the same work without Dask in two child processes "
            "started together after their warm-ups, wall clock of the pair per %s of both, against one alone; "
            "ratio 0.5 = twice the throughput, 0.556 = 1.8 x" % unit),
    ]

