"""`pathtext serve --tiles DIR` in a real browser: the /map page (Leaflet from Debian's libjs-leaflet) shows the
tiles, pans across a metatile edge, and the label that crosses that edge is whole on screen.

Run by scripts/test-browser with Debian's /usr/bin/python3 (chromium, chromium-driver, python3-selenium,
libjs-leaflet: scripts/install-deps --test). PATHTEXT_BIN names the binary; MAP_SCREENSHOT, when set, is where
the screenshot is saved (gallery/leaflet-tiles.png comes from here).

The tiles come from `make_tiles`, the one function that knows how they are made: `pathtext tiles` when the
binary has that command, else one `pathtext place` of the whole map cut into 256-px tiles here (every tile then
shows the same labels by construction). Everything else reads only the folder: DIR/z/x/y.png and the
placements JSON of DIR/z/x/y.json (`labels[].glyphs[].x, y` in tile pixels, `placed[].text`).
"""
import json
import math
import os
import struct
import subprocess
import tempfile
import time
import urllib.request
import zlib

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

from serving import BINARY, serving


ZOOM = 16
TILE = 256
METATILE = 4          # tiles per metatile side (`pathtext tiles --metatile` default); the edge below is a metatile edge
EDGE_X = 37308        # the metatile edge: between tile columns EDGE_X - 1 and EDGE_X (central Helsinki)
ROW = 18969           # the row the long street runs along
COLUMNS = range(EDGE_X - 3, EDGE_X + 3)
ROWS = range(ROW - 1, ROW + 2)
WINDOW = (768, 640)
assert EDGE_X % METATILE == 0

# Hand-made roads in zoom-16 map pixels (written to the GeoJSON in WGS 84): a long street across the edge,
# streets crossing it, a diagonal one.
X0, Y0 = EDGE_X * TILE, ROW * TILE
ROADS = [
    ("Pohjoisesplanadi", "primary", [(X0 - 140, Y0 + 120), (X0 - 40, Y0 + 121), (X0 + 60, Y0 + 121), (X0 + 140, Y0 + 120)]),
    ("Unioninkatu", "secondary", [(X0 - 420, Y0 - 200), (X0 - 420, Y0 + 420)]),
    ("Kasarmikatu", "tertiary", [(X0 + 440, Y0 - 220), (X0 + 440, Y0 + 400)]),
    ("Eteläranta", "residential", [(X0 - 600, Y0 + 420), (X0 - 200, Y0 + 300), (X0 + 250, Y0 + 330)]),
    ("Aleksanterinkatu", "secondary", [(X0 - 650, Y0 - 60), (X0 + 650, Y0 - 40)]),
]


def unproject(x, y, z=ZOOM):
    n = TILE * 2 ** z
    return x / n * 360 - 180, math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / n))))


def project(lon, lat, z=ZOOM):
    n = TILE * 2 ** z
    s = math.sin(math.radians(lat))
    return (lon + 180) / 360 * n, (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)) * n


def geojson():
    return {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": name, "highway": cls},
         "geometry": {"type": "LineString", "coordinates": [list(unproject(x, y)) for x, y in pts]}}
        for name, cls, pts in ROADS]}


# ---- PNG, enough for pathtext's and Chromium's 8-bit RGB/RGBA images (no Pillow in Debian's python3 here)

