#!/usr/bin/env python3
"""Compares PathText with headless Chromium (stdlib only). Run through scripts/compare-browser.

Text mode (default): every case in fixtures/browser/cases.json is drawn by Chromium as
<text text-anchor=…><textPath startOffset=…> with the case's font loaded by @font-face, and a script in
the page writes getStartPositionOfChar / getEndPositionOfChar / getRotationOfChar of every character
into the DOM, which --dump-dom prints. `pathtext layout` lays out the same case, and the two are
compared per HarfBuzz cluster (the cluster's UTF-8 byte offset is mapped to the character index).

SVG mode (--svg): `pathtext demo --all` writes every demo picture as SVG and as PNG; Chromium
screenshots each SVG at zoom 1 and the screenshot is compared with our PNG pixel by pixel.
"""

import argparse
import html
import json
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---------------------------------------------------------------------------------------------------
# Chromium

def chromium_binary():
    for name in [os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"]:
        if not name:
            continue
        for d in os.environ.get("PATH", "").split(os.pathsep):
            p = os.path.join(d, name) if not os.path.isabs(name) else name
            if os.path.isfile(p) and os.access(p, os.X_OK):
                return p
    return None


CHROME_FLAGS = ["--headless", "--disable-gpu", "--no-sandbox", "--allow-file-access-from-files",
                "--force-device-scale-factor=1", "--hide-scrollbars", "--mute-audio",
                "--no-first-run", "--disable-extensions"]


def chromium_version(chrome):
    out = subprocess.run([chrome, "--version"], capture_output=True, text=True).stdout.strip()
    return out or "unknown"


def run_chromium(chrome, args, timeout=120):
    with tempfile.TemporaryDirectory(prefix="pathtext-chromium-") as profile:
        r = subprocess.run([chrome] + CHROME_FLAGS + ["--user-data-dir=" + profile] + args,
                           capture_output=True, text=True, timeout=timeout)
    return r


# ---------------------------------------------------------------------------------------------------
# Text mode: the page

PAGE_SCRIPT = r"""
(async () => {
  const out = document.getElementById('out');
  try {
    for (const f of document.fonts) { try { await f.load(); } catch (e) {} }
    await document.fonts.ready;
    const res = {fonts: [...document.fonts].map(f => ({family: f.family, status: f.status})), cases: []};
    for (const t of document.querySelectorAll('text[data-case]')) {
      const p = document.getElementById(t.dataset.path);
      const chars = [];
      const n = t.getNumberOfChars();
      for (let i = 0; i < n; i++) {
        let s = null, e = null, r = null, l = null;
        try { const a = t.getStartPositionOfChar(i); s = [a.x, a.y]; } catch (x) {}
        try { const b = t.getEndPositionOfChar(i); e = [b.x, b.y]; } catch (x) {}
        try { r = t.getRotationOfChar(i); } catch (x) {}
        try { l = t.getSubStringLength(i, 1); } catch (x) {}
        chars.push({s: s, e: e, r: r, len: l});
      }
      const L = p.getTotalLength(), samples = [];
      for (let k = 0; k <= 16; k++) { const q = p.getPointAtLength(k / 16 * L); samples.push([k / 16 * L, q.x, q.y]); }
      res.cases.push({name: t.dataset.case, pathLength: L, samples: samples,
                      textLength: t.getComputedTextLength(), n: n, chars: chars});
    }
    out.textContent = JSON.stringify(res);
  } catch (err) {
    out.textContent = JSON.stringify({error: String(err)});
  }
})();
"""


def file_url(path):
    return "file://" + os.path.abspath(path).replace(" ", "%20")


def case_fonts(case):
    """The case's fonts, primary first: `fonts` (a list, for mixed scripts) or `font`."""
    return case.get("fonts") or [case["font"]]


def build_page(cfg, cases):
    fonts = {}
    for c in cases:
        for f in case_fonts(c):
            fonts.setdefault(f, "ptfont%d" % len(fonts))
    w, h = cfg.get("width", 800), cfg.get("height", 500)
    parts = ['<!DOCTYPE html><html><head><meta charset="utf-8"><style>']
    for f, fam in fonts.items():
        parts.append('@font-face { font-family: "%s"; src: url("%s"); }' % (fam, file_url(os.path.join(ROOT, f))))
    parts.append("body { margin: 0 } svg { display: block }</style></head><body>")
    for i, c in enumerate(cases):
        parts.append('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">' % (w, h, w, h))
        parts.append('<path id="p%d" d="%s" fill="none" stroke="#ccc"/>' % (i, html.escape(c["path"])))
        parts.append('<text data-case="%s" data-path="p%d" font-family="%s" font-size="%s" text-anchor="%s" letter-spacing="%s">'
                     '<textPath href="#p%d" startOffset="%s">%s</textPath></text></svg>'
                     % (html.escape(c["name"]), i, html.escape(", ".join(fonts[f] for f in case_fonts(c))), c["size"], c.get("anchor", "start"),
                        c.get("letterSpacing", 0), i, c.get("startOffset", "0"), html.escape(c["text"])))
    parts.append('<pre id="out"></pre><script>%s</script></body></html>' % PAGE_SCRIPT)
    return "\n".join(parts)


def chromium_measure(chrome, cfg, cases, workdir):
    page = os.path.join(workdir, "cases.html")
    with open(page, "w", encoding="utf-8") as fh:
        fh.write(build_page(cfg, cases))
    r = run_chromium(chrome, ["--virtual-time-budget=3000", "--dump-dom", file_url(page)])
    m = re.search(r'<pre id="out">(.*?)</pre>', r.stdout, re.S)
    if not m or not m.group(1).strip():
        sys.exit("compare-browser: Chromium printed no measurements (exit %d)\n%s" % (r.returncode, r.stderr[-2000:]))
    data = json.loads(html.unescape(m.group(1)))
    if "error" in data:
        sys.exit("compare-browser: the page failed: " + data["error"])
    bad = [f for f in data["fonts"] if f["status"] != "loaded"]
    if bad:
        sys.exit("compare-browser: Chromium did not load the fonts: %s" % bad)
    return data


# ---------------------------------------------------------------------------------------------------
# Text mode: pathtext

def run_pathtext(pathtext, case, align, offset):
    args = [pathtext, "layout", "--text", case["text"], "--path", case["path"],
            "--size", str(case["size"]),
            "--align", align, "--offset=" + offset, "--upright", "off", "--dir", "ltr",
            "--letter-spacing=" + str(case.get("letterSpacing", 0))]
    for f in case_fonts(case):
        args += ["--font", os.path.join(ROOT, f)]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("compare-browser: pathtext failed on %s: %s" % (case["name"], r.stderr.strip()))
    return json.loads(r.stdout)["labels"][0]


def fmt(v):
    return ("%.6f" % v).rstrip("0").rstrip(".")


def pathtext_layout(pathtext, case):
    """Lays the case out with the SVG meaning of text-anchor and startOffset.

    SVG puts the anchor at startOffset from the path's start whatever text-anchor is. PathText's anchor
    is 0, L/2 or L for start, center and end, plus the offset (which always moves it forward): the offset
    is translated accordingly."""
    align = {"start": "start", "middle": "center", "end": "end"}[case.get("anchor", "start")]
    so = str(case.get("startOffset", "0")).strip()
    if so.endswith("%"):
        pct = float(so[:-1])
        off = {"start": pct, "center": pct - 50, "end": pct - 100}[align]
        label = run_pathtext(pathtext, case, align, fmt(off) + "%")
        anchor = pct / 100 * label["pathLength"]
    else:
        px = float(so)
        length = run_pathtext(pathtext, case, "start", "0")["pathLength"]
        off = {"start": px, "center": px - length / 2, "end": px - length}[align]
        label = run_pathtext(pathtext, case, align, fmt(off))
        anchor = px
    w = label["advance"]
    expected = anchor - {"start": 0, "center": w / 2, "end": w}[align]
    if abs(label["start"] - expected) > 1e-4:
        sys.exit("compare-browser: %s: pathtext put the label's start at %.4f, expected %.4f (anchor mapping)"
                 % (case["name"], label["start"], expected))
    return label


# ---------------------------------------------------------------------------------------------------
# Text mode: comparison

def utf8_to_char_index(text):
    """UTF-8 byte offset -> UTF-16 code unit index (what SVG's character index counts)."""
    table, b, u = {}, 0, 0
    for ch in text:
        table[b] = u
        b += len(ch.encode("utf-8"))
        u += 2 if ord(ch) > 0xFFFF else 1
    table[b] = u
    return table


def angle_diff(a, b):
    d = (a - b) % 360.0
    return min(d, 360.0 - d)


def measure_at(pathtext, path, s):
    r = subprocess.run([pathtext, "measure", "--path", path, "--at=" + repr(s)], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("compare-browser: pathtext measure failed: " + r.stderr.strip())
    at = json.loads(r.stdout)["at"]
    return at["x"], at["y"], at["angle"]


def chromium_anchor(case, chrome):
    so = str(case.get("startOffset", "0")).strip()
    return float(so[:-1]) / 100 * chrome["pathLength"] if so.endswith("%") else float(so)


def compare_case(case, label, chrome, pathtext):
    text = case["text"]
    idx = utf8_to_char_index(text)
    glyphs = label["glyphs"]
    L = label["pathLength"]
    closed = case["path"].strip().rstrip().upper().endswith("Z")
    # Units: runs of glyphs (visual order) sharing a cluster.
    units = []
    for g in glyphs:
        if units and units[-1]["cluster"] == g["cluster"]:
            units[-1]["glyphs"].append(g)
        else:
            units.append({"cluster": g["cluster"], "glyphs": [g]})
    clusters = sorted({u["cluster"] for u in units}) + [len(text.encode("utf-8"))]
    # Chromium's own pen along the path: its anchor and its advances (|end - start| of each unit's first
    # character, which spans the whole cluster) in the same visual order.
    wc = chrome["textLength"]
    cpen = chromium_anchor(case, chrome) - {"start": 0, "middle": wc / 2, "end": wc}[case.get("anchor", "start")]
    for u in units:
        ch = chrome["chars"][idx[u["cluster"]]]
        u["chromeStart"] = cpen
        if ch["s"] is not None and ch["e"] is not None:
            cpen += math.hypot(ch["e"][0] - ch["s"][0], ch["e"][1] - ch["s"][1])
    pen = label["start"]
    rows, skipped = [], []
    # Letter spacing after every cluster, except those PathText reports unspaced (cursive tracking:
    # letters of joining scripts), which Chromium must not space either (dAdvance checks it).
    unspaced = {c for d in label.get("diagnostics", []) if d.get("code") == "suppressed-spacing" for c in d.get("clusters", [])}
    for u in units:
        spacing = 0.0 if u["cluster"] in unspaced else float(case.get("letterSpacing", 0))
        u["spacing"] = spacing
        a = sum(g["advance"] for g in u["glyphs"])
        mid = pen + (a + spacing) / 2  # the spacing after a cluster belongs to it
        pen += a + spacing
        c = u["cluster"]
        i0 = idx[c]
        i1 = idx[clusters[clusters.index(c) + 1]]
        chars = text.encode("utf-8")[c:clusters[clusters.index(c) + 1]].decode("utf-8")
        if not (0 <= mid <= L):
            skipped.append({"cluster": c, "chars": chars, "why": "wrapped (closed path)" if closed else "off the path"})
            continue
        ch = chrome["chars"][i0]
        if ch["s"] is None or ch["e"] is None or ch["r"] is None:
            skipped.append({"cluster": c, "chars": chars, "why": "no position in Chromium"})
            continue
        g0 = u["glyphs"][0]
        th = math.radians(g0["angle"])
        T = (math.cos(th), math.sin(th))
        ours_left = (g0["x"], g0["y"])
        s, e = ch["s"], ch["e"]
        ltr = (e[0] - s[0]) * T[0] + (e[1] - s[1]) * T[1] >= 0
        chrome_left = s if ltr else e
        chrome_adv = math.hypot(e[0] - s[0], e[1] - s[1])
        # Chromium's placement redone on our path with Chromium's own pen and advance: what is left is the
        # difference between the two path measures (arc length -> point, tangent).
        px, py, pang = measure_at(pathtext, case["path"], u["chromeStart"] + chrome_adv / 2)
        pt = math.radians(pang)
        sign = 1 if ltr else -1
        redo = (px - sign * math.cos(pt) * chrome_adv / 2, py - sign * math.sin(pt) * chrome_adv / 2)
        rows.append({
            "cluster": c, "chars": chars, "charIndex": [i0, i1], "glyphs": len(u["glyphs"]),
            "ours": [round(ours_left[0], 4), round(ours_left[1], 4), round(g0["angle"], 4), round(a + spacing, 4)],
            "chromium": [round(chrome_left[0], 4), round(chrome_left[1], 4), round(ch["r"], 4), round(chrome_adv, 4)],
            "chromiumOrder": "ltr" if ltr else "rtl",
            "chromiumPen": round(u["chromeStart"], 4),
            "dPx": math.hypot(ours_left[0] - chrome_left[0], ours_left[1] - chrome_left[1]),
            "dDeg": angle_diff(g0["angle"], ch["r"]),
            "dAdvance": chrome_adv - (a + spacing),  # both count the spacing after the cluster
            "geometryPx": math.hypot(redo[0] - s[0], redo[1] - s[1]),
            "geometryDeg": angle_diff(pang, ch["r"]),
            "multiChar": i1 - i0 > 1,
            "spacing": spacing,
        })
    # What Chromium says about the characters inside multi-character clusters.
    inner = []
    for r in rows:
        if r["multiChar"]:
            for i in range(r["charIndex"][0] + 1, r["charIndex"][1]):
                ch = chrome["chars"][i]
                inner.append({"cluster": r["cluster"], "charIndex": i, "s": ch["s"], "e": ch["e"], "r": ch["r"]})
    # Chromium's getPointAtLength against ours at the same distances (the path measures alone).
    point_px = 0.0
    for d, x, y in chrome["samples"]:
        if d <= L:
            qx, qy, _ = measure_at(pathtext, case["path"], d)
            point_px = max(point_px, math.hypot(qx - x, qy - y))
    summary = {
        "name": case["name"], "compare": case.get("compare", "positions"),
        "compared": len(rows), "skipped": len(skipped),
        "maxPx": max((r["dPx"] for r in rows), default=0.0),
        "meanPx": sum(r["dPx"] for r in rows) / len(rows) if rows else 0.0,
        "maxDeg": max((r["dDeg"] for r in rows), default=0.0),
        "meanDeg": sum(r["dDeg"] for r in rows) / len(rows) if rows else 0.0,
        "minAdvance": min((r["dAdvance"] for r in rows), default=0.0),
        "maxAdvance": max((r["dAdvance"] for r in rows), default=0.0),
        "maxGeometryPx": max((r["geometryPx"] for r in rows), default=0.0),
        "maxGeometryDeg": max((r["geometryDeg"] for r in rows), default=0.0),
        "maxPointAtLengthPx": point_px,
        "pathLength": {"pathtext": L, "chromium": chrome["pathLength"]},
        "textLength": {"pathtext": label["advance"], "chromium": chrome["textLength"]},
        "rows": rows, "skippedClusters": skipped, "innerChars": inner,
    }
    return summary


def text_mode(args, chrome, pathtext):
    with open(args.cases, encoding="utf-8") as fh:
        cfg = json.load(fh)
    cases = cfg["cases"]
    if args.only:
        cases = [c for c in cases if c["name"] in args.only.split(",")]
    with tempfile.TemporaryDirectory(prefix="pathtext-browser-") as work:
        data = chromium_measure(chrome, cfg, cases, work)
    by_name = {c["name"]: c for c in data["cases"]}
    results = []
    for case in cases:
        label = pathtext_layout(pathtext, case)
        results.append(compare_case(case, label, by_name[case["name"]], pathtext))
    return {"chromium": chromium_version(chrome), "cases": results}


def text_table(report):
    lines = ["| case | clusters compared | max px | mean px | max deg | mean deg | Chromium advance − ours (px) | max px, max deg with Chromium's advances | getPointAtLength max px | L pathtext / Chromium | W pathtext / Chromium |",
             "|---|---:|---:|---:|---:|---:|---|---|---:|---|---|"]
    for r in report["cases"]:
        name = r["name"] + (" (recorded)" if r["compare"] == "record" else "")
        comp = "%d" % r["compared"] + (" (+%d skipped)" % r["skipped"] if r["skipped"] else "")
        lines.append("| %s | %s | %.4f | %.4f | %.4f | %.4f | %.4f … %.4f | %.4f, %.4f | %.4f | %.4f / %.4f | %.4f / %.4f |" % (
            name, comp, r["maxPx"], r["meanPx"], r["maxDeg"], r["meanDeg"], r["minAdvance"], r["maxAdvance"],
            r["maxGeometryPx"], r["maxGeometryDeg"], r["maxPointAtLengthPx"],
            r["pathLength"]["pathtext"], r["pathLength"]["chromium"],
            r["textLength"]["pathtext"], r["textLength"]["chromium"]))
    return "\n".join(lines)


def detail_lines(report):
    out = []
    for r in report["cases"]:
        out.append("%s:" % r["name"])
        for row in r["rows"]:
            out.append("  %-4s c=%-3d ours (%9.4f, %9.4f) %9.4f° a=%7.4f | chromium (%9.4f, %9.4f) %9.4f° a=%7.4f %s | d=%.4f px %.4f°"
                       % (repr(row["chars"]), row["cluster"], *row["ours"], *row["chromium"], row["chromiumOrder"],
                          row["dPx"], row["dDeg"]) + " | redo %.4f px %.4f°" % (row["geometryPx"], row["geometryDeg"]))
        for s in r["skippedClusters"]:
            out.append("  %-4s c=%-3d skipped: %s" % (repr(s["chars"]), s["cluster"], s["why"]))
        for s in r["innerChars"]:
            out.append("  inner char %d of cluster %d: chromium start %s end %s rotation %s" % (s["charIndex"], s["cluster"], s["s"], s["e"], s["r"]))
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------------
# SVG mode: a small PNG codec (8-bit, non-interlaced; gray, RGB, gray+alpha, RGBA; palette)

def png_decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s: not a PNG" % path)
    pos, idat, plte, trns = 8, [], None, None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            plte = body
        elif kind == b"tRNS":
            trns = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if depth != 8 or interlace != 0:
        raise ValueError("%s: only 8-bit non-interlaced PNGs are supported (depth %d, interlace %d)" % (path, depth, interlace))
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(b"".join(idat))
    stride = w * channels
    out = bytearray(h * stride)
    prev = bytearray(stride)
    p = 0
    for y in range(h):
        f = raw[p]
        line = bytearray(raw[p + 1:p + 1 + stride])
        p += 1 + stride
        bpp = channels
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                pr = a if (pa <= pb and pa <= pc) else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        elif f != 0:
            raise ValueError("%s: bad filter %d" % (path, f))
        out[y * stride:(y + 1) * stride] = line
        prev = line
    # To RGBA.
    rgba = bytearray(w * h * 4)
    if ctype == 6:
        rgba[:] = out
    elif ctype == 2:
        rgba[0::4], rgba[1::4], rgba[2::4] = out[0::3], out[1::3], out[2::3]
        rgba[3::4] = b"\xff" * (w * h)
    elif ctype == 0:
        rgba[0::4] = rgba[1::4] = rgba[2::4] = out
        rgba[3::4] = b"\xff" * (w * h)
    elif ctype == 4:
        rgba[0::4] = rgba[1::4] = rgba[2::4] = out[0::2]
        rgba[3::4] = out[1::2]
    elif ctype == 3:
        for i, k in enumerate(out):
            rgba[4 * i:4 * i + 3] = plte[3 * k:3 * k + 3]
            rgba[4 * i + 3] = trns[k] if trns and k < len(trns) else 255
    return w, h, rgba


def png_encode(path, w, h, rgba):
    def chunk(kind, body):
        c = struct.pack(">I", len(body)) + kind + body
        return c + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes(rgba[y * w * 4:(y + 1) * w * 4]) for y in range(h))
    with open(path, "wb") as fh:
        fh.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                 + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def compare_pixels(ours, theirs, diff_path=None):
    """Mean absolute difference per channel (R, G, B over white; A as is) and the share of pixels with
    any channel differing by more than 32/255."""
    w, h, a = ours
    w2, h2, b = theirs
    if (w, h) != (w2, h2):
        raise ValueError("sizes differ: %dx%d vs %dx%d" % (w, h, w2, h2))
    sums = [0, 0, 0, 0]
    over = 0
    diff = bytearray(w * h * 4) if diff_path else None
    for i in range(0, w * h * 4, 4):
        aa, ba = a[i + 3], b[i + 3]
        m = 0
        for k in range(3):
            ca = (a[i + k] * aa + 255 * (255 - aa)) // 255
            cb = (b[i + k] * ba + 255 * (255 - ba)) // 255
            d = abs(ca - cb)
            sums[k] += d
            m = max(m, d)
        d = abs(aa - ba)
        sums[3] += d
        m = max(m, d)
        if m > 32:
            over += 1
        if diff is not None:
            v = min(255, m * 4)
            diff[i:i + 4] = bytes((255, 255 - v, 255 - v, 255)) if m else b"\xff\xff\xff\xff"
    if diff is not None:
        png_encode(diff_path, w, h, diff)
    n = w * h
    return {"mean": [s / n for s in sums], "over32": over / n, "pixels": n}


def svg_mode(args, chrome, pathtext):
    if not args.out:
        with tempfile.TemporaryDirectory(prefix="pathtext-svg-") as out:
            report = svg_pictures(out, chrome, pathtext)
            report["dir"] = None
            return report
    os.makedirs(args.out, exist_ok=True)
    return svg_pictures(args.out, chrome, pathtext)


def svg_pictures(out, chrome, pathtext):
    for ext in ("svg", "png"):
        r = subprocess.run([pathtext, "demo", "--all", "--out", os.path.join(out, "demo." + ext)], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("compare-browser: pathtext demo failed: " + r.stderr.strip())
    results = []
    for name in sorted(f[:-4] for f in os.listdir(out) if f.endswith(".svg") and not f.endswith(".page.svg")):
        svg = os.path.join(out, name + ".svg")
        head = open(svg, encoding="utf-8").read(2000)
        w = int(float(re.search(r'<svg[^>]*\swidth="([\d.]+)"', head).group(1)))
        h = int(float(re.search(r'<svg[^>]*\sheight="([\d.]+)"', head).group(1)))
        page = os.path.join(out, name + ".html")
        with open(page, "w") as fh:
            fh.write('<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}'
                     'img{display:block}</style></head><body><img src="%s.svg" width="%d" height="%d"></body></html>' % (name, w, h))
        shot = os.path.join(out, name + ".chromium.png")
        if os.path.exists(shot):
            os.remove(shot)
        r = run_chromium(chrome, ["--screenshot=" + shot, "--window-size=%d,%d" % (w, h),
                                  "--default-background-color=00000000", "--virtual-time-budget=2000", file_url(page)])
        if not os.path.exists(shot):
            sys.exit("compare-browser: Chromium wrote no screenshot for %s\n%s" % (name, r.stderr[-2000:]))
        ours = png_decode(os.path.join(out, name + ".png"))
        theirs = png_decode(shot)
        res = compare_pixels(ours, theirs, os.path.join(out, name + ".diff.png"))
        res["name"] = name
        res["size"] = [w, h]
        results.append(res)
    return {"chromium": chromium_version(chrome), "dir": out, "pictures": results}


def svg_table(report):
    lines = ["| picture | size | mean abs Δ R | G | B | A (of 255) | pixels differing > 32/255 |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for r in report["pictures"]:
        m = r["mean"]
        lines.append("| %s | %dx%d | %.3f | %.3f | %.3f | %.3f | %.3f%% |" % (r["name"], r["size"][0], r["size"][1], m[0], m[1], m[2], m[3], 100 * r["over32"]))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--svg", action="store_true", help="compare the demo pictures' SVG in Chromium with our PNG")
    ap.add_argument("--cases", default=os.path.join(ROOT, "fixtures/browser/cases.json"))
    ap.add_argument("--only", help="comma-separated case names")
    ap.add_argument("--json", help="write the full report as JSON to this file (- for stdout)")
    ap.add_argument("--details", action="store_true", help="print every cluster")
    ap.add_argument("--out", help="--svg: folder for the pictures, screenshots and diff images")
    ap.add_argument("--pathtext", default=os.environ.get("PATHTEXT", os.path.join(ROOT, ".build/release/pathtext")))
    args = ap.parse_args()
    chrome = chromium_binary()
    if not chrome:
        sys.exit("compare-browser: chromium is not installed (apt-get install chromium)")
    if not os.access(args.pathtext, os.X_OK):
        sys.exit("compare-browser: no pathtext at %s (swift build -c release --product pathtext, or set PATHTEXT)" % args.pathtext)
    report = svg_mode(args, chrome, args.pathtext) if args.svg else text_mode(args, chrome, args.pathtext)
    if args.json == "-":
        print(json.dumps(report, indent=1))
        return
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=1)
    print(report["chromium"])
    print(svg_table(report) if args.svg else text_table(report))
    if args.details and not args.svg:
        print(detail_lines(report))
    if args.svg and report["dir"]:
        print("pictures, screenshots (*.chromium.png) and diff images (*.diff.png) in " + report["dir"])


if __name__ == "__main__":
    main()
