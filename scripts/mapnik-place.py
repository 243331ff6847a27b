#!/usr/bin/python3
"""Labels a place file's roads with Mapnik 3.1 (python3-mapnik), for the side-by-side benchmark.

    /usr/bin/python3 scripts/mapnik-place.py fixtures/osm/helsinki-roads.json [--runs 7] [--png DIR]

Draws the file's shapes (the roads) with LineSymbolizers and labels its line requests with a
TextSymbolizer placement="line": the file's font (a face Mapnik has registered: Noto Sans Regular),
size, halo, the placement spacing and the requests' maxAngle as max-char-angle-delta. Two variants:
`raw`, one feature per request (one OSM way each), and `joined`, same-name ways joined end to end first
(as the placer joins them, without cutting at sharp turns). Mapnik places greedily in data order.

Prints JSON on stdout: for each variant, every placed label's glyphs as [glyph id, x, y, angle in
degrees, size in px] (y down, canvas pixels) read from a Cairo script render (each glyph's position
and font matrix; a label is the glyphs filled after one run of halo strokes), the number of collision
boxes Mapnik's detector holds (one per glyph), and the CPU time (time.process_time, one thread) of
AGG renders of the whole map with and without the labels: the median after a warm-up.
The overlap checker is the benchmark's (Swift), the same for both engines.
"""
import argparse
import base64
import json
import math
import os
import re
import statistics
import sys
import tempfile
import time

import cairo
import mapnik

SRS = "+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs"
NUM = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def polylines(d):
    """'M x y L x y … M …' -> [[(x, y), …], …] (the fixture's path data has only M and L)."""
    out = []
    for part in d.split("M")[1:]:
        nums = [float(v) for v in NUM.findall(part)]
        out.append(list(zip(nums[0::2], nums[1::2])))
    return out


def join_same_name(ways):
    """[(name, points)] -> [(name, points)] with ways of one name joined where their ends meet."""
    by_name = {}
    for name, pts in ways:
        by_name.setdefault(name, []).append(pts)
    out = []
    for name in by_name:
        pieces = by_name[name]
        used = [False] * len(pieces)
        for i in range(len(pieces)):
            if used[i]:
                continue
            used[i] = True
            chain = list(pieces[i])
            for _ in range(2):
                while True:
                    end, before = chain[-1], chain[-2]
                    best = None
                    for j, p in enumerate(pieces):
                        if used[j]:
                            continue
                        q = p if p[0] == end else (p[::-1] if p[-1] == end else None)
                        if q is None:
                            continue
                        a = math.atan2(end[1] - before[1], end[0] - before[0])
                        b = math.atan2(q[1][1] - q[0][1], q[1][0] - q[0][0])
                        turn = abs((b - a + math.pi) % (2 * math.pi) - math.pi)
                        if best is None or turn < best[0]:
                            best = (turn, j, q)
                    if best is None:
                        break
                    used[best[1]] = True
                    chain += best[2][1:]
                chain.reverse()
            out.append((name, chain))
    return out


def geojson(features, height):
    fs = []
    for props, lines in features:
        coords = [[[x, height - y] for x, y in line] for line in lines]
        fs.append({"type": "Feature", "properties": props, "geometry": {"type": "MultiLineString", "coordinates": coords}})
    return json.dumps({"type": "FeatureCollection", "features": fs})


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def map_xml(doc, label_features, labels=True):
    w, h = doc["width"], doc["height"]
    d = doc.get("labelDefaults", {})
    placement = doc.get("placement", {})
    styles, layers = [], []
    for k, s in enumerate(doc.get("shapes", [])):
        if s.get("type", "path") != "path" or "stroke" not in s:
            continue
        styles.append(f'<Style name="s{k}"><Rule><LineSymbolizer stroke="{s["stroke"]}" stroke-width="{s.get("strokeWidth", 1)}" '
                      f'stroke-linecap="round" stroke-linejoin="round"/></Rule></Style>')
        data = geojson([({}, polylines(s["d"]))], h)
        layers.append(f'<Layer name="s{k}" srs="{SRS}"><StyleName>s{k}</StyleName><Datasource><Parameter name="type">geojson</Parameter>'
                      f'<Parameter name="inline">{esc(data)}</Parameter></Datasource></Layer>')
    if labels:
        size = d.get("size", 13)
        halo = d.get("haloWidth", 0)
        angle = d.get("maxAngle", 30)
        spacing = placement.get("spacing", 300)
        styles.append(f'<Style name="labels"><Rule><TextSymbolizer placement="line" face-name="Noto Sans Regular" size="{size}" '
                      f'fill="{d.get("color", "#000000")}" halo-fill="{d.get("haloColor", "#ffffff")}" halo-radius="{halo}" '
                      f'spacing="{spacing}" max-char-angle-delta="{angle}">[name]</TextSymbolizer></Rule></Style>')
        data = geojson(label_features, h)
        layers.append(f'<Layer name="labels" srs="{SRS}"><StyleName>labels</StyleName><Datasource><Parameter name="type">geojson</Parameter>'
                      f'<Parameter name="inline">{esc(data)}</Parameter></Datasource></Layer>')
    bg = doc.get("background", "#ffffff")
    return f'<Map srs="{SRS}" background-color="{bg}">' + "".join(styles) + "".join(layers) + "</Map>"