def png_read(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, (path, depth, colour, interlace)
            bpp = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for r in range(height):
        f, line = raw[r * (stride + 1)], bytearray(raw[r * (stride + 1) + 1:(r + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:
            for i in range(stride):
                line[i] = (line[i] + ((line[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 255
        elif f == 4:
            for i in range(stride):
                a, b, c = (line[i - bpp] if i >= bpp else 0), prev[i], (prev[i - bpp] if i >= bpp else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    # As RGB rows.
    if bpp == 4:
        rows = [bytearray(b for i in range(0, stride, 4) for b in row[i:i + 3]) for row in rows]
    return width, height, rows


def png_write(path, width, height, rgb_rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes(r) for r in rgb_rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


# ---- the tiles

def has_tiles_command():
    return subprocess.run([BINARY, "tiles", "--help"], capture_output=True).returncode == 0


def make_tiles(folder):
    """Writes the zoom-16 tiles of COLUMNS × ROWS of the hand-made roads to folder/16/x/y.png and .json."""
    roads = os.path.join(folder, "roads.geojson")
    with open(roads, "w", encoding="utf-8") as f:
        json.dump(geojson(), f, ensure_ascii=False)
    out = os.path.join(folder, "tiles")
    if has_tiles_command():
        subprocess.run([BINARY, "tiles", roads, "--zooms", f"{ZOOM}-{ZOOM}", "--out", out], check=True)
        return out
    # Without `pathtext tiles`: one placement of the whole area, cut into tiles.
    left, top = COLUMNS[0] * TILE, ROWS[0] * TILE
    width, height = len(COLUMNS) * TILE, len(ROWS) * TILE
    labels, shapes = [], []
    for feature in geojson()["features"]:
        pts = [project(lon, lat) for lon, lat in feature["geometry"]["coordinates"]]
        d = "M " + " L ".join(f"{x - left:.3f} {y - top:.3f}" for x, y in pts)
        labels.append({"text": feature["properties"]["name"], "path": d, "priority": 9 if feature["properties"]["highway"] == "primary" else 7})
        shapes.append({"type": "path", "d": d, "stroke": "#c8c0b4", "strokeWidth": 9})
        shapes.append({"type": "path", "d": d, "stroke": "#ffffff", "strokeWidth": 7})
    request = {"width": width, "height": height, "background": "#efece6", "shapes": shapes,
               "labelDefaults": {"size": 13, "color": "#2b2b2b", "haloWidth": 1.5, "haloColor": "#ffffff",
                                 "maxAngle": 30, "baseline": "middle"},
               "labels": labels}
    place, whole, placed = (os.path.join(folder, n) for n in ("place.json", "whole.png", "placed.json"))
    with open(place, "w", encoding="utf-8") as f:
        json.dump(request, f, ensure_ascii=False)
    subprocess.run([BINARY, "place", place, "--out", whole, "--json", placed], check=True)
    _, _, rows = png_read(whole)
    result = json.load(open(placed, encoding="utf-8"))
    for i, x in enumerate(COLUMNS):
        os.makedirs(os.path.join(out, str(ZOOM), str(x)), exist_ok=True)
        for j, y in enumerate(ROWS):
            tile_rows = [row[i * TILE * 3:(i + 1) * TILE * 3] for row in rows[j * TILE:(j + 1) * TILE]]
            png_write(os.path.join(out, str(ZOOM), str(x), f"{y}.png"), TILE, TILE, tile_rows)
            keep = [k for k, label in enumerate(result["labels"])
                    if any(i * TILE - 20 <= g["x"] <= (i + 1) * TILE + 20 and j * TILE - 20 <= g["y"] <= (j + 1) * TILE + 20
                           for g in label["glyphs"])]
            moved = []
            for k in keep:
                label = json.loads(json.dumps(result["labels"][k]))
                for g in label["glyphs"]:
                    g["x"] -= i * TILE
                    g["y"] -= j * TILE
                moved.append(label)
            with open(os.path.join(out, str(ZOOM), str(x), f"{y}.json"), "w", encoding="utf-8") as f:
                json.dump({"labels": moved, "placed": [result["placed"][k] for k in keep]}, f, ensure_ascii=False)
    return out


def tile_labels(folder, x, y):
    """The labels of tile (ZOOM, x, y) as {text: [(X, Y) glyph origins in map pixels]}."""
    doc = json.load(open(os.path.join(folder, str(ZOOM), str(x), f"{y}.json"), encoding="utf-8"))
    return {p["text"]: [(g["x"] + x * TILE, g["y"] + y * TILE) for g in label["glyphs"]]
            for label, p in zip(doc["labels"], doc["placed"])}


# ---- the server and the browser

@pytest.fixture(scope="module")
def tiles():
    with tempfile.TemporaryDirectory() as folder:
        yield make_tiles(folder)


@pytest.fixture(scope="module")
def server(tiles):
    with serving(["--tiles", tiles], "/map") as base:
        yield base


@pytest.fixture(scope="module")
def browser(server):
    options = webdriver.ChromeOptions()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                f"--window-size={WINDOW[0]},{WINDOW[1]}", "--disable-dev-shm-usage"]:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    yield driver
    driver.quit()


def wait_tiles(driver):
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return window.tiles && !window.tiles.isLoading() && document.querySelectorAll('img.leaflet-tile-loaded').length > 0;"))
    time.sleep(0.3)


def test_leaflet_is_served_locally(server):
    page = urllib.request.urlopen(server + "/map").read().decode()
    assert '<script src="/leaflet/leaflet.js">' in page
    js = urllib.request.urlopen(server + "/leaflet/leaflet.js").read()
    assert js == open("/usr/share/javascript/leaflet/leaflet.js", "rb").read()


def test_a_label_across_the_metatile_edge_is_whole_after_panning(browser, server, tiles):
    # The label across the edge is in both tiles' JSON, at the same map positions.
    left, right = tile_labels(tiles, EDGE_X - 1, ROW), tile_labels(tiles, EDGE_X, ROW)
    across = [t for t in left if t in right and min(x for x, _ in left[t]) < X0 < max(x for x, _ in left[t])]
    assert across, f"no label crosses the edge x = {X0}: left {sorted(left)}, right {sorted(right)}"
    text = across[0]
    assert all(abs(a - c) < 1e-6 and abs(b - d) < 1e-6 for (a, b), (c, d) in zip(left[text], right[text]))
    assert len(left[text]) == len(right[text])

    # Start with the edge at the window's right border, then pan it to the middle.
    browser.get(f"{server}/map?z={ZOOM}&x={EDGE_X - WINDOW[0] / 2 / TILE}&y={ROW + 0.5}")
    wait_tiles(browser)
    edge_before = browser.execute_script(f"return map.latLngToContainerPoint(L.latLng({unproject(X0, Y0)[1]}, {unproject(X0, Y0)[0]})).x;")
    assert abs(edge_before - WINDOW[0] / 2) < 1 or abs(edge_before - WINDOW[0]) < 2 or edge_before >= WINDOW[0] / 2
    browser.execute_script(f"map.panBy([{WINDOW[0] // 3}, 0], {{animate: false}});")
    wait_tiles(browser)
    ex, ey = browser.execute_script(
        f"const p = map.latLngToContainerPoint(L.latLng({unproject(X0, Y0)[1]}, {unproject(X0, Y0)[0]})); return [p.x, p.y];")
    assert 0 < ex < WINDOW[0] and ex < edge_before - WINDOW[0] // 3 + 2, (edge_before, ex)
    ex, ey = round(ex), round(ey)
    # Both tiles on each side of the edge are on screen.
    shown = browser.execute_script("return Array.from(document.querySelectorAll('img.leaflet-tile-loaded')).map(i => i.src);")
    assert any(s.endswith(f"/{ZOOM}/{EDGE_X - 1}/{ROW}.png") for s in shown) and any(s.endswith(f"/{ZOOM}/{EDGE_X}/{ROW}.png") for s in shown)

    shot = os.path.join(tempfile.gettempdir(), f"pathtext-map-{os.getpid()}.png")
    browser.save_screenshot(shot)
    sw, sh, screen = png_read(shot)
    # The label's box on screen, from its glyphs (map pixels) and the edge's screen position.
    gx = [x for x, _ in left[text]]
    gy = [y for _, y in left[text]]
    box = (int(min(gx) - X0 + ex) - 4, int(min(gy) - Y0 + ey) - 14, int(max(gx) - X0 + ex) + 16, int(max(gy) - Y0 + ey) + 14)
    assert 0 <= box[0] and box[2] < sw and 0 <= box[1] and box[3] < sh, (box, sw, sh)
    assert box[0] < ex < box[2], "the label's box spans the edge on screen"
    # The screen shows exactly the two tiles' pixels there: nothing cut, shifted or doubled at the edge.
    pictures = {x: png_read(os.path.join(tiles, str(ZOOM), str(x), f"{ROW}.png"))[2] for x in (EDGE_X - 1, EDGE_X)}
    worst, ink = 0, {"left": 0, "right": 0}
    for sy in range(box[1], box[3]):
        for sx in range(box[0], box[2]):
            mx, my = sx - ex + X0, sy - ey + Y0       # map pixel
            tx, ty = mx // TILE, my // TILE
            if ty != ROW or tx not in pictures:
                continue
            px, py = mx - tx * TILE, my - ty * TILE
            want = pictures[tx][py][px * 3:px * 3 + 3]
            got = screen[sy][sx * 3:sx * 3 + 3]
            worst = max(worst, max(abs(a - b) for a, b in zip(want, got)))
            if sum(got) < 3 * 100:
                ink["left" if mx < X0 else "right"] += 1
    assert worst <= 2, f"the screenshot differs from the tiles by {worst} around {text!r}"
    assert ink["left"] > 20 and ink["right"] > 20, f"{text!r} should have ink on both sides of the edge: {ink}"
    os.remove(shot)
    if os.environ.get("MAP_SCREENSHOT"):
        # The gallery's picture: the same view with the metatile edge drawn dashed over it.
        a, b = unproject(X0, Y0 - 2 * TILE), unproject(X0, Y0 + 3 * TILE)
        browser.execute_script(f"L.polyline([[{a[1]}, {a[0]}], [{b[1]}, {b[0]}]], {{color: '#d03030', weight: 1.5, dashArray: '6 5'}}).addTo(map);")
        time.sleep(0.3)
        browser.save_screenshot(os.environ["MAP_SCREENSHOT"])


def test_no_console_errors(browser):
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
