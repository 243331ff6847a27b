"""A foreign renderer: draw the placements with freetype-py alone (each font opened by the path in the
placements, each glyph through its transform) and compare with PathText's own PNG."""
import struct
import zlib

import freetype
import pytest

SCENE_LABEL = {"runs": [{"text": "Drawn by FreeType "}, {"text": "שלום", "color": "#000000"}],
               "path": "M 20 170 C 120 20 300 20 420 150", "size": 34, "align": "center", "color": "#000000"}
WIDTH, HEIGHT = 440, 200


def decode_png(data):
    """8-bit RGBA, non-interlaced PNG to a list of rows of (r, g, b, a)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert (depth, color) == (8, 6)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b = prev[i]
            c = prev[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows


def draw_with_freetype(placements, rotate=True):
    """Ink coverage 0..1 per pixel, drawn by FreeType from the placements alone."""
    ink = [[0.0] * WIDTH for _ in range(HEIGHT)]
    faces = {}
    for label in placements["labels"]:
        for g in label["glyphs"]:
            font = placements["fonts"][g["fontIndex"]]
            face = faces.get(g["fontIndex"])
            if face is None:
                face = faces[g["fontIndex"]] = freetype.Face(font["path"], font["faceIndex"])
            face.set_char_size(int(round(g["size"] * 64)))
            a, b, c, d, e, f = g["transform"] if rotate else [1, 0, 0, 1, g["x"], g["y"]]
            # The transform maps y-down glyph pixels to the y-down canvas; FreeType works y up.
            matrix = freetype.FT_Matrix(int(round(a * 65536)), int(round(-c * 65536)),
                                        int(round(-b * 65536)), int(round(d * 65536)))
            face.set_transform(matrix, freetype.FT_Vector(int(round(e * 64)), int(round(-f * 64))))
            face.load_glyph(g["glyph"], freetype.FT_LOAD_NO_HINTING | freetype.FT_LOAD_NO_BITMAP | freetype.FT_LOAD_RENDER)
            bitmap, left, top = face.glyph.bitmap, face.glyph.bitmap_left, face.glyph.bitmap_top
            buffer, pitch = bitmap.buffer, bitmap.pitch
            for r in range(bitmap.rows):
                y = r - top
                if not 0 <= y < HEIGHT:
                    continue
                row = ink[y]
                for col in range(bitmap.width):
                    x = left + col
                    v = buffer[r * pitch + col]
                    if v and 0 <= x < WIDTH:
                        row[x] = 1 - (1 - row[x]) * (1 - v / 255)
    return ink


def compare(ours, theirs):
    """Mean absolute difference (of 255) over the pixels either inks, and the ink coverage of each."""
    diff, count, cov_ours, cov_theirs = 0.0, 0, 0, 0
    for y in range(HEIGHT):
        for x in range(WIDTH):
            p, q = ours[y][x], theirs[y][x]
            if p > 0 or q > 0:
                diff += abs(p - q) * 255
                count += 1
            cov_ours += p > 0.5
            cov_theirs += q > 0.5
    return diff / max(count, 1), cov_ours, cov_theirs


def test_freetype_draws_what_pathtext_draws(engine):
    png = engine.render({"width": WIDTH, "height": HEIGHT, "background": "#ffffff", "labels": [SCENE_LABEL]})
    width, height, rows = decode_png(png)
    assert (width, height) == (WIDTH, HEIGHT)
    ours = [[(255 - row[4 * x]) / 255 for x in range(WIDTH)] for row in rows]  # black ink on white

    placements = engine.layout(**SCENE_LABEL)
    assert len(placements["fonts"]) == 2  # Latin and Hebrew, each opened by its path
    theirs = draw_with_freetype(placements)

    mean, cov_ours, cov_theirs = compare(ours, theirs)
    print("mean difference over inked pixels: %.2f of 255; coverage %d vs %d px" % (mean, cov_ours, cov_theirs))
    assert cov_ours > 1500
    assert abs(cov_ours - cov_theirs) / cov_ours < 0.01  # measured: identical (2630 px)
    assert mean < 4  # measured: 0.85 of 255, anti-aliasing at the edges

    # Ignoring the rotation in the transform is caught by the same metrics.
    wrong_mean, _, wrong_cov = compare(ours, draw_with_freetype(placements, rotate=False))
    assert wrong_mean > 3 * mean and wrong_mean > 40
