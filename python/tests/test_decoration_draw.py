"""A foreign renderer draws decorations too: the underline's band from the placements JSON alone (its outline
as path data, filled non-zero), the glyphs with FreeType, compared with PathText's own PNG."""
import re

from test_freetype_draw import HEIGHT, WIDTH, compare, decode_png, draw_with_freetype

LABEL = {"text": "Underlined by hand", "path": "M 20 170 C 120 20 300 20 420 150", "size": 34, "align": "center",
         "color": "#000000", "decoration": "underline"}


def polygons(d):
    """Path data of M/L/Z commands (what PathText writes for bands) to closed polygons."""
    out, current = [], None
    for command, numbers in re.findall(r"([MLZ])([^MLZ]*)", d):
        values = [float(v) for v in numbers.replace(",", " ").split()]
        if command == "M":
            current = [(values[0], values[1])]
            out.append(current)
            values = values[2:]
            command = "L"
        if command == "L":
            current.extend(zip(values[0::2], values[1::2]))
    assert all(len(p) >= 3 for p in out) and out, d[:80]
    return out


def fill_nonzero(ink, polys, samples=4):
    """Adds the polygons' coverage to `ink` (non-zero rule): `samples` scanlines per pixel row, exact
    horizontal coverage of each span."""
    edges = []
    for poly in polys:
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
            if y0 != y1:
                edges.append((x0, y0, x1, y1))
    for row in range(HEIGHT):
        cover = [0.0] * (WIDTH + 1)
        for k in range(samples):
            y = row + (k + 0.5) / samples
            crossings = []
            for x0, y0, x1, y1 in edges:
                if (y0 <= y < y1) or (y1 <= y < y0):
                    crossings.append((x0 + (y - y0) * (x1 - x0) / (y1 - y0), 1 if y1 > y0 else -1))
            crossings.sort()
            winding = 0
            for (xa, wa), (xb, _) in zip(crossings, crossings[1:] + [(None, 0)]):
                winding += wa
                if winding == 0 or xb is None:
                    continue
                a, b = max(xa, 0.0), min(xb, float(WIDTH))
                x = int(a)
                while x < b and x < WIDTH:
                    cover[x] += (min(b, x + 1) - max(a, x)) / samples
                    x += 1
        line = ink[row]
        for x in range(WIDTH):
            c = min(cover[x], 1.0)
            if c > 0:
                line[x] = 1 - (1 - line[x]) * (1 - c)
    return ink


def test_the_underline_drawn_from_the_json_alone_matches_pathtext(engine):
    png = engine.render({"width": WIDTH, "height": HEIGHT, "background": "#ffffff", "labels": [LABEL]})
    width, height, rows = decode_png(png)
    assert (width, height) == (WIDTH, HEIGHT)
    ours = [[(255 - row[4 * x]) / 255 for x in range(WIDTH)] for row in rows]

    placements = engine.layout(**LABEL)
    bands = placements["labels"][0]["decorations"]
    assert [b["kind"] for b in bands] == ["underline"] and bands[0]["color"] == "#000000"
    glyphs_only = draw_with_freetype(placements)
    mean_glyphs_only, _, cov_glyphs_only = compare(ours, glyphs_only)
    theirs = fill_nonzero(draw_with_freetype(placements), polygons(bands[0]["d"]))
    mean, cov_ours, cov_theirs = compare(ours, theirs)
    print("with the band: mean %.2f of 255, coverage %d vs %d px; glyphs only: mean %.2f, %d px"
          % (mean, cov_ours, cov_theirs, mean_glyphs_only, cov_glyphs_only))
    assert abs(cov_ours - cov_theirs) / cov_ours < 0.01
    assert mean < 4
    # The band is a real part of the picture: leaving it out is caught.
    assert (cov_ours - cov_glyphs_only) / cov_ours > 0.08 and mean_glyphs_only > 2 * mean
