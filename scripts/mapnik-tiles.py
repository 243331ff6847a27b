#!/usr/bin/python3
"""Renders a place file's map as XYZ-style tiles with Mapnik 3.1 (python3-mapnik): the peer of the
benchmark's `tiles/…/mapnik` rows.

    /usr/bin/python3 scripts/mapnik-tiles.py DOC.json [--tile 256] [--buffer 128] [--runs 5]

The map is mapnik-place.py's (the same roads, style and labels, same-name ways joined), cut into tiles
of --tile px over the document's canvas, each rendered as a map server renders a tile: the map zoomed to
the tile's box, labels placed within a buffer of --buffer px round it (Mapnik's buffer-size, which keeps
a label near an edge from being cut but not from differing between neighbours), drawn with AGG and
encoded as PNG. Prints JSON on stdout: {"mapnik": version, "tiles": n, "cpuMs": [one run's CPU time of
every tile, per run]} (time.process_time, one thread, after a warm-up).
"""
import argparse
import importlib.util
import json
import os
import sys
import time

import mapnik

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("mapnik_place", os.path.join(HERE, "mapnik-place.py"))
mp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mp)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--tile", type=int, default=256)
    ap.add_argument("--buffer", type=int, default=128)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    if args.tile < 16 or args.tile > 4096 or args.buffer < 0 or args.buffer > 4096 or args.runs < 1:
        sys.exit("mapnik-tiles: --tile 16…4096, --buffer 0…4096 and --runs ≥ 1")
    with open(args.file, encoding="utf-8") as f:
        doc = json.load(f)
    w, h, s = doc["width"], doc["height"], args.tile
    ways = [(r["text"], line) for r in doc["labels"] for line in mp.polylines(r["path"])]
    features = [({"name": n}, [p]) for n, p in mp.join_same_name(ways)]
    m = mapnik.Map(s, s, mp.SRS)
    mapnik.load_map_from_string(m, mp.map_xml(doc, features))
    m.buffer_size = args.buffer
    # Tile boxes in the map's coordinates (mapnik-place.py flips y: canvas y down is h - y up).
    boxes = [mapnik.Box2d(x, h - y - s, x + s, h - y) for y in range(0, h, s) for x in range(0, w, s)]

    def render_all():
        for box in boxes:
            m.zoom_to_box(box)
            im = mapnik.Image(s, s)
            mapnik.render(m, im)
            im.tostring("png")

    render_all()  # warm-up
    runs = []
    for _ in range(args.runs):
        t0 = time.process_time()
        render_all()
        runs.append((time.process_time() - t0) * 1000)
    json.dump({"mapnik": mapnik.mapnik_version(), "tiles": len(boxes), "cpuMs": runs}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