def make_map(doc, xml):
    m = mapnik.Map(doc["width"], doc["height"], SRS)
    mapnik.load_map_from_string(m, xml)
    m.zoom_to_box(mapnik.Box2d(0, 0, doc["width"], doc["height"]))
    return m


def script_glyphs(m, w, h):
    """Renders `m` to a Cairo script and reads each label's glyphs back."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "map.cs")
        dev = cairo.ScriptDevice(path)
        surface = cairo.ScriptSurface(dev, cairo.Content.COLOR_ALPHA, w, h)
        mapnik.render(m, surface)
        surface.finish()
        dev.finish()
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
    labels, current, matrix, filling = [], [], None, False
    for line in lines:
        if len(line) > 400:
            continue  # embedded font data
        if line.endswith(b"show-glyphs"):
            x, y, g = re.match(rb"\[(\S+) (\S+) (.*)\] show-glyphs", line).groups()
            # Glyph ids below 256 come as an ASCII85 string of bytes, others as an array of numbers.
            ids = list(base64.a85decode(g[2:-2])) if g.startswith(b"<~") else [int(v) for v in g.strip(b"[] ").split()]
            if len(ids) != 1:
                raise SystemExit(f"mapnik-place: a show-glyphs with {len(ids)} glyphs; expected one per call")
            xx, yx = matrix[0], matrix[1]
            current.append([ids[0], float(x), float(y), math.degrees(math.atan2(yx, xx)), math.hypot(xx, yx)])
            filling = True
        elif line.endswith(b"set-font-matrix"):
            matrix = [float(v) for v in line[1:line.index(b"]")].split()]
        elif filling and (line.startswith(b"n ") or line == b"n" or line.startswith(b"stroke")):
            labels.append({"glyphs": current})
            current, filling = [], False
    if current:
        labels.append({"glyphs": current})
    return labels


def cpu_ms(m, w, h, runs):
    im = mapnik.Image(w, h)
    mapnik.render(m, im)  # warm-up
    times = []
    for _ in range(runs):
        im = mapnik.Image(w, h)
        t0 = time.process_time()
        mapnik.render(m, im)
        times.append((time.process_time() - t0) * 1000)
    return times


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--png", help="write DIR/mapnik-raw.png and DIR/mapnik-joined.png")
    args = ap.parse_args()
    with open(args.file, encoding="utf-8") as f:
        doc = json.load(f)
    w, h = doc["width"], doc["height"]
    ways = []
    for r in doc["labels"]:
        for line in polylines(r["path"]):
            ways.append((r["text"], line))
    variants = {"raw": [({"name": n}, [p]) for n, p in ways],
                "joined": [({"name": n}, [p]) for n, p in join_same_name(ways)]}
    base = make_map(doc, map_xml(doc, [], labels=False))
    out = {"mapnik": mapnik.mapnik_version(), "width": w, "height": h, "variants": {}}
    for name, features in variants.items():
        m = make_map(doc, map_xml(doc, features))
        labels = script_glyphs(m, w, h)
        detector = mapnik.LabelCollisionDetector(mapnik.Box2d(-w, -h, 2 * w, 2 * h))
        mapnik.render_with_detector(m, mapnik.Image(w, h), detector)
        with_labels = cpu_ms(m, w, h, args.runs)
        without = cpu_ms(base, w, h, args.runs)
        out["variants"][name] = {"features": len(features), "labels": labels, "detectorBoxes": len(detector.boxes()),
                                 "renderMs": with_labels, "roadsOnlyMs": without}
        if args.png:
            os.makedirs(args.png, exist_ok=True)
            im = mapnik.Image(w, h)
            mapnik.render(m, im)
            im.save(os.path.join(args.png, f"mapnik-{name}.png"), "png")
        glyphs = sum(len(l["glyphs"]) for l in labels)
        print(f"mapnik-place: {name}: {len(features)} features, {len(labels)} labels, {glyphs} glyphs "
              f"({len(detector.boxes())} detector boxes), render {statistics.median(with_labels):.1f} ms CPU, "
              f"roads only {statistics.median(without):.1f} ms", file=sys.stderr)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
