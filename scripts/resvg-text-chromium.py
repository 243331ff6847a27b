#!/usr/bin/python3
"""Renders every SVG of fixtures/resvg-text/tests/ in headless Chromium, the suite's second reference.

Each NAME.svg becomes NAME.chromium.png beside resvg's NAME.png: the document in a W x W <iframe> (W the
width resvg's harness renders at, defaults.json) on a white page, screenshotted at device scale factor 2 and
averaged down by area (2 x 2 blocks), so that Fontconfig's hinting cannot move Chromium's glyphs by whole
pixels. Chromium runs under the suite's fonts.conf (only its fonts) with resvg's defaults as its font
preferences (defaults.json: the initial font size; the standard family). Needs Debian's chromium,
chromium-driver and python3-selenium (scripts/install-deps --test); run through `make resvg-text-chromium`.

    scripts/resvg-text-chromium.py [--only SUBSTRING] [--check]

--check renders into a temporary folder and reports how many pictures differ from the stored ones (by more
than 2/255 on some pixel), without writing.
"""
import argparse
import json
import os
import struct
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SUITE = os.path.join(ROOT, "fixtures", "resvg-text")
sys.path.insert(0, HERE)
import compare_browser as cb  # noqa: E402  (PNG decoding)


def png_write(path, w, h, rgb):
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        raw += rgb[3 * w * y:3 * w * (y + 1)]
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def downsample(w, h, px, k):
    """Averages k x k blocks of straight RGBA (composited on white) to RGB."""
    ow, oh = w // k, h // k
    out = bytearray(3 * ow * oh)
    for y in range(oh):
        for x in range(ow):
            acc = [0, 0, 0]
            for dy in range(k):
                row = (y * k + dy) * w
                for dx in range(k):
                    i = 4 * (row + x * k + dx)
                    a = px[i + 3]
                    for c in range(3):
                        acc[c] += (px[i + c] * a + 255 * (255 - a)) / 255
            o = 3 * (y * ow + x)
            for c in range(3):
                out[o + c] = int(acc[c] / (k * k) + 0.5)
    return ow, oh, out


def tests(only):
    base = os.path.join(SUITE, "tests")
    for folder in sorted(os.listdir(base)):
        for name in sorted(os.listdir(os.path.join(base, folder))):
            if name.endswith(".svg") and (not only or only in folder + "/" + name):
                yield os.path.join(base, folder, name)


# Chromium on Linux applies font-variation-settings to a web font but not to the same variable font found
# through Fontconfig (checked with headless Chromium 156 on Roboto Flex: `wght 100` draws the default
# instance from Fontconfig, the thin one from @font-face). In these folders the document is given its
# variable fonts as @font-face rules, so that the reference shows what a browser user sees with them.
WEB_FONTS = {"font-variation-settings": {"Roboto Flex": "RobotoFlex.subset.ttf"}}


def with_web_fonts(svg, work):
    """The document to load: `svg` itself, or a copy of it with @font-face rules for its folder's WEB_FONTS."""
    fonts = WEB_FONTS.get(os.path.basename(os.path.dirname(svg)))
    if not fonts:
        return svg
    rules = "".join('@font-face{font-family:"%s";src:url("%s")}' % (family, cb.file_url(os.path.join(SUITE, "fonts", name)))
                    for family, name in fonts.items())
    text = open(svg, encoding="utf-8").read()
    import re
    m = re.search(r"<svg\b[^>]*>", text)
    copy = os.path.join(work, "web-fonts.svg")
    with open(copy, "w", encoding="utf-8") as f:
        f.write(text[:m.end()] + "<style>" + rules + "</style>" + text[m.end():])
    return copy


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    defaults = json.load(open(os.path.join(SUITE, "defaults.json")))
    width, size = defaults["width"], defaults["fontSize"]
    os.environ["FONTCONFIG_FILE"] = os.path.join(SUITE, "fonts.conf")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    o = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=2",
              "--allow-file-access-from-files", "--window-size=%d,%d" % (width, width), "--font-render-hinting=none"]:
        o.add_argument(a)
    serif = "Noto Serif"
    o.add_experimental_option("prefs", {
        "webkit.webprefs.default_font_size": size,
        "webkit.webprefs.fonts.standard": {"Zyyy": serif},
        "webkit.webprefs.fonts.serif": {"Zyyy": serif},
        "webkit.webprefs.fonts.sansserif": {"Zyyy": "Noto Sans"},
        "webkit.webprefs.fonts.fixed": {"Zyyy": "Noto Mono"},
        "webkit.webprefs.fonts.cursive": {"Zyyy": "Yellowtail"},
        "webkit.webprefs.fonts.fantasy": {"Zyyy": "Sedgwick Ave Display"},
    })
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
    changed = 0
    try:
        driver.set_window_size(width, width)
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        driver.set_window_size(2 * width - inner[0], 2 * width - inner[1])  # the viewport W x W CSS pixels
        with tempfile.TemporaryDirectory(prefix="resvg-text-chromium-") as work:
            page = os.path.join(work, "page.html")
            for svg in tests(args.only):
                with open(page, "w") as f:
                    f.write('<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0;background:#fff;overflow:hidden}'
                            'iframe{display:block;border:0;width:%dpx;height:%dpx}</style></head><body>'
                            '<iframe src="%s"></iframe></body></html>' % (width, width, cb.file_url(with_web_fonts(svg, work))))
                driver.get(cb.file_url(page))
                driver.execute_script("return document.fonts.ready")
                shot = os.path.join(work, "shot.png")
                with open(shot, "wb") as f:
                    f.write(driver.get_screenshot_as_png())
                w, h, px = cb.png_decode(shot)
                if (w, h) != (2 * width, 2 * width):
                    sys.exit("resvg-text-chromium: %s: the screenshot is %dx%d, not %dx%d" % (svg, w, h, 2 * width, 2 * width))
                ow, oh, rgb = downsample(w, h, px, 2)
                out = svg[:-4] + ".chromium.png"
                if args.check:
                    if not os.path.exists(out):
                        changed += 1
                        continue
                    sw, sh, old = cb.png_decode(out)
                    if (sw, sh) != (ow, oh) or any(abs(old[4 * i + c] - rgb[3 * i + c]) > 2 for i in range(ow * oh) for c in range(3)):
                        changed += 1
                        print("differs:", os.path.relpath(svg, SUITE))
                else:
                    png_write(out, ow, oh, rgb)
                    print(os.path.relpath(out, SUITE), flush=True)
    finally:
        driver.quit()
    if args.check:
        print("%d pictures differ from the stored ones" % changed)


if __name__ == "__main__":
    main()
