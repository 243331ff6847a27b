# gdb script for scripts/shared-retains: counts swift_retain calls by object, thread and caller while
# requests FIRST..<LAST run (a request is a call of MARK, by default Engine.batchLineUTF8), then, with the
# objects still alive, names the type of each object that more than one thread retained.
import collections
import os
import gdb

FIRST, LAST, OUT = int(os.environ["FIRST"]), int(os.environ["LAST"]), os.environ["OUT"]
DEPTH = int(os.environ.get("DEPTH") or 3)  # how many calls above a retain name its site
request = [0]
callers = collections.defaultdict(collections.Counter)
threads = collections.defaultdict(set)


class Request(gdb.Breakpoint):
    def stop(self):
        request[0] += 1
        return request[0] == LAST  # stop there: the objects are still alive to be named


class Retain(gdb.Breakpoint):
    def stop(self):
        if not FIRST <= request[0] < LAST:
            return False
        obj = int(gdb.parse_and_eval("$rdi"))
        if obj < 0x100000 or obj > 0x7FFFFFFFFFFF:  # nil and tagged values
            return False
        frame, names = gdb.newest_frame().older(), []
        while frame is not None and len(names) < DEPTH:
            names.append(str(frame.name()))
            frame = frame.older()
        callers[obj][" <- ".join(names)] += 1
        threads[obj].add(gdb.selected_thread().num)
        return False


gdb.execute("set pagination off")
Request(os.environ.get("MARK") or "$s14PathTextEngine0C0C13batchLineUTF8_8inkBoxesSays5UInt8VGSS_SbSgtF", internal=True)
Retain("swift_retain", internal=True)
gdb.execute("run")
n = LAST - FIRST
shared = [o for o in threads if len(threads[o]) > 1]
shared.sort(key=lambda o: -sum(callers[o].values()))
with open(OUT, "w") as out:
    total = sum(sum(callers[o].values()) for o in shared)
    out.write(f"requests {FIRST}..<{LAST}: {total / n:.2f} retains a request of {len(shared)} objects both threads retain\n")
    for o in shared:
        try:
            meta = int(gdb.parse_and_eval(f"*(unsigned long*){o}"))
            name = gdb.parse_and_eval(f"((char*(*)(void*,int))swift_getTypeName)((void*){meta},1)").string()
        except gdb.error:
            name = "?"
        immortal = " (immortal: its count is not written)" if "EmptyArrayStorage" in name else ""
        out.write(f"{sum(callers[o].values()) / n:7.2f} {name}{immortal}\n")
        for site, c in callers[o].most_common(3):
            out.write(f"          {c / n:5.2f} {site}\n")
gdb.execute("kill")
