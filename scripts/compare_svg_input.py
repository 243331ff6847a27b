#!/usr/bin/env python3
"""Renders every SVG document in fixtures/svg/ with PathText and with headless Chromium and compares the
two by IoU of ink (stdlib only). Run through scripts/compare-svg.

For each FILE.svg:
  - `pathtext render FILE.svg --out FILE.png` (our PNG) and `--out FILE.pathtext.svg` (the round trip);
  - Chromium screenshots FILE.svg itself (an <img> at the document's size, zoom 1) and our SVG output;
  - a pixel is ink when, composited over white, some channel is at least 64/255 darker than white (so
    light fills count too);
    IoU = |ink in both| / |ink in either|.
The report gives, per file, IoU(Chromium's rendering of the input, our PNG) and IoU(Chromium's
rendering of our SVG output, our PNG), and the medians.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare_browser as cb  # noqa: E402  (Chromium and PNG helpers)

ROOT = os.path.dirname(HERE)
INK = 64


def ink_mask(image):
    w, h, px = image
    out = bytearray(w * h)
    for i in range(w * h):
        a = px[4 * i + 3]
        if a == 0:
            continue
        dark = 0
        for k in range(3):
            c = (px[4 * i + k] * a + 255 * (255 - a)) // 255
            dark = max(dark, 255 - c)
        if dark >= INK:
            out[i] = 1
    return w, h, out


def iou(a, b):
    wa, ha, ma = a
    wb, hb, mb = b
    if (wa, ha) != (wb, hb):
        raise ValueError("sizes differ: %dx%d vs %dx%d" % (wa, ha, wb, hb))
    both = sum(1 for x, y in zip(ma, mb) if x and y)
    either = sum(1 for x, y in zip(ma, mb) if x or y)
    return 1.0 if either == 0 else both / either, either


def document_size(path):
    import re
    head = open(path, encoding="utf-8").read(4000)
    tag = re.search(r"<svg\b[^>]*>", head, re.S).group(0)
    w = re.search(r'\swidth="([\d.]+)(px)?"', tag)
    h = re.search(r'\sheight="([\d.]+)(px)?"', tag)
    if not (w and h):
        sys.exit("compare-svg: %s: the fixtures give width and height in pixels" % path)
    return int(float(w.group(1)) + 0.999), int(float(h.group(1)) + 0.999)


def screenshot(chrome, svg, w, h, out_png, workdir):
    page = os.path.join(workdir, os.path.basename(out_png) + ".html")
    with open(page, "w") as fh:
        fh.write('<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0;background:#fff;overflow:hidden}'
                 'img{display:block}</style></head><body><img src="%s" width="%d" height="%d"></body></html>'
                 % (cb.file_url(svg), w, h))
    if os.path.exists(out_png):
        os.remove(out_png)
    r = cb.run_chromium(chrome, ["--screenshot=" + out_png, "--window-size=%d,%d" % (w, h),
                                 "--virtual-time-budget=2000", "--allow-file-access-from-files", cb.file_url(page)])
    if not os.path.exists(out_png):
        sys.exit("compare-svg: Chromium wrote no screenshot for %s\n%s" % (svg, r.stderr[-2000:]))
    return cb.png_decode(out_png)


def run(args, chrome, pathtext, out):
    files = sorted(f for f in os.listdir(args.fixtures) if f.endswith(".svg"))
    if args.only:
        keep = set(args.only.split(","))
        files = [f for f in files if f[:-4] in keep]
    rows = []
    for f in files:
        name = f[:-4]
        src = os.path.join(args.fixtures, f)
        w, h = document_size(src)
        ours_png = os.path.join(out, name + ".png")
        ours_svg = os.path.join(out, name + ".pathtext.svg")
        warnings = ""
        for target in (ours_png, ours_svg):
            r = subprocess.run([pathtext, "render", src, "--out", target], capture_output=True, text=True)
            if r.returncode != 0:
                sys.exit("compare-svg: pathtext failed on %s: %s" % (f, r.stderr.strip()))
            warnings = r.stderr.strip()
        ours = ink_mask(cb.png_decode(ours_png))
        chromium = ink_mask(screenshot(chrome, src, w, h, os.path.join(out, name + ".chromium.png"), out))
        trip = ink_mask(screenshot(chrome, ours_svg, w, h, os.path.join(out, name + ".roundtrip.png"), out))
        v, either = iou(ours, chromium)
        t, _ = iou(ours, trip)
        rows.append({"name": name, "size": [w, h], "iou": v, "roundTripIoU": t, "inkPixels": either,
                     "warnings": [l for l in warnings.splitlines() if l]})
    ious = [r["iou"] for r in rows]
    trips = [r["roundTripIoU"] for r in rows]
    return {"chromium": cb.chromium_version(chrome), "files": rows,
            "median": statistics.median(ious) if ious else None,
            "roundTripMedian": statistics.median(trips) if trips else None,
            "dir": out}


def table(report):
    lines = ["| file | size | IoU vs Chromium | round trip IoU | warnings |", "|---|---|---:|---:|---:|"]
    for r in report["files"]:
        lines.append("| %s | %dx%d | %.3f | %.3f | %d |" % (r["name"], r["size"][0], r["size"][1], r["iou"],
                                                         r["roundTripIoU"], len(r["warnings"])))
    lines.append("| **median** | | **%.3f** | **%.3f** | |" % (report["median"], report["roundTripMedian"]))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fixtures", default=os.path.join(ROOT, "fixtures/svg"))
    ap.add_argument("--only", help="comma-separated file names without .svg")
    ap.add_argument("--json", help="write the report as JSON to this file (- for stdout)")
    ap.add_argument("--out", help="folder for the pictures (default: a temporary folder)")
    ap.add_argument("--pathtext", default=os.environ.get("PATHTEXT", os.path.join(ROOT, ".build/release/pathtext")))
    args = ap.parse_args()
    chrome = cb.chromium_binary()
    if not chrome:
        sys.exit("compare-svg: chromium is not installed (apt-get install chromium)")
    if not os.access(args.pathtext, os.X_OK):
        sys.exit("compare-svg: no pathtext at %s (set PATHTEXT)" % args.pathtext)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        report = run(args, chrome, args.pathtext, args.out)
    else:
        with tempfile.TemporaryDirectory(prefix="pathtext-svg-in-") as out:
            report = run(args, chrome, args.pathtext, out)
            report["dir"] = None
    if args.json == "-":
        print(json.dumps(report, indent=1))
        return
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(report, fh, indent=1)
    print(report["chromium"])
    print(table(report))
    if report["dir"]:
        print("pictures in " + report["dir"])


if __name__ == "__main__":
    main()
